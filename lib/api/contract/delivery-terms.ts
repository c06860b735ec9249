/**
 * Delivery terms (issue #34 items 1–3; ours — the spec names only the delivery calls): the one
 * source of every delivery and payment promise the shop makes. The owner edits two records of the
 * shop API's database — the delivery settings (row `shop_settings` id 1: prices by zone, the
 * free-delivery threshold, which delivery and payment methods are offered) and the shop's stores
 * (`shop_stores`: address, hours, phone, whether orders can be picked up there) — and the checkout
 * quote, the "Оплата и доставка", "Адреса магазинов" and "Контакты" pages, the product JSON-LD
 * `shippingDetails` all read them. `GET /v1/delivery_terms/` publishes both to the storefront.
 */
import { z } from 'zod';

/** Tariff zones: 1 Москва и область, 2 Санкт-Петербург и область, 3 the rest of Russia, 4 the Far East and the North. */
export const DELIVERY_ZONES = [1, 2, 3, 4] as const;
export type DeliveryZone = (typeof DELIVERY_ZONES)[number];

/** Methods the owner can offer: own courier, CDEK pickup points, pickup in the shop's stores. */
export const OFFERED_DELIVERY_METHODS = ['courier', 'cdek', 'pickup'] as const;
/** Methods whose price the tariff table sets (pickup in a store is free). */
export const PRICED_DELIVERY_METHODS = ['courier', 'cdek'] as const;
export type PricedDeliveryMethod = (typeof PRICED_DELIVERY_METHODS)[number];

/**
 * Payment methods the owner can promise: what checkout offers — a bank card or СБП on the payment
 * page, a gift certificate. Payment on delivery is not among them: checkout cannot take it.
 */
export const OFFERED_PAYMENT_METHODS = ['card', 'sbp', 'giftcard'] as const;
export type OfferedPaymentMethod = (typeof OFFERED_PAYMENT_METHODS)[number];

/** One zone's tariff of a method: rubles up to 1 kg, rubles per extra started kg, days in transit. */
export const ZoneTariff = z
  .object({
    base: z.number().int().nonnegative(),
    per_kg: z.number().int().nonnegative(),
    days_min: z.number().int().nonnegative(),
    days_max: z.number().int().nonnegative(),
  })
  .refine((t) => t.days_max >= t.days_min, { message: 'Срок «до» не может быть меньше срока «от»' })
  .meta({ id: 'ZoneTariff' });
export type ZoneTariff = z.infer<typeof ZoneTariff>;

const zoneTable = z.object({ 1: ZoneTariff, 2: ZoneTariff, 3: ZoneTariff, 4: ZoneTariff });

/** The delivery settings the owner edits (the JSON of `shop_settings.delivery`). */
export const DeliverySettings = z
  .object({
    /** Goods total (rubles, before a promo discount) from which `free_methods` cost 0; null: never free. */
    free_from: z.number().int().positive().nullable(),
    /** Methods that become free from `free_from`. */
    free_methods: z.array(z.enum(PRICED_DELIVERY_METHODS)),
    /** Delivery methods checkout offers (where the city allows them: pickup only where a store allows it). */
    methods: z.array(z.enum(OFFERED_DELIVERY_METHODS)).min(1, 'Нужен хотя бы один способ доставки'),
    /** Payment methods the shop promises on its pages. */
    payment_methods: z.array(z.enum(OFFERED_PAYMENT_METHODS)).min(1, 'Нужен хотя бы один способ оплаты'),
    /**
     * The built-in tariff table by zone. With CDEK's API configured, CDEK's own price replaces the
     * table for both methods (the threshold still applies).
     */
    tariffs: z.object({ courier: zoneTable, cdek: zoneTable }),
  })
  .meta({ id: 'DeliverySettings' });
export type DeliverySettings = z.infer<typeof DeliverySettings>;

/** One of the shop's stores (the `shop_stores` record), as /address, /contacts and checkout show it. */
export const ShopStore = z
  .object({
    id: z.number().int().positive(),
    city: z.string(),
    /** "Шоурум", "ТРЦ «Галерея»". */
    name: z.string(),
    /** Postal address without the city: "Пресненская наб., д. 10, стр. 2, этаж 5, офис 512". */
    address: z.string(),
    /** How to get there: "Метро «Выставочная», 5 минут пешком". */
    directions: z.string(),
    hours: z.string(),
    phone: z.string(),
    /** Orders can be picked up here (free), ready in `pickup_days_min`–`pickup_days_max` days. */
    pickup: z.boolean(),
    pickup_days_min: z.number().int().nonnegative(),
    pickup_days_max: z.number().int().nonnegative(),
  })
  .meta({ id: 'ShopStore' });
export type ShopStore = z.infer<typeof ShopStore>;

/** `GET /v1/delivery_terms/`: the settings, the stores and who prices the parcels. */
export const DeliveryTermsResponse = z
  .object({
    status: z.literal('success'),
    settings: DeliverySettings,
    stores: z.array(ShopStore),
    /** "tariff": the table prices courier and CDEK; "cdek": CDEK's API does. */
    pricing: z.enum(['tariff', 'cdek']),
  })
  .meta({ id: 'DeliveryTermsResponse' });
export type DeliveryTermsResponse = z.infer<typeof DeliveryTermsResponse>;

/** A pickup store offered in checkout (`DeliveryOption.stores` of method "pickup"). */
export const PickupStore = z
  .object({ id: z.number().int().positive(), name: z.string(), address: z.string(), hours: z.string() })
  .meta({ id: 'PickupStore' });
export type PickupStore = z.infer<typeof PickupStore>;
