/**
 * Browser calls of the newsletter with double opt-in (spec §7 Subscription as changed by issue
 * #12 item 7) through the same-origin BFF: POST /v1/subscribe/ {email}, /v1/subscribe/confirm/
 * {token}, /v1/unsubscribe/ {token}. Each resolves to the API's Russian message.
 *
 * The footer form runs on every page, so answers are checked without zod (issue #7 JS budget).
 */
import { bffRequest, type AnswerParser } from '@/lib/api/bff-client';
import { NEWSLETTER_MESSAGES } from '@/lib/messages/newsletter';

type Success = { status: 'success'; message: string };

/** `SuccessMessage` of lib/api/contract/feedback.ts in the `safeParse` shape, without zod. */
const successMessage: AnswerParser<Success> = {
  safeParse(payload) {
    const p = payload as Partial<Success> | null;
    return p && p.status === 'success' && typeof p.message === 'string'
      ? { success: true, data: { status: 'success', message: p.message } }
      : { success: false };
  },
};

/**
 * Asks for a subscription with the personal data consent the form's box gave (issue #29): the API
 * records the consents and mails a confirmation link to `email`.
 * @returns the Russian answer ("Проверьте почту: …"), the same for every address.
 * @throws BffRequestError with the API's Russian message (400 invalid address, 429 too many requests).
 */
export async function requestSubscription(email: string): Promise<string> {
  return (
    await bffRequest(
      'POST',
      '/v1/subscribe/',
      successMessage,
      // Issue #29: sent only after the form's consent box was ticked.
      { email, personal_data_consent: true },
      { fallbackMessage: NEWSLETTER_MESSAGES.subscribeFailed },
    )
  ).message;
}

/**
 * Confirms the subscription of the token from `/subscribe/confirm/<token>`.
 * @returns "Подписка подтверждена".
 * @throws BffRequestError 400 when the link is used or expired, 429 when rate-limited.
 */
export async function confirmSubscription(token: string): Promise<string> {
  return (
    await bffRequest(
      'POST',
      '/v1/subscribe/confirm/',
      successMessage,
      { token },
      { fallbackMessage: NEWSLETTER_MESSAGES.confirmFailed },
    )
  ).message;
}

/**
 * Unsubscribes by the token from `/unsubscribe/<token>`.
 * @returns "Вы отписались от рассылки".
 * @throws BffRequestError 400 for an unknown token, 429 when rate-limited.
 */
export async function unsubscribe(token: string): Promise<string> {
  return (
    await bffRequest(
      'POST',
      '/v1/unsubscribe/',
      successMessage,
      { token },
      { fallbackMessage: NEWSLETTER_MESSAGES.unsubscribeFailed },
    )
  ).message;
}
