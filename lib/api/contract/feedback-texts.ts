/**
 * Texts of the feedback contract (spec §5 Help form, §4 Help popup, §7 Subscription) in a module
 * without zod, so the client forms that show them do not ship the validation library (issue #7
 * JS budget). `lib/api/contract/feedback.ts` re-exports them.
 */

/** Help-form labels (spec §5). */
export const HELP_FORM_LABELS = {
  contactData: 'Контактная почта/телефон*',
  message: 'Текст сообщения (постарайтесь описать подробно)*',
} as const;

/** Success text of the help popup (spec §4 Help popup). */
export const HELP_FORM_SUCCESS = 'Сообщение отправлено успешно';

/** Message for an invalid e-mail of the subscription form. */
export const EMAIL_INVALID = 'Введите корректный адрес электронной почты';
