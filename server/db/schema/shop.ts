/**
 * The shop's own records the owner edits (issue #34): its stores and its delivery settings, the
 * one source of every delivery, pickup and payment promise (lib/api/contract/delivery-terms.ts).
 * The checkout quote, the info pages /delivery-and-payments, /address, /contacts, the product
 * JSON-LD and `GET /v1/delivery_terms/` read them (server/services/delivery/terms.ts).
 */
import { boolean, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { DeliverySettings } from '@/lib/api/contract/delivery-terms';

/** The shop's stores and showrooms: /address, /contacts and the pickup points of checkout. */
export const shopStores = pgTable('shop_stores', {
  id: serial('id').primaryKey(),
  /** Order on the pages. */
  sort: integer('sort').notNull().default(0),
  /** City name as in `cities.name` ("Москва"): pickup is offered for that city. */
  city: text('city').notNull(),
  name: text('name').notNull(),
  /** Postal address without the city. */
  address: text('address').notNull(),
  directions: text('directions').notNull().default(''),
  hours: text('hours').notNull(),
  phone: text('phone').notNull().default(''),
  /** Orders can be picked up here, free, ready in pickupDaysMin–pickupDaysMax days. */
  pickup: boolean('pickup').notNull().default(false),
  pickupDaysMin: integer('pickup_days_min').notNull().default(1),
  pickupDaysMax: integer('pickup_days_max').notNull().default(2),
});

/** The delivery settings, a single row with id 1 (validated by `DeliverySettings` when read and written). */
export const shopSettings = pgTable('shop_settings', {
  id: integer('id').primaryKey(),
  delivery: jsonb('delivery').$type<DeliverySettings>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
