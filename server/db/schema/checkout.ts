/**
 * Checkout tables (issue #5; spec §7 Orders and payment): promo codes, gift certificate nominals
 * sold at /podarochnye-sertifikaty, issued certificates with their balance and ledger, card
 * payments of orders (one row per attempt at a provider) and the built-in sandbox acquiring's
 * own orders (what a test gateway would keep on its side).
 *
 * Money is rubles as numeric(12,2) (spec §9). A certificate's balance can never go below zero:
 * a check constraint backs the conditional update of server/services/gift-cards.ts.
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
import { orders } from './orders';

/** Promo codes of `POST /v1/promo_code/`: a percent or a fixed ruble discount on the goods. */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    /** Upper-case code as the shopper types it, e.g. "ПЕРВЫЙ". */
    code: text('code').notNull(),
    /** Percent off the goods, 1..90; or null when `amount` is set. */
    percent: integer('percent'),
    /** Rubles off the goods; or null when `percent` is set. */
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }),
    /** Goods total needed for the code to apply, rubles. */
    minTotal: numeric('min_total', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    active: boolean('active').notNull().default(true),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    /** Issue #32: the code applies from this moment (null: at once). */
    validFrom: timestamp('valid_from', { withTimezone: true }),
    description: text('description').notNull().default(''),
    /** Only a customer's first order (no earlier order by account, e-mail or phone), issue #12. */
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    /** Orders one customer (account, e-mail or phone) may place with the code; null: no limit. */
    perCustomerLimit: integer('per_customer_limit'),
    /** Orders all customers together may place with the code; null: no limit. */
    usageLimit: integer('usage_limit'),
  },
  (t) => [
    uniqueIndex('promo_codes_code_uq').on(t.code),
    check(
      'promo_codes_kind',
      sql`(${t.percent} is not null and ${t.percent} between 1 and 90 and ${t.amount} is null) or (${t.percent} is null and ${t.amount} > 0)`,
    ),
  ],
);

/**
 * Every order placed with a promo code (issue #12): the usage the per-customer, first-order and
 * total limits count. `customerKeys` are who placed it: "user:<id>", "email:<lowercased>",
 * "phone:<digits>", so a guest who logs in, or changes one of them, is still the same customer.
 */
export const promoCodeUses = pgTable(
  'promo_code_uses',
  {
    id: serial('id').primaryKey(),
    promoCodeId: integer('promo_code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    customerKeys: text('customer_keys').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promo_code_uses_order_uq').on(t.orderId),
    index('promo_code_uses_code_idx').on(t.promoCodeId),
    index('promo_code_uses_keys_idx').using('gin', t.customerKeys),
  ],
);

/** A nominal of a gift certificate sold as a product (/podarochnye-sertifikaty/{slug}). */
export const giftCardNominals = pgTable(
  'gift_card_nominals',
  {
    id: serial('id').primaryKey(),
    /** SKU; the basket's `giftCardExtId` (spec §3) and `POST /v1/gift/card/data/` {ext_id}. */
    extId: text('ext_id').notNull(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    /** Face value, rubles. */
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    description: text('description').notNull().default(''),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    uniqueIndex('gift_card_nominals_ext_id_uq').on(t.extId),
    uniqueIndex('gift_card_nominals_slug_uq').on(t.slug),
    check('gift_card_nominals_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** An issued gift certificate: its code and remaining balance. */
export const giftCards = pgTable(
  'gift_cards',
  {
    id: serial('id').primaryKey(),
    /** What the buyer types at checkout, e.g. "GC-7K2M-9QXA". */
    code: text('code').notNull(),
    nominalId: integer('nominal_id').references(() => giftCardNominals.id, { onDelete: 'set null' }),
    /** Face value, rubles. */
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    /** What is left, rubles; never below 0. */
    balance: numeric('balance', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    /** The order that bought it (null for seeded / issued by the shop). */
    purchaseOrderId: integer('purchase_order_id').references(() => orders.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Issue #32: blocked by a manager at this moment; a blocked certificate pays nothing. */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('gift_cards_code_uq').on(t.code),
    check('gift_cards_balance_valid', sql`${t.balance} >= 0 and ${t.balance} <= ${t.amount}`),
  ],
);

/** Ledger of a certificate: every spend (negative) and refund (positive), rubles. */
export const giftCardTransactions = pgTable(
  'gift_card_transactions',
  {
    id: serial('id').primaryKey(),
    giftCardId: integer('gift_card_id')
      .notNull()
      .references(() => giftCards.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('gift_card_transactions_card_idx').on(t.giftCardId)],
);

/**
 * `cancelled`: closed by the shop before it completed (issue #29: a certificate paid the rest, or
 * the order was cancelled); `expired`: its provider-side lifetime ended unpaid.
 */
export const PAYMENT_ATTEMPT_STATUSES = ['created', 'paid', 'failed', 'cancelled', 'expired'] as const;
export type PaymentAttemptStatus = (typeof PAYMENT_ATTEMPT_STATUSES)[number];

/** One card payment attempt of an order at a provider ("sandbox" or "sber"). */
export const orderPayments = pgTable(
  'order_payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** The provider's order id (Sber `orderId`, sandbox uuid). */
    providerOrderId: text('provider_order_id').notNull(),
    /** Rubles to pay by card. */
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    status: text('status').$type<PaymentAttemptStatus>().notNull().default('created'),
    /** The provider's answer of the last status check, for support. */
    providerStatus: text('provider_status').notNull().default(''),
    /** Russian reason of a refusal shown to the shopper, "" otherwise. */
    message: text('message').notNull().default(''),
    /** Issue #29: "card" or "sbp" (the fast payment system). */
    method: text('method').notNull().default('card'),
    /** Issue #29: where the shopper pays (acquiring form, СБП bank link); re-used while open. */
    confirmationUrl: text('confirmation_url').notNull().default(''),
    /** Issue #29: СБП QR payload (an https://qr.nspk.ru/… link) for desktop, "" otherwise. */
    qrPayload: text('qr_payload').notNull().default(''),
    /** Issue #29: the attempt is not re-used after this (the provider's lifetime of a payment). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Issue #29: the `Idempotence-Key` the attempt was created with (ЮKassa), "" for others. */
    idempotenceKey: text('idempotence_key').notNull().default(''),
    /** Issue #29 (54-ФЗ): the receipt sent with the payment, as server/services/payments/receipt.ts builds it. */
    receipt: jsonb('receipt').$type<Record<string, unknown>>(),
    /** Issue #29: rubles refunded of this attempt so far. */
    refundedAmount: numeric('refunded_amount', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_payments_order_idx').on(t.orderId),
    // Issue #29: one open attempt per order, re-used until it expires.
    uniqueIndex('order_payments_open_uq')
      .on(t.orderId)
      .where(sql`${t.status} = 'created'`),
    uniqueIndex('order_payments_provider_uq').on(t.provider, t.providerOrderId),
  ],
);

export const SANDBOX_STATUSES = ['created', 'deposited', 'declined'] as const;
export type SandboxStatus = (typeof SANDBOX_STATUSES)[number];

/** The built-in sandbox acquiring's side: a registered payment and what the card form did. */
export const sandboxAcquiringOrders = pgTable('sandbox_acquiring_orders', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Kopecks, as acquiring APIs count. */
  amountKopecks: integer('amount_kopecks').notNull(),
  description: text('description').notNull(),
  returnUrl: text('return_url').notNull(),
  status: text('status').$type<SandboxStatus>().notNull().default('created'),
  /** Last 4 digits of the card used. */
  cardLast4: text('card_last4').notNull().default(''),
  declineReason: text('decline_reason').notNull().default(''),
  /** Issue #29: "card" (the card form) or "sbp" (the simulated СБП page). */
  method: text('method').notNull().default('card'),
  /** Issue #29 (54-ФЗ): the receipt the shop registered with the payment, shown on the sandbox page. */
  receipt: jsonb('receipt').$type<Record<string, unknown>>(),
  /** Issue #29: kopecks refunded so far. */
  refundedKopecks: integer('refunded_kopecks').notNull().default(0),
  /** Issue #29: refunds with their receipts, oldest first, as the sandbox "bank" recorded them. */
  refunds: jsonb('refunds').$type<Array<Record<string, unknown>>>().notNull().default([]),
  /** Issue #29: the sandbox payment lifetime (a bank's session timeout). */
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * Issue #29: refunds of an order's paid attempts (a cancelled order, a return of some lines, a
 * payment that completed on an order already paid). `key` makes each refund happen exactly once:
 * "cancel:<order>", "late:<payment>", "lines:<order>:<client key>"; it is also the provider's
 * idempotence key. `items` are the refunded lines: order_item_id and quantity (delivery as
 * order_item_id 0). `receipt` is the 54-ФЗ refund receipt (признак расчёта «возврат прихода»).
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => orderPayments.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** Rubles. */
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    items: jsonb('items').$type<Array<{ order_item_id: number; quantity: number }>>().notNull().default([]),
    receipt: jsonb('receipt').$type<Record<string, unknown>>(),
    status: text('status').$type<RefundStatus>().notNull().default('pending'),
    /** The provider's refund id, "" until it answered. */
    providerRefundId: text('provider_refund_id').notNull().default(''),
    /** Russian reason shown in the order history, e.g. «Заказ отменён». */
    reason: text('reason').notNull(),
    /** Who asked: "operator:<name>", "1c", "system". */
    requestedBy: text('requested_by').notNull(),
    message: text('message').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('order_refunds_key_uq').on(t.key),
    index('order_refunds_order_idx').on(t.orderId),
    check('order_refunds_amount_positive', sql`${t.amount} > 0`),
  ],
);
