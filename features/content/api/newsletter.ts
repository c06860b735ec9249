/**
 * Browser calls of the newsletter pages (spec §7 Subscription as changed by issue #12 item 7)
 * through the same-origin BFF: /v1/subscribe/confirm/ {token}, /v1/unsubscribe/ {token}. Each
 * resolves to the API's Russian message. The footer form's own call is ./subscribe.ts.
 *
 * The footer form runs on every page, so answers are checked without zod (issue #7 JS budget).
 */
import { bffRequest } from '@/lib/api/bff-client';
import { NEWSLETTER_MESSAGES } from '@/lib/messages/newsletter';
import { successMessage } from './subscribe';

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
