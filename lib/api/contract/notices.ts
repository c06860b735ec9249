/**
 * Shopper notices contract (issue #33 items 2–4): back-in-stock subscriptions per size, the
 * profile's waiting list, and orders in one click. The shapes are ours (the spec has no such calls).
 *
 * - POST /v1/stock-notices/ {feature, email, personal_data_consent} → {@link StockNoticeResponse}
 * - POST /v1/stock-notices/confirm/ {token} → SuccessMessage (a guest's double opt-in)
 * - GET /v1/stock-notices/ (token) → {@link StockNoticeList}; DELETE /v1/stock-notices/{id}/ (token)
 * - POST /v1/one-click/ {name, phone, personal_data_consent, item?} + Idempotency-Key → {@link OneClickResponse}
 */
import { z } from 'zod';
import { emailSchema } from '@/lib/validation/auth';
import { CheckoutContact, OrderLineInput } from './checkout';
import { intIdParam, safeString } from './common';
import { PersonalDataConsent } from './consent';
import { SubscriptionTokenBody } from './newsletter';

/** Russian texts of the notices' answers, shared by the API and the forms. */
export const NOTICE_MESSAGES = {
  subscribed: 'Готово: мы напишем на этот адрес, когда размер появится',
  confirmSent: 'Мы отправили письмо: подтвердите адрес по ссылке из него, и мы напишем, когда размер появится',
  confirmed: 'Адрес подтверждён: мы напишем, когда размер появится',
  confirmInvalid: 'Ссылка недействительна или устарела. Подпишитесь на поступление ещё раз',
  inStock: 'Этот размер есть в наличии: его можно добавить в корзину',
  sizeUnknown: 'Размер не найден',
  subscribeFailed: 'Не удалось подписаться на поступление',
  removed: 'Подписка на поступление удалена',
  oneClickFailed: 'Не удалось оформить заказ',
  oneClickDone: (number: string) =>
    `Спасибо! Заказ ${number} оформлен. Наш оператор перезвонит вам в рабочее время, чтобы уточнить доставку и оплату`,
  nameRequired: 'Укажите имя',
} as const;

/** Body of POST /v1/stock-notices/: the sold-out size (its `ext_id`), the address, the 152-ФЗ box. */
export const StockNoticeBody = z
  .object({
    feature: safeString({ error: NOTICE_MESSAGES.sizeUnknown })
      .trim()
      .min(1, NOTICE_MESSAGES.sizeUnknown)
      .max(100, NOTICE_MESSAGES.sizeUnknown),
    email: emailSchema,
    personal_data_consent: PersonalDataConsent,
  })
  .strict()
  .meta({ id: 'StockNoticeBody' });
export type StockNoticeBody = z.input<typeof StockNoticeBody>;

/** Answer of POST /v1/stock-notices/: `confirmed` false means a confirmation mail went out first. */
export const StockNoticeResponse = z
  .object({ status: z.literal('success'), message: z.string(), confirmed: z.boolean() })
  .meta({ id: 'StockNoticeResponse' });
export type StockNoticeResponse = z.infer<typeof StockNoticeResponse>;

/** Body of POST /v1/stock-notices/confirm/: the token of the mailed link `/notify/confirm/<token>`. */
export const StockNoticeTokenBody = SubscriptionTokenBody;

/** Path parameter of DELETE /v1/stock-notices/{id}/. */
export const StockNoticeIdParam = z.object({ id: intIdParam('Подписка не найдена') });

/** One size the shopper waits for («Ожидаю поступления» in the profile). */
export const StockNoticeItem = z
  .object({
    id: z.number().int(),
    product_id: z.number().int(),
    name: z.string(),
    brand: z.string(),
    color: z.string(),
    size: z.string(),
    /** Product page with the size chosen: `/<category path>/<pk>/<slug>?size=<ext_id>`. */
    path: z.string(),
    image: z.string(),
    email: z.string(),
    /** False while a guest's address waits for its confirmation. */
    confirmed: z.boolean(),
    created_at: z.string(),
  })
  .meta({ id: 'StockNoticeItem' });
export type StockNoticeItem = z.infer<typeof StockNoticeItem>;

export const StockNoticeList = z
  .object({ status: z.literal('success'), results: z.array(StockNoticeItem) })
  .meta({ id: 'StockNoticeList' });
export type StockNoticeList = z.infer<typeof StockNoticeList>;

/**
 * Body of POST /v1/one-click/: a name, the phone of spec §5 ("+7(XXX)-XXX-XX-XX", stored as
 * "+7XXXXXXXXXX"), the 152-ФЗ box, and one `item` (the product page) or none (the basket's lines).
 */
export const OneClickBody = z
  .object({
    name: safeString({ error: NOTICE_MESSAGES.nameRequired })
      .trim()
      .min(2, NOTICE_MESSAGES.nameRequired)
      .max(100, 'Имя не длиннее 100 символов'),
    phone: CheckoutContact.shape.phone,
    personal_data_consent: PersonalDataConsent,
    item: OrderLineInput.optional(),
  })
  .strict()
  .meta({ id: 'OneClickBody' });
export type OneClickBody = z.input<typeof OneClickBody>;

/** Answer of POST /v1/one-click/: the order's public number, and whether this call made it. */
export const OneClickResponse = z
  .object({
    status: z.literal('success'),
    message: z.string(),
    order: z.object({ number: z.string(), guid: z.string().uuid(), total: z.number().nonnegative() }),
    created: z.boolean(),
  })
  .meta({ id: 'OneClickResponse' });
export type OneClickResponse = z.infer<typeof OneClickResponse>;
