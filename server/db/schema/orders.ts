/**
 * Orders (spec §3 "orders with history", §7 Orders and payment): the order with its buyer
 * contact (spec §3 Anonymous checkout data: fio, email, phone), delivery, payment, promo code and
 * totals in rubles as numeric(12,2) (spec §9: kopecks kept); its lines as a snapshot of what was
 * bought (names and prices survive catalogue changes); and the status history.
 * The checkout (issue #5) creates rows here in one transaction, with `idempotency_key` making a
 * repeated submit return the same order. /history-order reads them (a user sees only their own).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { offerFeatures, offers, products } from './catalog';

/** Order statuses, in their usual order; Russian names are in the contract (lib/api/contract/orders.ts). */
export const ORDER_STATUSES = [
  'new',
  'confirmed',
  'paid',
  'assembling',
  'shipped',
  'delivered',
  'cancelled',
  'returned',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * `refund_required` (issue #13): the card payment arrived after the order's reservation expired and
 * its goods could not be reserved again; the operator must return the money.
 */
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'refunded', 'refund_required'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** Public number shown to the buyer, e.g. "LM-000123". */
    number: text('number').notNull(),
    /** Public handle of the order for /basket/delivery/confirm/{guid} and /v1/get_order_info/. */
    guid: uuid('guid').notNull().defaultRandom(),
    /** Null for anonymous checkout (spec §6). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').$type<OrderStatus>().notNull().default('new'),
    contactFio: text('contact_fio').notNull(),
    contactEmail: text('contact_email').notNull(),
    contactPhone: text('contact_phone').notNull().default(''),
    /** e.g. "courier", "pickup", "cdek", "post". */
    deliveryMethod: text('delivery_method').notNull(),
    /** One line for display: "г. Москва, ул. Тверская, д. 1, кв. 5". */
    deliveryAddress: text('delivery_address').notNull().default(''),
    /** Structured address / pickup point data of the delivery method. */
    deliveryData: jsonb('delivery_data').$type<Record<string, unknown>>().notNull().default({}),
    deliveryCost: numeric('delivery_cost', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    /** e.g. "card", "cash", "giftcard". */
    paymentMethod: text('payment_method').notNull(),
    paymentStatus: text('payment_status').$type<PaymentStatus>().notNull().default('pending'),
    /** Acquiring's order id, when paid by card. */
    paymentRef: text('payment_ref'),
    promoCode: text('promo_code'),
    /** Discount of the promo code / bonuses, rubles. */
    discount: numeric('discount', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    /** Sum of line totals, rubles. */
    itemsTotal: numeric('items_total', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    /** itemsTotal − discount + deliveryCost, rubles. */
    total: numeric('total', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    comment: text('comment').notNull().default(''),
    /**
     * Client-generated key of the submit, scoped by the basket identity ("cart:<cart_id>:<key>",
     * "user:<id>:<key>" or "anon:<key>"); a repeat returns the same order (issue #5).
     */
    idempotencyKey: text('idempotency_key'),
    /**
     * Issue #29: SHA-256 of the submitted body; the same key with another body is a 409, never
     * somebody else's order.
     */
    idempotencyBodyHash: text('idempotency_body_hash'),
    /** The basket the order was made from (issue #5: emptied after success). */
    cartId: uuid('cart_id'),
    /** Part of the total paid by a gift certificate, rubles (issue #5). */
    giftCardAmount: numeric('gift_card_amount', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    /** Code of the gift certificate spent on the order. */
    giftCardCode: text('gift_card_code'),
    /** When the payment provider's status check (or the certificate) confirmed full payment. */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * Issue #13: when the reservation sweeper cancelled the unpaid order and returned its stock
     * (server/services/reservations.ts); null otherwise, and again null once a late payment
     * re-reserved the goods. Tells an expired order from one cancelled for another reason.
     */
    reservationReleasedAt: timestamp('reservation_released_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_number_uq').on(t.number),
    uniqueIndex('orders_guid_uq').on(t.guid),
    uniqueIndex('orders_idempotency_uq').on(t.idempotencyKey),
    index('orders_user_idx').on(t.userId, t.createdAt),
    // Issue #13 sweeper: the few unpaid card orders, oldest first, without scanning every order.
    index('orders_unpaid_card_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'new' and ${t.paymentMethod} = 'card' and ${t.paymentStatus} in ('pending', 'failed')`),
    // …and the expired ones whose late payment it still watches.
    index('orders_reservation_released_idx')
      .on(t.reservationReleasedAt)
      .where(sql`${t.reservationReleasedAt} is not null`),
    check(
      'orders_totals_nonnegative',
      sql`${t.itemsTotal} >= 0 and ${t.total} >= 0 and ${t.discount} >= 0 and ${t.deliveryCost} >= 0`,
    ),
    check('orders_gift_card_amount_valid', sql`${t.giftCardAmount} >= 0 and ${t.giftCardAmount} <= ${t.total}`),
  ],
);

/** A line of an order: a snapshot of the product, colour and size(s) at the time of purchase. */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    offerId: integer('offer_id').references(() => offers.id, { onDelete: 'set null' }),
    featureId: integer('feature_id').references(() => offerFeatures.id, { onDelete: 'set null' }),
    featureTopId: integer('feature_top_id').references(() => offerFeatures.id, { onDelete: 'set null' }),
    featureBotId: integer('feature_bot_id').references(() => offerFeatures.id, { onDelete: 'set null' }),
    /** A bought gift certificate nominal (issue #5), not an offer; plain id (no FK across schema files). */
    giftCardNominalId: integer('gift_card_nominal_id'),
    productName: text('product_name').notNull(),
    brandName: text('brand_name').notNull().default(''),
    colorName: text('color_name').notNull().default(''),
    /** "M" or "Верх: S, низ: M". */
    sizeName: text('size_name').notNull().default(''),
    image: text('image').notNull().default(''),
    fullPathOffer: text('full_path_offer').notNull().default(''),
    /** Price of one piece, rubles. */
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    quantity: integer('quantity').notNull(),
    /** Issue #29 (54-ФЗ tag 1199): VAT rate the receipts of this line use (server/services/payments/receipt.ts). */
    vatRate: text('vat_rate').notNull().default('none'),
    /** Issue #29: the goods need a Честный ЗНАК code in the full-settlement receipt at shipment. */
    markingRequired: boolean('marking_required').notNull().default(false),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    check('order_items_quantity_positive', sql`${t.quantity} >= 1`),
  ],
);

/** Status changes of an order, oldest first. */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').$type<OrderStatus>().notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId, t.createdAt)],
);
