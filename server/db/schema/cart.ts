/** Basket tables (spec §3 Cart item, §7 Cart). */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { offerFeatures, offers } from './catalog';

export const carts = pgTable('carts', {
  id: uuid('id').primaryKey().defaultRandom(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A basket line (spec §3 Cart item). One line per offer + chosen features. */
export const cartItems = pgTable(
  'cart_items',
  {
    itemUuid: uuid('item_uuid').primaryKey().defaultRandom(),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    featureId: integer('feature_id').references(() => offerFeatures.id),
    featureTopId: integer('feature_top_id').references(() => offerFeatures.id),
    featureBotId: integer('feature_bot_id').references(() => offerFeatures.id),
    quantity: integer('quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('cart_items_cart_idx').on(t.cartId),
    uniqueIndex('cart_items_line_uq').on(
      t.cartId,
      t.offerId,
      sql`coalesce(${t.featureId}, 0)`,
      sql`coalesce(${t.featureTopId}, 0)`,
      sql`coalesce(${t.featureBotId}, 0)`,
    ),
    check('cart_items_quantity_positive', sql`${t.quantity} >= 1`),
  ],
);
