/**
 * Catalogue import bookkeeping (issue #15 "Bring the real catalogue",
 * server/services/catalog-import): one row per import run with its report, and the orders the
 * 1C exchange (`type=sale`) has handed over.
 */
import { integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { orders } from './orders';

/** One import: `source` "yml" (CLI) or "commerceml" (1C exchange); `report` is its ImportReport. */
export const importRuns = pgTable('import_runs', {
  id: serial('id').primaryKey(),
  source: text('source').notNull(),
  /** File name or URL imported. */
  input: text('input').notNull(),
  /** "running", "success" or "failure". */
  status: text('status').notNull(),
  report: jsonb('report').$type<Record<string, unknown>>(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/**
 * Orders sent to 1C (`type=sale&mode=query`): `sentAt` when a query last included the order,
 * `exportedAt` when 1C confirmed it with `mode=success`; a query sends the orders not yet exported.
 */
export const orderExchange = pgTable('order_exchange', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  exportedAt: timestamp('exported_at', { withTimezone: true }),
});
