/**
 * What the shop tells a shopper later (issue #33 items 2–4): back-in-stock subscriptions per size,
 * price-drop mail for favourites, and orders in one click. Migration 0017_shopper_notices.sql.
 *
 * - `stock_notices`: one row per (size, e-mail) waiting for the size to come back. A guest's row
 *   waits for the double opt-in (`confirmed_at` null, `confirm_token_hash` set); a signed-in
 *   shopper's own address is confirmed at once. The database trigger `stock_notices_due` (on any
 *   UPDATE of `offer_features`: checkout, reservation expiry, 1C exchange, YML import, an
 *   operator's SQL) sets `due_at` when the size's stock goes from 0 to more than 0;
 *   server/services/notices/stock-notices.ts mails the due rows and sets `sent_at`, which ends the
 *   subscription.
 * - `favorite_prices`: the price of a favourite the shopper last saw (rubles), written by the
 *   trigger `favorite_prices_seen` when a favourite is added and lowered when a price-drop mail
 *   names it.
 * - `price_drop_mails`: when a shopper last got a price-drop mail (at most one a day).
 * - `notice_jobs`: when a daily job last ran; the row is the lock that makes it run once a day
 *   across restarts and API instances.
 * One-click orders are ordinary `orders` rows (payment_method "one_click").
 */
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { offerFeatures, products } from './catalog';

export const stockNotices = pgTable(
  'stock_notices',
  {
    id: serial('id').primaryKey(),
    /** The size (offer_features row) awaited. */
    featureId: integer('feature_id')
      .notNull()
      .references(() => offerFeatures.id, { onDelete: 'cascade' }),
    /** Lowercased address the mail goes to. */
    email: text('email').notNull(),
    /** The signed-in shopper who asked (their profile lists it), else null. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the guest's confirmation token; null once confirmed or for a shopper's own address. */
    confirmTokenHash: text('confirm_token_hash'),
    confirmExpiresAt: timestamp('confirm_expires_at', { withTimezone: true }),
    /** Null until the double opt-in is done: no mail goes to an unconfirmed address. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** Set by the trigger when the size's stock went from 0 to more than 0. */
    dueAt: timestamp('due_at', { withTimezone: true }),
    /** The back-in-stock mail went out: the subscription has ended. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stock_notices_open_uq')
      .on(t.featureId, t.email)
      .where(sql`${t.sentAt} is null`),
    index('stock_notices_due_idx')
      .on(t.dueAt)
      .where(sql`${t.sentAt} is null and ${t.dueAt} is not null`),
    index('stock_notices_user_idx').on(t.userId),
    uniqueIndex('stock_notices_token_uq').on(t.confirmTokenHash),
  ],
);

export const favoritePrices = pgTable(
  'favorite_prices',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Rubles: the price when the favourite was added, or named in the last price-drop mail. */
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);

export const priceDropMails = pgTable('price_drop_mails', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
});

export const noticeJobs = pgTable('notice_jobs', {
  /** e.g. "price-drop". */
  name: text('name').primaryKey(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }).notNull(),
});
