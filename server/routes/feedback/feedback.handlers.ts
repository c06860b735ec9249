/**
 * Handlers of the help form and the newsletter (spec §3 Feedback message, §5 Help form, §7
 * send_message, Subscription). Bad input answers 400 with a Russian message.
 */
import type { Context } from 'hono';
import { eq, sql } from 'drizzle-orm';
import { HELP_FORM_SUCCESS, SendMessageBody, SubscriptionQuery } from '@/lib/api/contract/feedback';
import { feedbackMessages, subscriptions } from '../../db/schema';
import { ApiHttpError, parseOr400, readJson } from '../../http';
import type { AppEnv } from '../../types';

type Ctx = Context<AppEnv>;

/** POST /v1/send_message/ {messageFeedback: {message, contactData}}: stores the message. */
export async function sendMessage(c: Ctx) {
  const { messageFeedback } = parseOr400(SendMessageBody, await readJson(c), 'Сообщение не отправлено');
  await c.var.db.insert(feedbackMessages).values({ contactData: messageFeedback.contactData, message: messageFeedback.message });
  return c.json({ status: 'success' as const, message: HELP_FORM_SUCCESS });
}

/** GET /v1/subscribe/?email=: subscribes (again) an e-mail; repeating is not an error. */
export async function subscribe(c: Ctx) {
  const { email } = parseOr400(SubscriptionQuery, c.req.query(), 'Не удалось подписаться');
  const [row] = await c.var.db
    .insert(subscriptions)
    .values({ email })
    .onConflictDoUpdate({ target: subscriptions.email, set: { active: true, updatedAt: sql`now()` } })
    .returning({ createdAt: subscriptions.createdAt, updatedAt: subscriptions.updatedAt });
  const fresh = row && row.createdAt.getTime() === row.updatedAt.getTime();
  return c.json({
    status: 'success' as const,
    message: fresh ? 'Вы подписались на рассылку. Спасибо!' : 'Вы уже подписаны на рассылку',
  });
}

/** GET /v1/unsubscribe/?email=: deactivates a subscription. 404 for an unknown e-mail. */
export async function unsubscribe(c: Ctx) {
  const { email } = parseOr400(SubscriptionQuery, c.req.query(), 'Не удалось отписаться');
  const rows = await c.var.db
    .update(subscriptions)
    .set({ active: false, updatedAt: sql`now()` })
    .where(eq(subscriptions.email, email))
    .returning({ id: subscriptions.id });
  if (rows.length === 0) throw new ApiHttpError(404, 'Этот адрес не подписан на рассылку');
  return c.json({ status: 'success' as const, message: 'Вы отписались от рассылки' });
}
