/**
 * The console's promotions (issue #32, the console API contract): promo codes (percent or amount,
 * minimum goods total, dates, per-customer and total limits, first-order rule, use count) and gift
 * certificates (issue, balance, history, block). Records camelCase with `id` for react-admin;
 * money in rubles; every message Russian.
 */
import { z } from 'zod';
import { optionalDate, text } from './content';

const optionalLimit = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z.coerce
      .number({ error: `${label} — целое число` })
      .int(`${label} — целое число`)
      .min(1, `${label}: не меньше 1 (пусто — без ограничения)`)
      .max(1_000_000, `${label}: не больше 1 000 000`)
      .nullable(),
  );

const rubles = (label: string, min: number) =>
  z.coerce
    .number({ error: `${label} — число рублей` })
    .min(min, `${label}: не меньше ${min} ₽`)
    .max(10_000_000, `${label}: не больше 10 000 000 ₽`)
    .transform((v) => Math.round(v * 100) / 100);

/** A promo code as the console edits it. `kind` says which of `percent` / `amount` applies. */
export const AdminPromoCodeInput = z
  .object({
    code: text('Код', 50)
      .min(2, 'Код: не короче 2 символов')
      .transform((v) => v.toUpperCase())
      .pipe(z.string().regex(/^[A-ZА-ЯЁ0-9_-]+$/, 'Код: буквы, цифры, дефис и подчёркивание, без пробелов')),
    kind: z.enum(['percent', 'amount'], { error: 'Тип скидки: процент (percent) или сумма (amount)' }),
    percent: z.preprocess((v) => (v === '' ? null : v), z.coerce.number().nullable().default(null)),
    amount: z.preprocess((v) => (v === '' ? null : v), z.coerce.number().nullable().default(null)),
    minTotal: z.preprocess((v) => (v === '' || v === null || v === undefined ? 0 : v), rubles('Минимальная сумма', 0)),
    validFrom: optionalDate('Действует с').default(null),
    validUntil: optionalDate('Действует до').default(null),
    active: z.boolean({ error: 'Поле «Включён»: да или нет' }).default(true),
    description: text('Описание', 500).default(''),
    firstOrderOnly: z.boolean({ error: 'Поле «Только первый заказ»: да или нет' }).default(false),
    perCustomerLimit: optionalLimit('Лимит на покупателя').default(null),
    usageLimit: optionalLimit('Общий лимит').default(null),
  })
  .superRefine((p, ctx) => {
    if (p.kind === 'percent' && (p.percent === null || !Number.isInteger(p.percent) || p.percent < 1 || p.percent > 90))
      ctx.addIssue({ code: 'custom', path: ['percent'], message: 'Процент скидки — целое число от 1 до 90' });
    if (p.kind === 'amount' && (p.amount === null || !(p.amount > 0) || p.amount > 10_000_000))
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Сумма скидки — больше 0 ₽' });
    if (p.validFrom && p.validUntil && new Date(p.validFrom) >= new Date(p.validUntil))
      ctx.addIssue({ code: 'custom', path: ['validUntil'], message: 'Дата окончания должна быть позже даты начала' });
  })
  .transform((p) => ({
    ...p,
    percent: p.kind === 'percent' ? p.percent : null,
    amount: p.kind === 'amount' ? Math.round(p.amount! * 100) / 100 : null,
  }));
export type AdminPromoCodeInput = z.infer<typeof AdminPromoCodeInput>;

export const AdminPromoCode = z
  .object({
    id: z.number().int(),
    code: z.string(),
    kind: z.enum(['percent', 'amount']),
    percent: z.number().int().nullable(),
    amount: z.number().nullable(),
    minTotal: z.number(),
    validFrom: z.string().nullable(),
    validUntil: z.string().nullable(),
    active: z.boolean(),
    description: z.string(),
    firstOrderOnly: z.boolean(),
    perCustomerLimit: z.number().int().nullable(),
    usageLimit: z.number().int().nullable(),
    /** Orders placed with the code, cancelled ones left out (what the limits count). */
    uses: z.number().int(),
  })
  .meta({ id: 'AdminPromoCode' });
export type AdminPromoCode = z.infer<typeof AdminPromoCode>;

/** One movement of a certificate's balance: a spend (negative) or a refund (positive), rubles. */
export const GiftCardMovement = z.object({
  at: z.string(),
  amount: z.number(),
  orderId: z.number().int().nullable(),
});

export const AdminGiftCard = z
  .object({
    id: z.number().int(),
    code: z.string(),
    amount: z.number(),
    balance: z.number(),
    expiresAt: z.string().nullable(),
    createdAt: z.string(),
    purchaseOrderId: z.number().int().nullable(),
    blocked: z.boolean(),
    blockedAt: z.string().nullable(),
    history: z.array(GiftCardMovement),
  })
  .meta({ id: 'AdminGiftCard' });
export type AdminGiftCard = z.infer<typeof AdminGiftCard>;

/** Issuing a certificate: its face value and an optional end date; the code is generated. */
export const AdminGiftCardInput = z.object({
  amount: rubles('Номинал', 1),
  expiresAt: optionalDate('Действует до').default(null),
});
export type AdminGiftCardInput = z.infer<typeof AdminGiftCardInput>;

/** `PUT /gift-cards/{id}`: only the end date and the block can change (the balance moves by orders). */
export const AdminGiftCardUpdate = z.object({
  expiresAt: optionalDate('Действует до').default(null),
  blocked: z.boolean({ error: 'Поле «Заблокирован»: да или нет' }).optional(),
});
export type AdminGiftCardUpdate = z.infer<typeof AdminGiftCardUpdate>;
