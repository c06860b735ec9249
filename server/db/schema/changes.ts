/**
 * The outbox of catalogue changes (issue #13 "Truthful pages"): database triggers (migration
 * 0010_catalog_change_events.sql) write one row per product a statement changed, whoever ran it:
 * checkout, reservation expiry, an import, or an operator's own SQL on PostgreSQL. They also
 * `pg_notify('catalog_changes')` at commit. server/services/change-events.ts reads the rows after
 * the last id it saw and invalidates the API's caches, its catalogue index and the storefront's
 * pages. Rows older than an hour are deleted by the same service.
 *
 * `kind`: "stock" (offer_features updated: stock), "product" (products, offers, sizes added or
 * removed, images), "catalog" (brands, categories, colours, tags: `productId` null, everything),
 * "content" (issue #32: the console changed a banner, article, page, SEO record…; `tag` names the
 * storefront cache tag, written in the change's own transaction).
 */
import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Kinds of {@link catalogChanges} rows. */
export const CHANGE_KINDS = ['stock', 'product', 'catalog', 'content'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export const catalogChanges = pgTable(
  'catalog_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productId: integer('product_id'),
    kind: text('kind').$type<ChangeKind>().notNull(),
    /** Issue #32: for kind "content", the storefront cache tag to expire ("banners", "landing:leto"). */
    tag: text('tag'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('catalog_changes_changed_at_idx').on(t.changedAt)],
);
