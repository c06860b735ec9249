/**
 * Catalogue import bookkeeping (issue #15 "Bring the real catalogue",
 * server/services/catalog-import): one row per import run with its report, and the orders the
 * 1C exchange (`type=sale`) has handed over.
 */
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { categories } from './catalog';
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

/**
 * Issue #28: the 1C classifier's properties (`Классификатор/Свойства/Свойство`) as the exchanges
 * sent them, so a later goods-only or offers-only package whose values are references
 * (`ИдЗначения`) still finds the property's name. Upserted by every classifier read.
 */
export const importProperties = pgTable('import_properties', {
  extId: text('ext_id').primaryKey(),
  name: text('name').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Issue #28: the classifier's dictionary of property values (`ВариантыЗначений/Справочник`):
 * value `Ид` → its text. Looked up by the value's own `Ид` whatever property names it, because 1C
 * configurations reuse one dictionary under several properties.
 */
export const importPropertyValues = pgTable(
  'import_property_values',
  {
    extId: text('ext_id').primaryKey(),
    propertyExtId: text('property_ext_id').notNull(),
    value: text('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('import_property_values_property_idx').on(t.propertyExtId)],
);

/**
 * Issue #28: every feed category (1C `Группа`, YML `<category>`) → the shop category it landed in,
 * also when it joined an existing category of the same name (which keeps its own `ext_id`), so a
 * goods-only exchange without the classifier still puts each product into its category.
 */
export const importCategoryLinks = pgTable('import_category_links', {
  extId: text('ext_id').primaryKey(),
  categoryId: integer('category_id')
    .notNull()
    .references(() => categories.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  parentExtId: text('parent_ext_id'),
});

/**
 * Issue #28: picture addresses that could not be fetched, with the reason, so a re-import does not
 * fetch them again before IMPORT_PICTURE_RETRY_HOURS have passed.
 */
export const importPictureFailures = pgTable('import_picture_failures', {
  sourceUrl: text('source_url').primaryKey(),
  reason: text('reason').notNull(),
  failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
});
