/**
 * Landing pages (spec §7 `GET /v1/landing_page/{slug}`): editorial collections such as
 * "Купальники для отпуска" that are a saved filter over the whole catalogue, served by the
 * storefront at /landing/{slug}.
 */
import { integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';

export const landingPages = pgTable(
  'landing_pages',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    h1: text('h1').notNull(),
    description: text('description').notNull(),
    /** Intro text above the products. */
    text: text('text').notNull().default(''),
    /** Optional category path the products come from ("kupalniki"). */
    categoryPath: text('category_path'),
    /** An `OfferFilters` object (lib/api/contract/catalog). */
    filter: jsonb('filter').notNull().$type<Record<string, unknown>>(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('landing_pages_slug_uq').on(t.slug)],
);
