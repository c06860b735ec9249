/**
 * Change events of the console's content (issue #32, docs/caching.md "Where changes come from"):
 * a banner, article, info page, SEO record, landing page or the organisation record changed by an
 * operator reaches the storefront the same way a catalogue change does — one row per storefront
 * cache tag in the outbox `catalog_changes` (kind "content"), written in the change's own
 * transaction, and `pg_notify('catalog_changes')` delivered at its commit. The change-events
 * dispatcher (server/services/change-events.ts) then drops the API's response cache and posts the
 * tags to every storefront, so the page shows the change within the freshness bound. A rolled-back
 * change writes no event.
 */
import { sql } from 'drizzle-orm';
import { catalogChanges } from '../../db/schema';
import type { Tx } from '../../db/client';

/**
 * The storefront cache tags (lib/revalidation.ts KNOWN_TAG, set by the fetchers of features/*\/api)
 * each kind of content is read under.
 */
export const CONTENT_TAGS = {
  banners: ['banners', 'content'],
  articles: ['content', 'sitemap'],
  pages: ['content', 'sitemap'],
  settings: ['organization'],
  seo: ['seo'],
  // plus `landing:<slug>` of the page itself
  landings: ['sitemap'],
  giftCards: ['gift-cards'],
} as const satisfies Record<string, readonly string[]>;

/**
 * Records that content under `tags` changed, inside the change's transaction.
 * @param tags storefront cache tags, e.g. CONTENT_TAGS.banners or `landing:${slug}`; empty: nothing.
 */
export async function noteContentChanged(tx: Tx, tags: readonly string[]): Promise<void> {
  const unique = [...new Set(tags)];
  if (unique.length === 0) return;
  await tx.insert(catalogChanges).values(unique.map((tag) => ({ kind: 'content' as const, tag })));
  await tx.execute(sql`select pg_notify('catalog_changes', '')`);
}
