/**
 * Handlers of the help form and the newsletter (spec §3 Feedback message, §5 Help form, §7
 * send_message, Subscription; issue #12 item 7: per-client rate limits, and the newsletter changes
 * state only by POST, with double opt-in by mail — see server/services/newsletter.ts). Bad input
 * answers 400 with a Russian message; a client over its limit gets 429 with `Retry-After`.
 */
import { HELP_FORM_SUCCESS, SendMessageBody } from '@/lib/api/contract/feedback';
import { SubscribeBody, SubscriptionTokenBody } from '@/lib/api/contract/newsletter';
import { NEWSLETTER_MESSAGES } from '@/lib/messages/newsletter';
import { parseOr400, readJson } from '../../http';
import { bearerToken, userByToken } from '../../services/auth';
import { consentEvidence } from '../../services/consent';
import { saveFeedbackMessage } from '../../services/feedback';
import { confirmSubscription, requestSubscription, unsubscribeByToken } from '../../services/newsletter';
import { limitPerClient, takeFromKey } from '../../services/rate-limit';
import type * as r from './feedback.routes';
import type { AppEnv } from '../../types';
import type { RouteConfig, RouteHandler } from '@hono/zod-openapi';

type Handler<R extends RouteConfig> = RouteHandler<R, AppEnv>;

/**
 * POST /v1/send_message/ {messageFeedback: {message, contactData}, personal_data_consent: true}:
 * stores the message and its consent (issue #29: without the box 400). 10 per client per hour.
 */
export const sendMessage: Handler<typeof r.sendMessage> = async (c) => {
  await limitPerClient(c, 'sendMessage');
  const { messageFeedback } = parseOr400(SendMessageBody, await readJson(c), 'Сообщение не отправлено');
  const token = bearerToken(c);
  const user = token ? await userByToken(c.var.db, token) : null;
  await saveFeedbackMessage(c.var.db, messageFeedback, { userId: user?.id ?? null, evidence: consentEvidence(c) });
  return c.json({ status: 'success' as const, message: HELP_FORM_SUCCESS }, 200);
};

/**
 * POST /v1/subscribe/ {email, personal_data_consent: true}: records the consents (issue #29: the
 * personal data box and the subscription as the advertising consent), mails a confirmation link;
 * the address is subscribed only when its
 * owner confirms (POST /v1/subscribe/confirm/). The answer is {@link NEWSLETTER_MESSAGES.requested}
 * whether the address is new, pending or already subscribed. Limits: 10 requests per client per
 * hour (429), 3 mails per address per day (past it the same answer, no mail).
 * @throws ApiHttpError 400 invalid e-mail, 429 over the client limit, 503 mail not sent.
 */
export const subscribe: Handler<typeof r.subscribe> = async (c) => {
  await limitPerClient(c, 'subscribe');
  const { email } = parseOr400(SubscribeBody, await readJson(c), NEWSLETTER_MESSAGES.subscribeFailed);
  await requestSubscription(c.var.db, email, await takeFromKey(c, 'subscribeEmail', email), consentEvidence(c));
  return c.json({ status: 'success' as const, message: NEWSLETTER_MESSAGES.requested }, 200);
};

/**
 * POST /v1/subscribe/confirm/ {token}: confirms the subscription of a mailed link (single use, 48 h).
 * @throws ApiHttpError 400 unknown, used or expired token; 429 over 20 link posts per client in 15 minutes.
 */
export const confirm: Handler<typeof r.confirm> = async (c) => {
  await limitPerClient(c, 'subscriptionLink');
  const { token } = parseOr400(SubscriptionTokenBody, await readJson(c), NEWSLETTER_MESSAGES.confirmFailed);
  await confirmSubscription(c.var.db, token);
  return c.json({ status: 'success' as const, message: NEWSLETTER_MESSAGES.confirmed }, 200);
};

/**
 * POST /v1/unsubscribe/ {token}: unsubscribes by the per-subscriber token of the link in every
 * newsletter mail; repeating it answers the same. A logged-in shopper can also untick the profile
 * checkbox (PUT /v1/changeinfo/ {subscribed}).
 * @throws ApiHttpError 400 unknown token; 429 over 20 link posts per client in 15 minutes.
 */
export const unsubscribe: Handler<typeof r.unsubscribe> = async (c) => {
  await limitPerClient(c, 'subscriptionLink');
  const { token } = parseOr400(SubscriptionTokenBody, await readJson(c), NEWSLETTER_MESSAGES.unsubscribeFailed);
  await unsubscribeByToken(c.var.db, token);
  return c.json({ status: 'success' as const, message: NEWSLETTER_MESSAGES.unsubscribed }, 200);
};

/**
 * GET (and HEAD) /v1/subscribe/ and /v1/unsubscribe/, spec §7's old form with `?email=`: changes
 * nothing (a link preview, a prefetch or a stranger's URL must not subscribe or unsubscribe
 * anyone), answers 405 with `Allow: POST` and a Russian message.
 */
export const postOnly: Handler<typeof r.subscribeGet> = (c) => {
  c.header('Allow', 'POST');
  return c.json({ status: 'error' as const, message: NEWSLETTER_MESSAGES.postOnly }, 405);
};
