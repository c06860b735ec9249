/**
 * Newsletter contract with double opt-in (spec §7 Subscription as changed by issue #12 item 7:
 * state changes only by POST, and an address is subscribed only after its owner confirms from a
 * mail): POST /v1/subscribe/ {email}, /v1/subscribe/confirm/ {token}, /v1/unsubscribe/ {token},
 * each answered with `SuccessMessage` (lib/api/contract/feedback.ts). GET /v1/subscribe/ and
 * /v1/unsubscribe/ of the spec answer 405 and change nothing.
 */
import { z } from 'zod';
import { NEWSLETTER_MESSAGES } from '../../messages/newsletter';
import { PersonalDataConsent } from './consent';
import { SubscriptionQuery } from './feedback';

/**
 * Body of POST /v1/subscribe/: the address to mail the confirmation link to (lowercased) and the
 * required personal data box (issue #29); the subscription itself is the advertising consent.
 */
export const SubscribeBody = z
  .object({ email: SubscriptionQuery.shape.email, personal_data_consent: PersonalDataConsent })
  .meta({ id: 'SubscribeBody' });
export type SubscribeBody = z.input<typeof SubscribeBody>;

/**
 * Body of POST /v1/subscribe/confirm/ and /v1/unsubscribe/: the token of the mailed link
 * (`/subscribe/confirm/<token>`, `/unsubscribe/<token>`), base64url or hex as the API issues them,
 * 16–128 characters; anything else is 400 {@link NEWSLETTER_MESSAGES.tokenRequired}.
 */
export const SubscriptionTokenBody = z
  .object({
    token: z
      .string({ error: NEWSLETTER_MESSAGES.tokenRequired })
      .trim()
      .min(16, NEWSLETTER_MESSAGES.tokenRequired)
      .max(128, NEWSLETTER_MESSAGES.tokenRequired)
      .regex(/^[A-Za-z0-9_-]+$/, NEWSLETTER_MESSAGES.tokenRequired),
  })
  .meta({ id: 'SubscriptionTokenBody' });
export type SubscriptionTokenBody = z.infer<typeof SubscriptionTokenBody>;
