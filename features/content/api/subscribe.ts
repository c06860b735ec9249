/**
 * The footer form's call (spec §7 Subscription, issue #12 double opt-in; issue #29 consent):
 * POST /v1/subscribe/ {email, personal_data_consent} through the same-origin BFF. Kept apart from
 * the newsletter pages' calls (./newsletter.ts) and free of message tables and zod: the footer is on
 * every page (issue #7 JS budget).
 */
import { bffRequest, type AnswerParser } from '@/lib/api/bff-client';

type Success = { status: 'success'; message: string };

/** `SuccessMessage` of lib/api/contract/feedback.ts in the `safeParse` shape, without zod. */
export const successMessage: AnswerParser<Success> = {
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
 * @param fallbackMessage shown when the request fails without the API's message.
 * @returns the Russian answer ("Проверьте почту: …"), the same for every address.
 * @throws BffRequestError with the API's Russian message (400 invalid address, 429 too many requests).
 */
export async function requestSubscription(email: string, fallbackMessage: string): Promise<string> {
  return (
    await bffRequest(
      'POST',
      '/v1/subscribe/',
      successMessage,
      // Sent only after the form's consent box was ticked.
      { email, personal_data_consent: true },
      { fallbackMessage },
    )
  ).message;
}
