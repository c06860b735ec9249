/**
 * The product page's shopper forms of issue #33, as zod schemas for react-hook-form
 * (zodResolver), with the shop's shared rules (lib/validation/auth.ts): the phone mask of spec §5,
 * the e-mail pattern, and the 152-ФЗ box that must be ticked (art. 9, issue #29).
 */
import { z } from 'zod';
import { consentFormFields, emailSchema, isPhoneComplete } from './auth';

/** «Купить в 1 клик» (item 4): a name, the complete phone mask, the personal data box. */
export const oneClickFormSchema = z.object({
  name: z.string().trim().min(2, 'Укажите имя'),
  phone: z.string().refine(isPhoneComplete, 'Укажите телефон в формате +7(XXX)-XXX-XX-XX'),
  personal_data_consent: consentFormFields.personal_data_consent,
});
export type OneClickFormValues = z.infer<typeof oneClickFormSchema>;

/** «Сообщить о поступлении» (item 2): one sold-out size, an e-mail, the personal data box. */
export const stockNoticeFormSchema = z.object({
  size: z.string().min(1, 'Выберите размер'),
  email: emailSchema,
  personal_data_consent: consentFormFields.personal_data_consent,
});
export type StockNoticeFormValues = z.infer<typeof stockNoticeFormSchema>;
