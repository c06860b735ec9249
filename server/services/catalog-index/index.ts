/**
 * In-process catalogue index of the shop API (issue #7 budget "with 100,000 products: listing with
 * facets and search p95 under 30 ms in the API"; spec §7 `GET /v1/offers/{path}/`,
 * `GET /v1/all/filters/{slug}/`, `GET /v1/search/{query}/`).
 *
 * Why: a filtered listing page asked PostgreSQL for about eight counts over ~1.2M size rows (p95
 * 716 ms with 100k products). The facet attributes of every product are small — category, brand,
 * material, price, sale and new flags, the colours of its offers and the sizes in stock — so the
 * API keeps them in typed arrays (≈ 110 bytes per product with the search postings: 10.6 MB for
 * 100k products) and computes a listing's ids, count,
 * sort and page, and every facet count, in one pass in JS (≈ 1–3 ms for 100k products). Only the
 * page's 24 cards are then read from the database (`loadCards`).
 *
 * Same answers as the SQL it replaces (kept as the reference `listOffersSql` / `listFacetsSql`;
 * ./catalog-index.test.ts compares both on random filters):
 * - sizes count only in stock (`offer_features.stock > 0`, any offer of the product), colours are
 *   the colours of the product's offers; AND across filters, OR within one; the category filter is
 *   the category and its descendants (`path = X or path like 'X/%'`);
 * - the five sort orders are read from the database itself (`select id … order by <orderBy>`), so
 *   numeric, timestamp and tie-breaking semantics are PostgreSQL's; facet ties (equal counts) are
 *   ordered by names in the database's collation, read the same way.
 *
 * Freshness (one index per `Db` object, i.e. per API process):
 * - {@link noteStockChanged}(db, productIds) — after a committed stock change (checkout,
 *   server/services/checkout.ts; any future stock restore): the next read reloads the in-stock sizes
 *   of those products before answering (one small query), so a size sold out by an order leaves
 *   the size facet and the size filter on the very next request.
 * - {@link noteProductsChanged}(db, productIds) — products inserted, updated (price, sale, name,
 *   popularity, colours, sizes) or deleted (the change events of server/services/change-events.ts):
 *   the next read patches them in (./patch.ts: a few small queries and an O(n) merge of the sort
 *   orders, milliseconds) — or waits for a full rebuild when the patch cannot place them (a new
 *   brand, colour, size name, material or category).
 * - {@link noteCatalogChanged}(db) — anything else that changes what a listing shows (seed,
 *   brands, categories, colours, tags): the next read waits for a full rebuild.
 * - Safety net: an index older than {@link INDEX_TTL_MS} is rebuilt in the background (requests
 *   keep the current one meanwhile), so a write that bypassed the two calls above (psql, another
 *   process on the same PostgreSQL) shows within about a minute.
 * Changes noted while a rebuild is reading are applied again after it, so no change is lost.
 *
 * The files: model.ts (the index's shape), build.ts (reading it from the database), lifecycle.ts
 * (freshness above), patch.ts (product changes patched in), filters.ts (base set, filters, listing page), facet-counts.ts. Full-text and
 * typo search over the index live in server/services/search/.
 */
export { buildCatalogIndex, indexBytes } from './build';
export { facetCounts, type IndexFacets } from './facet-counts';
export { categoryScope, denseIds, listingPage, type IndexBase } from './filters';
export {
  catalogIndex,
  catalogIndexEnabled,
  INDEX_TTL_MS,
  noteCatalogChanged,
  noteProductsChanged,
  noteStockChanged,
} from './lifecycle';
export { patchCatalogIndex, readProductPatch, type ProductPatch } from './patch';
export { GROUP, type CatalogIndex, type FacetGroup } from './model';
