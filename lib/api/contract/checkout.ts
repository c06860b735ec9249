/**
 * Checkout contract (issue #5; spec §3 Anonymous checkout data, Order info; §7 Orders and payment).
 * The spec names the calls and a few fields (`ext_id` → `response`, `guid` → `order_info` with
 * `items_json`); the other shapes are ours. Amounts are rubles with kopecks (spec §9).
 */
import { z } from 'zod';
import { emailSchema, fullNameSchema } from '@/lib/validation/auth';
import { INT4_MAX, Rubles, intId, intIdParam, safeString } from './common';
import { PickupStore } from './delivery-terms';
import { OrderLine, OrderStatusCode } from './orders';

const phoneRe = /^\+7\d{10}$/;

/**
 * Spec §3 Anonymous checkout data (fio, email, phone), also the contact block of an order. ФИО and
 * e-mail follow spec §5 (at least two words; the e-mail pattern) with the account forms' messages,
 * the same schemas the checkout form uses, so API and form refuse the same input (issue #14 item 14).
 */
export const CheckoutContact = z.object({
  fio: fullNameSchema,
  email: emailSchema,
  /** "+7XXXXXXXXXX" (spec §5: dashes and brackets removed). */
  phone: z
    .string({ error: 'Укажите телефон' })
    .max(32, 'Укажите телефон в формате +7(XXX)-XXX-XX-XX')
    .transform((v) => v.replace(/[\s()-]/g, ''))
    .pipe(z.string().regex(phoneRe, 'Укажите телефон в формате +7(XXX)-XXX-XX-XX')),
});
export type CheckoutContact = z.infer<typeof CheckoutContact>;

export const DELIVERY_METHODS = ['courier', 'cdek', 'pickup'] as const;
export const DeliveryMethod = z.enum(DELIVERY_METHODS, { error: 'Выберите способ доставки' });
export type DeliveryMethod = z.infer<typeof DeliveryMethod>;

/** Where to deliver: city (spec §7 Locations), the method and its address or pickup point. */
export const DeliveryInput = z
  .object({
    method: DeliveryMethod,
    city_id: intId('Выберите город'),
    street: safeString().trim().max(200).default(''),
    house: safeString().trim().max(50).default(''),
    apartment: safeString().trim().max(50).default(''),
    postcode: safeString().trim().max(10).default(''),
    /** Chosen pickup point (method "cdek"), free text of the point's address. */
    pickup_point: safeString().trim().max(300).default(''),
    /** Chosen store (method "pickup", issue #34): one of the option's `stores`; may be left out where the city has one. */
    store_id: z.number().int().positive().max(INT4_MAX).nullish(),
  })
  .superRefine((d, ctx) => {
    if (d.method === 'courier') {
      if (!d.street) ctx.addIssue({ code: 'custom', path: ['street'], message: 'Укажите улицу' });
      if (!d.house) ctx.addIssue({ code: 'custom', path: ['house'], message: 'Укажите дом' });
    }
  });
export type DeliveryInput = z.infer<typeof DeliveryInput>;

export const PAYMENT_METHODS = ['card', 'giftcard'] as const;

/** One line of `POST /v1/order/` (the older call names its lines; `price` is accepted and ignored). */
export const OrderLineInput = z
  .object({
    offer: intId('Выберите товар'),
    feature: safeString().max(100).optional(),
    featuretop: safeString().max(100).optional(),
    featurebot: safeString().max(100).optional(),
    quantity: z
      .number()
      .int()
      .min(1, 'Количество не может быть меньше 1')
      .max(99, 'Количество не может быть больше 99'),
    /** Ignored: prices come from the catalogue. */
    price: z.unknown().optional(),
  })
  .strict();

/**
 * `POST /v2/order/` (lines from the basket of the `cart_id` cookie) and `POST /v1/order/` (lines
 * in `items`, or the basket when `items` is absent). A repeat with the same `Idempotency-Key`
 * header returns the same order.
 */
export const CreateOrderBody = z
  .object({
    contact: CheckoutContact,
    delivery: DeliveryInput,
    /** "card" (with an optional certificate for a part) or "giftcard" (the certificate pays all). */
    payment_method: z.enum(PAYMENT_METHODS, { error: 'Выберите способ оплаты' }).default('card'),
    promo_code: safeString().trim().max(50).optional(),
    gift_card_code: safeString().trim().max(50).optional(),
    /** A certificate nominal bought with the order (spec §3 giftCardExtId). */
    gift_card_ext_id: safeString().trim().max(100).optional(),
    comment: safeString().trim().max(1000, 'Комментарий не длиннее 1000 символов').default(''),
    items: z.array(OrderLineInput).max(50).optional(),
    /**
     * Issue #29 (152-ФЗ art. 9): a guest's order needs `true` here (400 otherwise); a signed-in
     * shopper consented at registration.
     */
    personal_data_consent: z.boolean().optional(),
    /** Issue #29 (38-ФЗ art. 18): the optional box «Хочу получать новости…». */
    advertising_consent: z.boolean().optional(),
  })
  .strict()
  .meta({ id: 'CreateOrderBody' });
export type CreateOrderBody = z.input<typeof CreateOrderBody>;

/** The created (or, for a repeated key, the earlier) order. */
export const CreatedOrder = z
  .object({
    pk: z.number().int(),
    guid: z.string().uuid(),
    number: z.string(),
    status: OrderStatusCode,
    payment_status: z.enum(['pending', 'paid', 'failed', 'refunded', 'refund_required']),
    items_total: Rubles,
    discount: Rubles,
    delivery_cost: Rubles,
    total: Rubles,
    gift_card_amount: Rubles,
    /** Left to pay by card, rubles (0 when a certificate paid everything). */
    to_pay: Rubles,
  })
  .meta({ id: 'CreatedOrder' });
export type CreatedOrder = z.infer<typeof CreatedOrder>;

export const CreateOrderResponse = z
  .object({
    status: z.literal('success'),
    order: CreatedOrder,
    /** False when an earlier submit with the same key made it. */ created: z.boolean(),
  })
  .meta({ id: 'CreateOrderResponse' });
export type CreateOrderResponse = z.infer<typeof CreateOrderResponse>;

export const GuidBody = z
  .object({ guid: z.string({ error: 'Заказ не найден' }).uuid('Заказ не найден') })
  .meta({ id: 'GuidBody' });

/** Spec §3 Order info: the order for /basket/delivery/confirm/{guid}, `items_json` its lines. */
export const OrderInfo = z
  .object({
    guid: z.string().uuid(),
    number: z.string(),
    created_at: z.string(),
    status: OrderStatusCode,
    status_name: z.string(),
    payment_status: z.enum(['pending', 'paid', 'failed', 'refunded', 'refund_required']),
    payment_status_name: z.string(),
    /** True only after the provider's status check (or the certificate) confirmed payment. */
    paid: z.boolean(),
    items_total: Rubles,
    discount: Rubles,
    delivery_cost: Rubles,
    total: Rubles,
    gift_card_amount: Rubles,
    to_pay: Rubles,
    promo_code: z.string().nullable(),
    delivery: z.object({ method: z.string(), method_name: z.string(), address: z.string() }),
    contact: z.object({ fio: z.string(), email: z.string(), phone: z.string() }),
    items_json: z.array(OrderLine),
    /** The last payment attempt's refusal, e.g. "Платёж отклонён банком", or "". */
    payment_error: z.string(),
    /**
     * Issue #34 item 9: until when (ISO 8601) the unpaid order holds its goods for an online
     * payment (its creation + RESERVATION_TTL_MINUTES); null when paid, cancelled or paid on
     * delivery. Optional: a backend without it is read as unknown.
     */
    held_until: z.string().nullable().optional(),
    /** Issue #29: the methods the payment step offers now (the provider's), e.g. ["card", "sbp"]. */
    payment_methods: z.array(z.enum(['card', 'sbp'])),
    /**
     * Issue #29: the open payment attempt (re-used until it expires), so the page can show the СБП
     * QR again or wait for the bank; null when none is open.
     */
    open_payment: z
      .object({
        method: z.enum(['card', 'sbp']),
        form_url: z.string(),
        qr_payload: z.string(),
        expires_at: z.string().nullable(),
      })
      .nullable(),
    /** Issue #29: refunds of the order, oldest first (rubles). */
    refunds: z.array(
      z.object({
        amount: Rubles,
        status: z.enum(['pending', 'succeeded', 'failed']),
        reason: z.string(),
        created_at: z.string(),
      }),
    ),
  })
  .meta({ id: 'OrderInfo' });
export type OrderInfo = z.infer<typeof OrderInfo>;

export const OrderInfoResponse = z
  .object({ status: z.literal('success'), order_info: OrderInfo })
  .meta({ id: 'OrderInfoResponse' });
export type OrderInfoResponse = z.infer<typeof OrderInfoResponse>;

/** `GET /v1/payment_methods/` (issue #29): the online methods the payment provider takes now. */
export const PaymentMethodsResponse = z
  .object({ status: z.literal('success'), methods: z.array(z.enum(['card', 'sbp'])) })
  .meta({ id: 'PaymentMethodsResponse' });
export type PaymentMethodsResponse = z.infer<typeof PaymentMethodsResponse>;

/** `POST /v1/order_payment/` {guid, method}: pay the rest by card (default) or СБП (issue #29). */
export const OrderPaymentBody = GuidBody.extend({
  method: z.enum(['card', 'sbp'], { error: 'Выберите способ оплаты' }).default('card'),
}).meta({ id: 'OrderPaymentBody' });

/**
 * `POST /v1/order_payment/`: where to send the shopper (the acquiring page, or for СБП the bank-app
 * link) and, for СБП on a desktop, the QR code's content. An open attempt of the same method is
 * re-used until it expires (issue #29).
 */
export const OrderPaymentResponse = z
  .object({
    status: z.literal('success'),
    form_url: z.string(),
    provider: z.enum(['sandbox', 'sber', 'yookassa']),
    method: z.enum(['card', 'sbp']),
    /** СБП: https://qr.nspk.ru/… to draw as a QR code; "" for cards. */
    qr_payload: z.string(),
    /** ISO time the attempt stops being payable. */
    expires_at: z.string(),
  })
  .meta({ id: 'OrderPaymentResponse' });
export type OrderPaymentResponse = z.infer<typeof OrderPaymentResponse>;

/** `POST /v1/promo_code/`: the code, checked against the basket; `total` is accepted and ignored (issue #12). */
export const PromoCodeBody = z
  .object({
    promo_code: safeString({ error: 'Введите промокод' })
      .trim()
      .min(1, 'Введите промокод')
      .max(50, 'Промокод не найден'),
    total: z
      .number({ error: 'Сумма должна быть числом' })
      .nonnegative('Сумма не может быть отрицательной')
      .max(1_000_000_000, 'Слишком большая сумма')
      .optional(),
  })
  .strict()
  .meta({ id: 'PromoCodeBody' });

export const PromoCodeResponse = z
  .object({
    status: z.literal('success'),
    promo_code: z.string(),
    /** Percent off, or null for a fixed discount. */
    percent: z.number().int().nullable(),
    /** Rubles off the goods. */
    discount: Rubles,
    /** Goods total before and after the discount, rubles. */
    items_total: Rubles,
    total: Rubles,
    message: z.string(),
  })
  .meta({ id: 'PromoCodeResponse' });
export type PromoCodeResponse = z.infer<typeof PromoCodeResponse>;

/** A certificate nominal (a "product" of /podarochnye-sertifikaty). */
export const GiftCardNominal = z
  .object({
    ext_id: z.string(),
    slug: z.string(),
    name: z.string(),
    amount: Rubles,
    description: z.string(),
    image: z.string(),
  })
  .meta({ id: 'GiftCardNominal' });
export type GiftCardNominal = z.infer<typeof GiftCardNominal>;

export const GiftCardNominalsResponse = z
  .object({ status: z.literal('success'), results: z.array(GiftCardNominal) })
  .meta({ id: 'GiftCardNominalsResponse' });

/** `POST /v1/gift/card/data/` {ext_id} → `response` (spec §7). */
export const GiftCardDataBody = z
  .object({ ext_id: safeString({ error: 'Сертификат не найден' }).trim().min(1, 'Сертификат не найден').max(100) })
  .strict()
  .meta({ id: 'GiftCardDataBody' });
export const GiftCardDataResponse = z
  .object({ status: z.literal('success'), response: GiftCardNominal })
  .meta({ id: 'GiftCardDataResponse' });
export type GiftCardDataResponse = z.infer<typeof GiftCardDataResponse>;

const giftCode = safeString({ error: 'Введите код сертификата' })
  .trim()
  .toUpperCase()
  .min(4, 'Введите код сертификата')
  .max(50, 'Сертификат не найден');

/** `POST /v1/check_card/` {code}: the certificate's balance. */
export const CheckCardBody = z.object({ code: giftCode }).strict().meta({ id: 'CheckCardBody' });
export const CheckCardResponse = z
  .object({ status: z.literal('success'), card: z.object({ code: z.string(), amount: Rubles, balance: Rubles }) })
  .meta({ id: 'CheckCardResponse' });
export type CheckCardResponse = z.infer<typeof CheckCardResponse>;

/** `POST /v1/giftcardpayment/` {guid, code}: spends the certificate on an unpaid order. */
export const GiftCardPaymentBody = z
  .object({ guid: GuidBody.shape.guid, code: giftCode })
  .strict()
  .meta({ id: 'GiftCardPaymentBody' });

/** A delivery option for a city (spec §7 /v1/cdek_calc/, /v1/check_delivery/). */
export const DeliveryOption = z
  .object({
    method: DeliveryMethod,
    name: z.string(),
    /** Rubles. */
    cost: Rubles,
    /** Days, inclusive range. */
    days_min: z.number().int().nonnegative(),
    days_max: z.number().int().nonnegative(),
    /** Shop address for "pickup", tariff description otherwise. */
    note: z.string(),
    /** "tariff" (built-in table) or "cdek" (CDEK API v2). */
    source: z.enum(['tariff', 'cdek', 'shop']),
    /** Method "pickup": the city's stores that take pickup orders (issue #34), `note` names the only one. */
    stores: z.array(PickupStore).optional(),
  })
  .meta({ id: 'DeliveryOption' });
export type DeliveryOption = z.infer<typeof DeliveryOption>;

/** Body of both delivery calls: the city, and the parcel weight in grams (else the basket's). */
export const DeliveryCalcBody = z
  .object({
    city_id: intId('Выберите город'),
    weight: z.number().int().min(1).max(100_000).optional(),
    method: DeliveryMethod.optional(),
  })
  .strict()
  .meta({ id: 'DeliveryCalcBody' });

export const DeliveryOptionsResponse = z
  .object({
    status: z.literal('success'),
    city: z.string(),
    region: z.string(),
    weight: z.number().int(),
    results: z.array(DeliveryOption),
  })
  .meta({ id: 'DeliveryOptionsResponse' });
export type DeliveryOptionsResponse = z.infer<typeof DeliveryOptionsResponse>;

/** A 54-ФЗ receipt as the shop registers it (server/services/payments/receipt.ts), rubles. */
export const SandboxReceipt = z
  .object({
    type: z.enum(['payment', 'refund']),
    customer: z.object({ email: z.string().optional(), phone: z.string().optional() }),
    taxSystem: z.enum(['osn', 'usn_income', 'usn_income_outcome', 'esn', 'patent']),
    items: z.array(
      z.object({
        name: z.string(),
        quantity: z.number(),
        price: Rubles,
        amount: Rubles,
        vat: z.string(),
        subject: z.enum(['commodity', 'service', 'payment']),
        mode: z.enum(['full_prepayment', 'advance', 'full_payment']),
        orderItemId: z.number().int(),
        markingRequired: z.boolean(),
      }),
    ),
    total: Rubles,
  })
  .meta({ id: 'Receipt' });

/** The sandbox acquiring's payment as its card page shows it. */
export const SandboxPayment = z
  .object({
    id: z.string().uuid(),
    amount: Rubles,
    description: z.string(),
    status: z.enum(['created', 'deposited', 'declined']),
    return_url: z.string(),
    /** Issue #29: "card" (the card form) or "sbp" (the simulated СБП page). */
    method: z.enum(['card', 'sbp']),
    /** Issue #29 (54-ФЗ): the receipt the shop registered with this payment; null for older ones. */
    receipt: SandboxReceipt.nullable(),
    expires_at: z.string().nullable(),
    /** Rubles returned so far. */
    refunded: Rubles,
  })
  .meta({ id: 'SandboxPayment' });
export type SandboxPayment = z.infer<typeof SandboxPayment>;
export const SandboxPaymentResponse = z
  .object({ status: z.literal('success'), payment: SandboxPayment })
  .meta({ id: 'SandboxPaymentResponse' });

/** The card form of the sandbox page; card numbers decide the result like a test gateway. */
export const SandboxPayBody = z
  .object({
    id: z.string().uuid('Платёж не найден'),
    pan: z
      .string({ error: 'Введите номер карты' })
      .transform((v) => v.replace(/\s+/g, ''))
      .pipe(z.string().regex(/^\d{16,19}$/, 'Номер карты — 16–19 цифр')),
    expiry: z
      .string({ error: 'Введите срок действия' })
      .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'Срок действия в формате ММ/ГГ'),
    cvc: z.string({ error: 'Введите CVC' }).regex(/^\d{3}$/, 'CVC — 3 цифры'),
  })
  .strict()
  .meta({ id: 'SandboxPayBody' });
/** Issue #29: the simulated СБП page's buttons, as the shopper's bank app would act. */
export const SandboxSbpBody = z
  .object({
    id: z.string().uuid('Платёж не найден'),
    action: z.enum(['pay', 'decline'], { error: 'Неизвестное действие' }),
  })
  .strict()
  .meta({ id: 'SandboxSbpBody' });

export const SandboxPayResponse = z
  .object({
    status: z.literal('success'),
    result: z.enum(['deposited', 'declined']),
    message: z.string(),
    redirect_url: z.string(),
  })
  .meta({ id: 'SandboxPayResponse' });

/**
 * `GET /v1/pickup_points/?city_id=N` (issue #14 item 13; ours — spec §7 names only "a delivery
 * widget script loaded from a CDN"): the pickup points of a city for the "В пункт выдачи СДЭК"
 * method. `city_id` is a city of `GET /v1/cities/`; `search` narrows by name or address.
 */
export const PickupPointsQuery = z
  .object({
    city_id: intIdParam('Выберите город'),
    search: safeString().trim().max(100, 'Слишком длинный запрос').optional(),
  })
  .meta({ id: 'PickupPointsQuery' });

/** One pickup point: CDEK's office (`provider: "cdek"`) or a demo point of the built-in list. */
export const PickupPoint = z
  .object({
    /** CDEK office code ("MSK123"), or "DEMO-…" for the built-in list. */
    code: z.string(),
    name: z.string(),
    /** Street address within the city, e.g. "ул. Тверская, д. 12". */
    address: z.string(),
    /** Opening hours as the provider writes them, e.g. "Пн-Пт 10:00-21:00, Сб-Вс 10:00-18:00". */
    work_time: z.string(),
    /** "PVZ" (staffed office) or "POSTAMAT" (parcel locker). */
    type: z.enum(['PVZ', 'POSTAMAT']),
    /** WGS-84 degrees; null when unknown. */
    location: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
  })
  .meta({ id: 'PickupPoint' });
export type PickupPoint = z.infer<typeof PickupPoint>;

export const PickupPointsResponse = z
  .object({
    status: z.literal('success'),
    city: z.string(),
    /** "cdek": CDEK API v2 offices (the storefront may show CDEK's map widget); "demo": the built-in list. */
    provider: z.enum(['cdek', 'demo']),
    results: z.array(PickupPoint),
  })
  .meta({ id: 'PickupPointsResponse' });
export type PickupPointsResponse = z.infer<typeof PickupPointsResponse>;
