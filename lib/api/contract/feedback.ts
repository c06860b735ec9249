/**
 * Feedback contract: the help form (POST /v1/send_message/ with `messageFeedback`, spec §3
 * Feedback message, §5 Help form, §7) and the newsletter (GET /v1/subscribe/?email=,
 * /v1/unsubscribe/?email=, spec §7 Subscription).
 */
import { z } from 'zod';
import { safeString } from './common';
import { PersonalDataConsent } from './consent';
import { EMAIL_INVALID } from './feedback-texts';

export { EMAIL_INVALID, HELP_FORM_LABELS, HELP_FORM_SUCCESS } from './feedback-texts';

/** One feedback message (spec §3): both fields required (spec §5). */
export const FeedbackMessage = z.object({
  contactData: safeString({ error: 'Укажите контактную почту или телефон' })
    .trim()
    .min(1, 'Укажите контактную почту или телефон')
    .max(200, 'Контакт не длиннее 200 символов'),
  message: safeString({ error: 'Напишите текст сообщения' })
    .trim()
    .min(1, 'Напишите текст сообщения')
    .max(5000, 'Сообщение не длиннее 5000 символов'),
});
export type FeedbackMessage = z.infer<typeof FeedbackMessage>;

/** Body of POST /v1/send_message/ (spec §7), with the required consent box (issue #29, 152-ФЗ art. 9). */
export const SendMessageBody = z
  .object({ messageFeedback: FeedbackMessage, personal_data_consent: PersonalDataConsent })
  .meta({ id: 'SendMessageBody' });
export type SendMessageBody = z.infer<typeof SendMessageBody>;

/** A plain success answer with a Russian message. */
export const SuccessMessage = z
  .object({ status: z.literal('success'), message: z.string() })
  .meta({ id: 'SuccessMessage' });
export type SuccessMessage = z.infer<typeof SuccessMessage>;

/** Query of subscribe/unsubscribe: a valid e-mail, lowercased. */
export const SubscriptionQuery = z.object({
  email: z
    .string({ error: 'Укажите адрес электронной почты' })
    .trim()
    .min(1, 'Укажите адрес электронной почты')
    .max(254, EMAIL_INVALID)
    .pipe(z.email({ error: EMAIL_INVALID }))
    .transform((value) => value.toLowerCase()),
});
