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
 * server/services/catalog-index.test.ts compares both on random filters):
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
 * - {@link noteCatalogChanged}(db) — anything else that changes what a listing shows (seed,
 *   product/price/category edits, imports): the next read waits for a full rebuild.
 * - Safety net: an index older than {@link INDEX_TTL_MS} is rebuilt in the background (requests
 *   keep the current one meanwhile), so a write that bypassed the two calls above (psql, another
 *   process on the same PostgreSQL) shows within about a minute.
 * Changes noted while a rebuild is reading are applied again after it, so no change is lost.
 */
import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from '../db/client';
import type { OfferFilters, Sort } from '@/lib/api/contract/catalog';
import { logError } from './log';

/**
 * Whether listings and facets use the index: yes unless the environment says `CATALOG_INDEX=off`
 * (then they run the reference SQL; scripts/bench-catalog.ts uses it for the "before" figures).
 */
export function catalogIndexEnabled(): boolean {
  return process.env.CATALOG_INDEX !== 'off';
}

/** Age (ms) after which an index is rebuilt in the background even without a noted change. */
export const INDEX_TTL_MS = 60_000;

/** Sort orders kept as permutations; `popular` is also the default (no `sort`). */
const SORT_KEYS = ['popular', 'new', 'price_asc', 'price_desc', 'discount'] as const;
type SortKey = (typeof SORT_KEYS)[number];

/** ORDER BY of each sort, the same as catalog.ts `orderBy` (which it must stay equal to). */
const SORT_SQL: Record<SortKey, SQL> = {
  popular: sql`popularity desc, id`,
  new: sql`created_at desc, id desc`,
  price_asc: sql`price asc, id`,
  price_desc: sql`price desc, id`,
  discount: sql`coalesce((old_price - price) / old_price, 0) desc, id`,
};

/** Filter groups, one bit each, in the order of `FacetGroup`. */
export const GROUP = { brands: 1, colors: 2, sizes: 4, materials: 8, price: 16, sale: 32, new: 64 } as const;
export type FacetGroup = keyof typeof GROUP;
/** Fail mask of a product outside the base set. */
const OUTSIDE = 255;

/** A brand, colour, size or material of the dictionaries, `rank` = position in the tie order. */
interface Named {
  id: number;
  slug: string;
  name: string;
}

/** The immutable part of an index plus the arrays that stock changes patch in place. */
export interface CatalogIndex {
  /** Number of products. */
  n: number;
  /** Dense index → product id (ascending). */
  ids: Int32Array;
  /** Product id → dense index, -1 when absent. */
  denseOf: Int32Array;
  categoryOf: Int32Array;
  /** Brand rank (position in `brands`) of each product. */
  brandOf: Uint16Array;
  /** Material rank (position in `materials`) of each product. */
  materialOf: Uint16Array;
  /** Rubles, as `Number()` of the numeric. */
  price: Float64Array;
  /** `old_price is not null`. */
  sale: Uint8Array;
  isNew: Uint8Array;
  /** Colour bitset per product, `colorWords` Uint32 words each (bit = position in `colors`). */
  colorBits: Uint32Array;
  colorWords: number;
  /** In-stock size bitset per product, `sizeWords` words each (bit = position in `sizes`). */
  sizeBits: Uint32Array;
  sizeWords: number;
  /** Dense indices in each sort order. */
  orders: Record<SortKey, Int32Array>;
  /** Brands ordered by name (database collation), then id. */
  brands: Named[];
  brandBySlug: Map<string, number>;
  /** Colours ordered by name, then id. */
  colors: Array<Named & { hex: string }>;
  colorBySlug: Map<string, number>;
  /** Size names ordered by their smallest `sort`, then name (the SQL's `order by s, f.name`). */
  sizes: string[];
  sizeByName: Map<string, number>;
  /** Materials ordered by the database collation. */
  materials: string[];
  materialByName: Map<string, number>;
  /** Category path → id, and id → path. */
  categoryByPath: Map<string, number>;
  categoryPaths: Map<number, string>;
  /** Tag filters by `${categoryPath}\u0000${tagSlug}`. */
  tags: Map<string, OfferFilters>;
  /** Search (issue #7 "search candidates narrowed before ranking"): lexeme of `search_vector` → dense ids. */
  lexemes: Map<string, Int32Array>;
  /** Dense index → position in the popularity order (popularity desc, id). */
  popRank: Int32Array;
  /** Distinct `lower(name)` values and their products (dense, popularity order). */
  names: string[];
  /** Name → index into `names`. */
  nameIndex: Map<string, number>;
  nameMembers: Int32Array[];
  /** Trigrams of `names` (built with the index; null only while it is being built). */
  nameTrigrams: NameTrigrams | null;
  /** `lower(name)` and `lower(name_ru)` of each brand of `brands` (same order), for typo search. */
  brandNames: Array<[string, string]>;
  /** When the build started reading (ms since epoch). */
  builtAt: number;
  /** Build duration, ms. */
  buildMs: number;
}


function wordsFor(bits: number): number {
  return Math.max(1, Math.ceil(bits / 32));
}

/** Reads the whole index from the database (a dozen queries, in parallel on PostgreSQL). */
export async function buildCatalogIndex(db: Db): Promise<CatalogIndex> {
  const started = performance.now();
  const builtAt = Date.now();
  const [cats, tagRows, brandRows, colorRows, sizeRows, materialRows] = await Promise.all([
    rows<{ id: number; path: string }>(db, sql`select id, path from categories`),
    rows<{ path: string; slug: string; filter: OfferFilters | string }>(
      db,
      sql`select c.path, t.slug, t.filter from tags t join categories c on c.id = t.category_id`,
    ),
    rows<{ id: number; slug: string; name: string; lower_name: string; lower_name_ru: string }>(
      db,
      sql`select id, slug, name, lower(name) as lower_name, lower(name_ru) as lower_name_ru from brands order by name, id`,
    ),
    rows<{ id: number; slug: string; name: string; hex: string }>(db, sql`select id, slug, name, hex from colors order by name, id`),
    rows<{ name: string }>(db, sql`select name from offer_features group by name order by min(sort), name`),
    rows<{ material: string }>(db, sql`select material from products group by material order by material`),
  ]);
  const [productRows, offerRows, stockRows, ...orderRows] = await Promise.all([
    rows<{ id: number; category_id: number; brand_id: number; material: string; price: string | number; sale: boolean; is_new: boolean }>(
      db,
      sql`select id, category_id, brand_id, material, price, old_price is not null as sale, is_new from products order by id`,
    ),
    rows<{ product_id: number; color_id: number }>(db, sql`select distinct product_id, color_id from offers`),
    inStockRows(db),
    ...SORT_KEYS.map((key) => rows<{ id: number }>(db, sql`select id from products order by ${SORT_SQL[key]}`)),
  ]);
  const [lexRows, nameRows] = await Promise.all([
    rows<{ lex: string; ids: number[] | string }>(
      db,
      sql`select lex, array_agg(id) as ids from products, unnest(tsvector_to_array(search_vector)) lex group by lex`,
    ),
    rows<{ id: number; n: string }>(db, sql`select id, lower(name) as n from products`),
  ]);

  const n = productRows.length;
  const ids = new Int32Array(n);
  let maxId = 0;
  for (let i = 0; i < n; i += 1) {
    ids[i] = Number(productRows[i]!.id);
    if (ids[i]! > maxId) maxId = ids[i]!;
  }
  const denseOf = new Int32Array(maxId + 1).fill(-1);
  for (let i = 0; i < n; i += 1) denseOf[ids[i]!] = i;

  const brands = brandRows.map((b) => ({ id: Number(b.id), slug: b.slug, name: b.name }));
  const brandRank = new Map(brands.map((b, i) => [b.id, i]));
  const colors = colorRows.map((c) => ({ id: Number(c.id), slug: c.slug, name: c.name, hex: c.hex }));
  const colorRank = new Map(colors.map((c, i) => [c.id, i]));
  const sizes = sizeRows.map((s) => s.name);
  const sizeByName = new Map(sizes.map((s, i) => [s, i]));
  const materials = materialRows.map((m) => m.material);
  const materialByName = new Map(materials.map((m, i) => [m, i]));

  const categoryOf = new Int32Array(n);
  const brandOf = new Uint16Array(n);
  const materialOf = new Uint16Array(n);
  const price = new Float64Array(n);
  const sale = new Uint8Array(n);
  const isNew = new Uint8Array(n);
  for (let i = 0; i < n; i += 1) {
    const p = productRows[i]!;
    categoryOf[i] = Number(p.category_id);
    brandOf[i] = brandRank.get(Number(p.brand_id)) ?? 0;
    materialOf[i] = materialByName.get(p.material) ?? 0;
    price[i] = Number(p.price);
    sale[i] = p.sale ? 1 : 0;
    isNew[i] = p.is_new ? 1 : 0;
  }
  const colorWords = wordsFor(colors.length);
  const colorBits = new Uint32Array(n * colorWords);
  for (const o of offerRows) {
    const i = denseOf[Number(o.product_id)] ?? -1;
    const bit = colorRank.get(Number(o.color_id));
    if (i < 0 || bit === undefined) continue;
    colorBits[i * colorWords + (bit >>> 5)]! |= 1 << (bit & 31);
  }
  const sizeWords = wordsFor(sizes.length);
  const sizeBits = new Uint32Array(n * sizeWords);
  applyStock(sizeBits, sizeWords, denseOf, sizeByName, stockRows);

  const orders = {} as Record<SortKey, Int32Array>;
  SORT_KEYS.forEach((key, k) => {
    const list = orderRows[k]!;
    const order = new Int32Array(list.length);
    for (let j = 0; j < list.length; j += 1) order[j] = denseOf[Number(list[j]!.id)]!;
    orders[key] = order;
  });

  const popRank = new Int32Array(n);
  orders.popular.forEach((i, position) => {
    popRank[i] = position;
  });
  const lexemes = new Map<string, Int32Array>();
  for (const r of lexRows) {
    const list = typeof r.ids === 'string' ? r.ids.replace(/[{}]/g, '').split(',').map(Number) : r.ids;
    const dense = new Int32Array(list.length);
    for (let j = 0; j < list.length; j += 1) dense[j] = denseOf[Number(list[j])]!;
    lexemes.set(r.lex, dense);
  }
  const byName = new Map<string, number[]>();
  for (const r of nameRows) {
    const i = denseOf[Number(r.id)]!;
    const list = byName.get(r.n);
    if (list) list.push(i);
    else byName.set(r.n, [i]);
  }
  const names = [...byName.keys()];
  const nameMembers = names.map((name) => Int32Array.from(byName.get(name)!.sort((a, b) => popRank[a]! - popRank[b]!)));

  const index: CatalogIndex = {
    n,
    ids,
    denseOf,
    lexemes,
    popRank,
    names,
    nameIndex: new Map(names.map((name, k) => [name, k])),
    nameMembers,
    nameTrigrams: null,
    categoryOf,
    brandOf,
    materialOf,
    price,
    sale,
    isNew,
    colorBits,
    colorWords,
    sizeBits,
    sizeWords,
    orders,
    brands,
    brandBySlug: new Map(brands.map((b, i) => [b.slug, i])),
    brandNames: brandRows.map((b) => [b.lower_name, b.lower_name_ru]),
    colors,
    colorBySlug: new Map(colors.map((c, i) => [c.slug, i])),
    sizes,
    sizeByName,
    materials,
    materialByName,
    categoryByPath: new Map(cats.map((c) => [c.path, Number(c.id)])),
    categoryPaths: new Map(cats.map((c) => [Number(c.id), c.path])),
    tags: new Map(
      tagRows.map((t) => [`${t.path}\u0000${t.slug}`, (typeof t.filter === 'string' ? JSON.parse(t.filter) : t.filter) as OfferFilters]),
    ),
    builtAt,
    buildMs: 0,
  };
  // The names' trigrams (45–95 ms at 100k products) are built here, in the background build,
  // rather than in the first typo search after each 60 s rebuild.
  nameTrigrams(index);
  index.buildMs = performance.now() - started;
  return index;
}

/** (product, size name) pairs in stock, optionally of some products only. */
function inStockRows(db: Db, productIds?: number[]): Promise<Array<{ product_id: number; name: string }>> {
  const only = productIds ? sql`and o.product_id in (${sql.join(productIds.map((id) => sql`${id}`), sql`, `)})` : sql``;
  return rows(
    db,
    sql`select distinct o.product_id, f.name from offers o join offer_features f on f.offer_id = o.id
        where f.stock > 0 ${only}`,
  );
}

/** Sets size bits from in-stock rows. @returns false when a size name is not in the dictionary. */
function applyStock(
  sizeBits: Uint32Array,
  sizeWords: number,
  denseOf: Int32Array,
  sizeByName: Map<string, number>,
  stock: Array<{ product_id: number; name: string }>,
): boolean {
  let known = true;
  for (const r of stock) {
    const i = denseOf[Number(r.product_id)] ?? -1;
    const bit = sizeByName.get(r.name);
    if (i < 0) continue;
    if (bit === undefined) {
      known = false;
      continue;
    }
    sizeBits[i * sizeWords + (bit >>> 5)]! |= 1 << (bit & 31);
  }
  return known;
}

/** Bytes held by the typed arrays of an index (the dictionaries add a few kB). */
export function indexBytes(index: CatalogIndex): number {
  const arrays = [
    index.ids,
    index.denseOf,
    index.categoryOf,
    index.brandOf,
    index.materialOf,
    index.price,
    index.sale,
    index.isNew,
    index.colorBits,
    index.sizeBits,
    index.popRank,
    ...Object.values(index.orders),
    ...index.lexemes.values(),
    ...index.nameMembers,
  ];
  return arrays.reduce((sum, a) => sum + a.byteLength, 0);
}

// ---------------------------------------------------------------- freshness

interface Store {
  index: CatalogIndex | null;
  /** Full rebuilds asked for; an index is fresh when it started after the last ask. */
  wanted: number;
  /** The generation (`wanted` at its start) of the current index. */
  generation: number;
  building: Promise<CatalogIndex> | null;
  /** Products whose stock changed since their sizes were last read. */
  dirty: Set<number>;
  refreshing: Promise<void> | null;
  /** Stock changes noted while a build reads; re-applied after it. */
  duringBuild: Set<number> | null;
}

const stores = new WeakMap<Db, Store>();

function storeOf(db: Db): Store {
  let store = stores.get(db);
  if (!store) {
    store = { index: null, wanted: 0, generation: -1, building: null, dirty: new Set(), refreshing: null, duringBuild: null };
    stores.set(db, store);
  }
  return store;
}

/**
 * The stock of some products' sizes changed (committed): the next read of the index reloads their
 * in-stock sizes before answering. Call after the transaction commits.
 */
export function noteStockChanged(db: Db, productIds: Iterable<number>): void {
  const store = storeOf(db);
  for (const id of productIds) {
    store.dirty.add(id);
    store.duringBuild?.add(id);
  }
}

/** Anything else about the catalogue changed (seed, products, prices, categories, tags): the next read waits for a full rebuild. */
export function noteCatalogChanged(db: Db): void {
  storeOf(db).wanted += 1;
}

function startBuild(db: Db, store: Store): Promise<CatalogIndex> {
  if (store.building) return store.building;
  const generation = store.wanted;
  const noted = new Set<number>();
  store.duringBuild = noted;
  store.building = buildCatalogIndex(db)
    .then((index) => {
      store.index = index;
      store.generation = generation;
      for (const id of noted) store.dirty.add(id);
      return index;
    })
    .finally(() => {
      store.building = null;
      if (store.duringBuild === noted) store.duringBuild = null;
    });
  return store.building;
}

async function refreshStock(db: Db, store: Store, index: CatalogIndex): Promise<void> {
  const ids = [...store.dirty];
  store.dirty.clear();
  try {
    const known = ids.filter((id) => (index.denseOf[id] ?? -1) >= 0);
    if (known.length !== ids.length) {
      // A product the index has never seen: only a full rebuild can place it.
      store.wanted += 1;
      return;
    }
    const stock = await inStockRows(db, ids);
    const { sizeBits, sizeWords, denseOf } = index;
    for (const id of ids) sizeBits.fill(0, denseOf[id]! * sizeWords, (denseOf[id]! + 1) * sizeWords);
    if (!applyStock(sizeBits, sizeWords, denseOf, index.sizeByName, stock)) store.wanted += 1;
  } catch (error) {
    for (const id of ids) store.dirty.add(id);
    throw error;
  }
}

/**
 * The current index of a database, fresh as the module docstring describes: builds it on first
 * use, waits for a rebuild after {@link noteCatalogChanged}, reloads noted stock changes, and
 * starts a background rebuild past {@link INDEX_TTL_MS}.
 * @throws whatever the database throws while building.
 */
export async function catalogIndex(db: Db): Promise<CatalogIndex> {
  const store = storeOf(db);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    if (!store.index || store.generation < store.wanted) {
      await startBuild(db, store);
      // A rebuild asked for while that one was reading needs another round.
      continue;
    }
    const index = store.index;
    if (store.dirty.size > 0) {
      if (!store.refreshing) {
        store.refreshing = refreshStock(db, store, index).finally(() => {
          store.refreshing = null;
        });
      }
      await store.refreshing;
      continue;
    }
    if (Date.now() - index.builtAt > INDEX_TTL_MS && !store.building) {
      void startBuild(db, store).catch((error: unknown) => logError('catalog-index', 'background rebuild', error));
    }
    return index;
  }
  return store.index!;
}

// ---------------------------------------------------------------- queries

/** The base set of a listing or facets request, resolved against an index. */
export interface IndexBase {
  /** Allowed category ids (the category and its descendants); null = whole catalogue. */
  categories: Uint8Array | null;
  /** Brand rank of the brand page variant; -1 = any. */
  brand: number;
  /** Dense indices of a search (ranked); null = not a search. */
  ranked: Int32Array | null;
  /** Filters that belong to the base set (a tag's, in facets). */
  fixed: OfferFilters;
}

/**
 * Category ids of a path and its descendants as a lookup array, or null for an unknown path.
 */
export function categoryScope(index: CatalogIndex, path: string): Uint8Array | null {
  if (!index.categoryByPath.has(path)) return null;
  let max = 0;
  for (const id of index.categoryPaths.keys()) if (id > max) max = id;
  const allowed = new Uint8Array(max + 1);
  const prefix = `${path}/`;
  for (const [id, p] of index.categoryPaths) if (p === path || p.startsWith(prefix)) allowed[id] = 1;
  return allowed;
}

/** Dense indices of product ids (unknown ids dropped), keeping their order. */
export function denseIds(index: CatalogIndex, productIds: number[]): Int32Array {
  const out: number[] = [];
  for (const id of productIds) {
    const i = id >= 0 && id < index.denseOf.length ? index.denseOf[id]! : -1;
    if (i >= 0) out.push(i);
  }
  return Int32Array.from(out);
}

/** A compiled `OfferFilters`: per group a test, null when the group is not selected. */
interface Compiled {
  brands: Uint8Array | null;
  materials: Uint8Array | null;
  colors: Uint32Array | null;
  sizes: Uint32Array | null;
  priceMin: number | undefined;
  priceMax: number | undefined;
  sale: boolean;
  isNew: boolean;
}

function compile(index: CatalogIndex, f: OfferFilters): Compiled {
  const pick = (values: string[] | undefined, by: Map<string, number>, size: number): Uint8Array | null => {
    if (!values?.length) return null;
    const set = new Uint8Array(size);
    for (const v of values) {
      const k = by.get(v);
      if (k !== undefined) set[k] = 1;
    }
    return set;
  };
  const bits = (values: string[] | undefined, by: Map<string, number>, words: number): Uint32Array | null => {
    if (!values?.length) return null;
    const mask = new Uint32Array(words);
    for (const v of values) {
      const k = by.get(v);
      if (k !== undefined) mask[k >>> 5]! |= 1 << (k & 31);
    }
    return mask;
  };
  return {
    brands: pick(f.brands, index.brandBySlug, index.brands.length),
    materials: pick(f.materials, index.materialByName, index.materials.length),
    colors: bits(f.colors, index.colorBySlug, index.colorWords),
    sizes: bits(f.sizes, index.sizeByName, index.sizeWords),
    priceMin: f.price_min,
    priceMax: f.price_max,
    sale: f.sale === true,
    isNew: f.new === true,
  };
}

function anyBit(bits: Uint32Array, offset: number, mask: Uint32Array): boolean {
  for (let w = 0; w < mask.length; w += 1) if ((bits[offset + w]! & mask[w]!) !== 0) return true;
  return false;
}

/** Bit mask of the groups of `c` that dense product `i` fails (0 = passes all). */
function failures(index: CatalogIndex, c: Compiled, i: number): number {
  let m = 0;
  if (c.brands && !c.brands[index.brandOf[i]!]) m |= GROUP.brands;
  if (c.colors && !anyBit(index.colorBits, i * index.colorWords, c.colors)) m |= GROUP.colors;
  if (c.sizes && !anyBit(index.sizeBits, i * index.sizeWords, c.sizes)) m |= GROUP.sizes;
  if (c.materials && !c.materials[index.materialOf[i]!]) m |= GROUP.materials;
  const p = index.price[i]!;
  if ((c.priceMin !== undefined && !(p >= c.priceMin)) || (c.priceMax !== undefined && !(p <= c.priceMax))) m |= GROUP.price;
  if (c.sale && !index.sale[i]) m |= GROUP.sale;
  if (c.isNew && !index.isNew[i]) m |= GROUP.new;
  return m;
}

/**
 * Fail masks of every product: {@link OUTSIDE} outside the base set, else the bits of the
 * `selected` groups it fails.
 */
function evaluate(index: CatalogIndex, base: IndexBase, selected: OfferFilters): Uint8Array {
  const fail = new Uint8Array(index.n).fill(OUTSIDE);
  const fixed = compile(index, base.fixed);
  const chosen = compile(index, selected);
  const visit = (i: number) => {
    if (base.categories && !base.categories[index.categoryOf[i]!]) return;
    if (base.brand >= 0 && index.brandOf[i] !== base.brand) return;
    if (failures(index, fixed, i) !== 0) return;
    fail[i] = failures(index, chosen, i);
  };
  if (base.ranked) for (const i of base.ranked) visit(i);
  else for (let i = 0; i < index.n; i += 1) visit(i);
  return fail;
}

/**
 * A listing page: the count of products of the base set passing `filters` and the product ids of
 * `[offset, offset + limit)` in `sort` order (the search rank when `sort` is omitted on a search).
 */
export function listingPage(
  index: CatalogIndex,
  base: IndexBase,
  filters: OfferFilters,
  sort: Sort | undefined,
  limit: number,
  offset: number,
): { count: number; ids: number[] } {
  const fail = evaluate(index, base, filters);
  let count = 0;
  for (let i = 0; i < index.n; i += 1) if (fail[i] === 0) count += 1;
  const ids: number[] = [];
  const order = base.ranked && !sort ? base.ranked : index.orders[(sort ?? 'popular') as SortKey] ?? index.orders.popular;
  let skip = offset;
  for (let j = 0; j < order.length && ids.length < limit; j += 1) {
    const i = order[j]!;
    if (fail[i] !== 0) continue;
    if (skip > 0) skip -= 1;
    else ids.push(index.ids[i]!);
  }
  return { count, ids };
}

/** Facet counts over a base set (see server/services/facets.ts for the rule and the shape). */
export interface IndexFacets {
  count: number;
  brands: Array<{ value: string; label: string; count: number }>;
  colors: Array<{ value: string; label: string; count: number; hex: string }>;
  /** In dictionary order (smallest sort, then name); the caller orders them for shoppers. */
  sizes: Array<{ value: string; label: string; count: number }>;
  materials: Array<{ value: string; label: string; count: number }>;
  price: { min: number | null; max: number | null };
  sale: { count: number };
  new: { count: number };
}

/**
 * Every facet with counts: facet F counts the products of the base set that pass every selected
 * filter except F's own (a product failing exactly F's group counts only for F). Values are
 * ordered as the SQL did: count descending, then name in the database collation.
 */
export function facetCounts(index: CatalogIndex, base: IndexBase, filters: OfferFilters): IndexFacets {
  const fail = evaluate(index, base, filters);
  const brandCount = new Int32Array(index.brands.length);
  const colorCount = new Int32Array(index.colors.length);
  const sizeCount = new Int32Array(index.sizes.length);
  const materialCount = new Int32Array(index.materials.length);
  let count = 0;
  let saleCount = 0;
  let newCount = 0;
  let min = Infinity;
  let max = -Infinity;
  const addBits = (bits: Uint32Array, offset: number, words: number, into: Int32Array) => {
    for (let w = 0; w < words; w += 1) {
      let word = bits[offset + w]!;
      while (word !== 0) {
        const low = word & -word;
        into[w * 32 + 31 - Math.clz32(low)]! += 1;
        word ^= low;
      }
    }
  };
  for (let i = 0; i < index.n; i += 1) {
    const m = fail[i]!;
    if (m === OUTSIDE) continue;
    if (m !== 0 && (m & (m - 1)) !== 0) continue; // fails two groups: counts nowhere
    if (m === 0 || m === GROUP.brands) brandCount[index.brandOf[i]!]! += 1;
    if (m === 0 || m === GROUP.colors) addBits(index.colorBits, i * index.colorWords, index.colorWords, colorCount);
    if (m === 0 || m === GROUP.sizes) addBits(index.sizeBits, i * index.sizeWords, index.sizeWords, sizeCount);
    if (m === 0 || m === GROUP.materials) materialCount[index.materialOf[i]!]! += 1;
    if (m === 0 || m === GROUP.price) {
      const p = index.price[i]!;
      if (p < min) min = p;
      if (p > max) max = p;
    }
    if (m === 0) {
      count += 1;
      if (index.sale[i]) saleCount += 1;
      if (index.isNew[i]) newCount += 1;
    }
  }
  const ranked = <T>(counts: Int32Array, make: (k: number, count: number) => T): T[] => {
    const ks: number[] = [];
    for (let k = 0; k < counts.length; k += 1) if (counts[k]! > 0) ks.push(k);
    ks.sort((a, b) => counts[b]! - counts[a]! || a - b);
    return ks.map((k) => make(k, counts[k]!));
  };
  const sizes: IndexFacets['sizes'] = [];
  for (let k = 0; k < sizeCount.length; k += 1) {
    if (sizeCount[k]! > 0) sizes.push({ value: index.sizes[k]!, label: index.sizes[k]!, count: sizeCount[k]! });
  }
  return {
    count,
    brands: ranked(brandCount, (k, c) => ({ value: index.brands[k]!.slug, label: index.brands[k]!.name, count: c })),
    colors: ranked(colorCount, (k, c) => ({ value: index.colors[k]!.slug, label: index.colors[k]!.name, count: c, hex: index.colors[k]!.hex })),
    sizes,
    materials: ranked(materialCount, (k, c) => ({ value: index.materials[k]!, label: index.materials[k]!, count: c })),
    price: min === Infinity ? { min: null, max: null } : { min, max },
    sale: { count: saleCount },
    new: { count: newCount },
  };
}

// ---------------------------------------------------------------- search

/**
 * Products matching a tsquery given in its text form (`websearch_to_tsquery(...)::text`), from the
 * lexeme postings of the stored `search_vector`s: the same rows `search_vector @@ query` gives.
 * @returns a 0/1 array over dense indices, or null when the query uses what the postings cannot
 *   answer (phrase `<->`, prefix `:*`, weight labels) and the caller must ask SQL.
 */
export function matchTsquery(index: CatalogIndex, text: string): Uint8Array | null {
  const tokens = text.match(/'(?:[^']|'')*'(?::[*A-Da-d]+)?|<(?:-|\d+)>|[&|!()]/g) ?? [];
  if (tokens.some((t) => t.startsWith('<') || /':[*A-Da-d]+$/.test(t))) return null;
  let at = 0;
  const all = () => new Uint8Array(index.n);
  const lexeme = (token: string) => {
    const set = all();
    for (const i of index.lexemes.get(token.slice(1, -1).replace(/''/g, "'")) ?? []) set[i] = 1;
    return set;
  };
  const primary = (): Uint8Array => {
    const token = tokens[at++];
    if (token === '!') {
      const inner = primary();
      for (let i = 0; i < inner.length; i += 1) inner[i] = inner[i] ? 0 : 1;
      return inner;
    }
    if (token === '(') {
      const inner = or();
      at += 1; // ')'
      return inner;
    }
    if (token?.startsWith("'")) return lexeme(token);
    throw new Error(`unexpected tsquery token ${token}`);
  };
  const and = (): Uint8Array => {
    const left = primary();
    while (tokens[at] === '&') {
      at += 1;
      const right = primary();
      for (let i = 0; i < left.length; i += 1) left[i] = left[i]! & right[i]!;
    }
    return left;
  };
  const or = (): Uint8Array => {
    const left = and();
    while (tokens[at] === '|') {
      at += 1;
      const right = and();
      for (let i = 0; i < left.length; i += 1) left[i] = left[i]! | right[i]!;
    }
    return left;
  };
  if (tokens.length === 0) return all();
  try {
    const result = or();
    return at === tokens.length ? result : null;
  } catch {
    return null;
  }
}

/** The first `most` products of `set` in popularity order (popularity desc, id), as dense indices. */
export function mostPopular(index: CatalogIndex, set: Uint8Array, most: number): number[] {
  const out: number[] = [];
  const order = index.orders.popular;
  for (let j = 0; j < order.length && out.length < most; j += 1) if (set[order[j]!]) out.push(order[j]!);
  return out;
}

// ---------------------------------------------------------------- trigrams (pg_trgm word similarity)

/**
 * A word of pg_trgm: a run of characters that are `t_isalpha || t_isdigit` (contrib/pg_trgm/trgm.h
 * `ISWORDCHR`, PostgreSQL 15), i.e. glibc's `iswalpha || iswdigit` under the database's `C.UTF-8`
 * ctype. Checked over all code points against the PostgreSQL 15 of CI (Debian 12, glibc 2.36):
 * every word character of PostgreSQL is Alphabetic or a decimal digit in Unicode; the other way
 * round only characters assigned after glibc's Unicode tables (CJK extensions H and I, …) and 35
 * combining marks (U+0363–036F, U+1DD3–1DE6, U+0F82–0F83) that later Unicode made Alphabetic differ.
 * (`[\p{L}\p{N}]` missed ~1,400 marks PostgreSQL counts and took "²", "½" for word characters.)
 */
const TRGM_WORD = /[\p{Alphabetic}\p{Nd}]+/gu;

/** PostgreSQL's `pg_crc32_table` (src/backend/utils/hash/pg_crc.c): the CRC-32 table of 0xEDB88320. */
const CRC_TABLE = (() => {
  const table = new Int32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c;
  }
  return table;
})();

/** One byte into a LEGACY CRC-32 (src/include/utils/pg_crc.h `COMP_LEGACY_CRC32`: that table, shifted left). */
function crcByte(crc: number, byte: number): number {
  return CRC_TABLE[((crc >>> 24) ^ byte) & 0xff]! ^ (crc << 8);
}

/** The UTF-8 bytes of a code point into a LEGACY CRC-32. */
function crcCodePoint(crc: number, cp: number): number {
  if (cp < 0x80) return crcByte(crc, cp);
  if (cp < 0x800) return crcByte(crcByte(crc, 0xc0 | (cp >> 6)), 0x80 | (cp & 0x3f));
  if (cp < 0x10000) {
    return crcByte(crcByte(crcByte(crc, 0xe0 | (cp >> 12)), 0x80 | ((cp >> 6) & 0x3f)), 0x80 | (cp & 0x3f));
  }
  crc = crcByte(crcByte(crc, 0xf0 | (cp >> 18)), 0x80 | ((cp >> 12) & 0x3f));
  return crcByte(crcByte(crc, 0x80 | ((cp >> 6) & 0x3f)), 0x80 | (cp & 0x3f));
}

/**
 * A trigram as pg_trgm stores it (`compact_trigram`, contrib/pg_trgm/trgm_op.c): three bytes, the
 * characters themselves when all three are single-byte, else the first three bytes in memory
 * (x86/ARM: the low ones) of the LEGACY CRC-32 of its UTF-8 bytes; here read as a 24-bit integer.
 * Two trigrams are equal exactly when PostgreSQL's are, hash collisions included.
 */
function trigramKey(a: number, b: number, c: number): number {
  if (a < 0x80 && b < 0x80 && c < 0x80) return a | (b << 8) | (c << 16);
  const crc = ~crcCodePoint(crcCodePoint(crcCodePoint(-1, a), b), c);
  return crc & 0xffffff;
}

/**
 * A word lower-cased as pg_trgm does it (`lowerstr_with_len`: `towlower` on each character): like
 * `toLowerCase()` except that "İ" becomes "i" and a final "Σ" "σ" (the only context or length
 * changes of the JS mapping).
 */
function lowerWord(word: string): string {
  if (!/[\u0130\u03a3]/.test(word)) return word.toLowerCase();
  let out = '';
  for (const ch of word) out += ch === '\u0130' ? 'i' : ch === '\u03a3' ? '\u03c3' : ch.toLowerCase();
  return out;
}

/**
 * pg_trgm's trigrams of a text in order, duplicates kept (`generate_trgm_only`,
 * contrib/pg_trgm/trgm_op.c): each word (see {@link TRGM_WORD}) lower-cased and padded
 * "  word ", then every three consecutive characters, as {@link trigramKey} integers.
 */
export function trigramKeys(text: string): number[] {
  const out: number[] = [];
  for (const word of text.match(TRGM_WORD) ?? []) {
    const cps = [32, 32];
    for (const ch of lowerWord(word)) cps.push(ch.codePointAt(0)!);
    cps.push(32);
    for (let k = 0; k + 3 <= cps.length; k += 1) out.push(trigramKey(cps[k]!, cps[k + 1]!, cps[k + 2]!));
  }
  return out;
}

/** pg_trgm's `CALCSML` (contrib/pg_trgm/trgm.h): `count / (len1 + len2 - count)` in float4. */
function calcSml(count: number, len1: number, len2: number): number {
  return Math.fround(count / (len1 + len2 - count));
}

/**
 * pg_trgm's `iterate_word_similarity` (contrib/pg_trgm/trgm_op.c, plain word similarity, not
 * CHECK_ONLY), line for line: the best similarity of the query with any extent of the text.
 * @param trg2 the text's trigrams from `from`, `len2` of them, each a slot (dense trigram index)
 * @param found per slot: whether the query has that trigram
 * @param lastpos per slot, all -1 on entry (scratch)
 * @param ulen1 distinct trigrams of the query
 */
function iterateWordSimilarity(
  trg2: ArrayLike<number>,
  from: number,
  len2: number,
  found: Uint8Array,
  lastpos: Int32Array,
  ulen1: number,
): number {
  let ulen2 = 0;
  let count = 0;
  let upper = -1;
  let lower = -1;
  let smlrMax = 0;
  for (let i = 0; i < len2; i += 1) {
    const t = trg2[from + i]!;
    if (lower >= 0 || found[t]) {
      if (lastpos[t]! < 0) {
        ulen2 += 1;
        if (found[t]) count += 1;
      }
      lastpos[t] = i;
    }
    if (!found[t]) continue;
    upper = i;
    if (lower === -1) {
      lower = i;
      ulen2 = 1;
    }
    let smlrCur = calcSml(count, ulen1, ulen2);
    // Also try to raise the lower bound for a greater similarity.
    let tmpCount = count;
    let tmpUlen2 = ulen2;
    const prevLower = lower;
    for (let tmpLower = lower; tmpLower <= upper; tmpLower += 1) {
      const smlrTmp = calcSml(tmpCount, ulen1, tmpUlen2);
      if (smlrTmp > smlrCur) {
        smlrCur = smlrTmp;
        ulen2 = tmpUlen2;
        lower = tmpLower;
        count = tmpCount;
      }
      const tt = trg2[from + tmpLower]!;
      if (lastpos[tt] === tmpLower) {
        tmpUlen2 -= 1;
        if (found[tt]) tmpCount -= 1;
      }
    }
    smlrMax = smlrMax > smlrCur ? smlrMax : smlrCur;
    for (let tmpLower = prevLower; tmpLower < lower; tmpLower += 1) {
      const tt = trg2[from + tmpLower]!;
      if (lastpos[tt] === tmpLower) lastpos[tt] = -1;
    }
  }
  return smlrMax;
}

/**
 * pg_trgm's `word_similarity(query, text)` computed in JS (search typos, spec §7 search, issue #7:
 * no scoring round trip to PostgreSQL). A port of `calc_word_similarity` and
 * `iterate_word_similarity` of contrib/pg_trgm/trgm_op.c (PostgreSQL 15): the greatest
 * `common / (query trigrams + extent trigrams − common)` over the extents of `text`, in float4.
 * @returns a float4 value (`Math.fround`) in [0, 1], equal to what PostgreSQL returns for the same
 *   strings (server/services/word-similarity.test.ts); 0 when either has no word.
 */
export function wordSimilarity(query: string, text: string): number {
  const wanted = new Set(trigramKeys(query));
  const { slots, distinct } = positionalTrigrams(text);
  const found = Uint8Array.from(distinct, (key) => (wanted.has(key) ? 1 : 0));
  return iterateWordSimilarity(slots, 0, slots.length, found, new Int32Array(distinct.length).fill(-1), wanted.size);
}

/**
 * A text's trigrams ({@link trigramKeys}) as `iterateWordSimilarity` reads them: per position a
 * slot, the index of that trigram among the text's distinct ones, and the distinct keys by slot.
 */
function positionalTrigrams(text: string): { slots: number[]; distinct: number[] } {
  const slotOf = new Map<number, number>();
  const slots: number[] = [];
  for (const key of trigramKeys(text)) {
    let slot = slotOf.get(key);
    if (slot === undefined) {
      slot = slotOf.size;
      slotOf.set(key, slot);
    }
    slots.push(slot);
  }
  return { slots, distinct: [...slotOf.keys()] };
}

/** The trigrams of `CatalogIndex.names`, positional for word similarity and inverted for candidates. */
export interface NameTrigrams {
  /** Trigram key → indices into `names` having it (ascending). */
  postings: Map<number, Int32Array>;
  /** Name k's trigrams in order are `slots[start[k] .. start[k + 1])`, each a slot into its distinct ones. */
  start: Int32Array;
  slots: Int32Array;
  /** Name k's distinct trigram keys, by slot, are `keys[keyStart[k] .. keyStart[k + 1])`. */
  keyStart: Int32Array;
  keys: Int32Array;
  /** Most distinct trigrams of one name (scratch size). */
  widest: number;
}

/** The trigrams of every name, built once per index (by `buildCatalogIndex`). */
function nameTrigrams(index: CatalogIndex): NameTrigrams {
  if (index.nameTrigrams) return index.nameTrigrams;
  const names = index.names;
  const start = new Int32Array(names.length + 1);
  const keyStart = new Int32Array(names.length + 1);
  const slots: number[] = [];
  const keys: number[] = [];
  const lists = new Map<number, number[]>();
  let widest = 0;
  names.forEach((name, k) => {
    const positional = positionalTrigrams(name);
    for (const slot of positional.slots) slots.push(slot);
    for (const key of positional.distinct) {
      keys.push(key);
      const list = lists.get(key);
      if (list) list.push(k);
      else lists.set(key, [k]);
    }
    widest = Math.max(widest, positional.distinct.length);
    start[k + 1] = slots.length;
    keyStart[k + 1] = keys.length;
  });
  index.nameTrigrams = {
    postings: new Map([...lists].map(([key, list]) => [key, Int32Array.from(list)])),
    start,
    slots: Int32Array.from(slots),
    keyStart,
    keys: Int32Array.from(keys),
    widest,
  };
  return index.nameTrigrams;
}

/**
 * Names (indices into `index.names`) that can reach word similarity `threshold` with `query`:
 * word_similarity = common / (|query trigrams| + |extent| − common) ≤ (query trigrams found in the
 * name) / |query trigrams|, and float4 rounding keeps that order, so names below that bound are
 * left out before {@link similarNames} scores the rest.
 */
export function trigramCandidates(index: CatalogIndex, query: string, threshold: number): number[] {
  const { postings } = nameTrigrams(index);
  const wanted = new Set(trigramKeys(query));
  if (wanted.size === 0) return threshold <= 0 ? index.names.map((_, k) => k) : []; // word_similarity is then 0
  const hits = new Uint16Array(index.names.length);
  for (const t of wanted) for (const k of postings.get(t) ?? []) hits[k]! += 1;
  const out: number[] = [];
  for (let k = 0; k < hits.length; k += 1) if (Math.fround(hits[k]! / wanted.size) >= threshold) out.push(k);
  return out;
}

/**
 * The names of the index whose word similarity with `query` is at least `threshold`, i.e. those
 * `query <% name` finds (pg_trgm's `word_similarity(query, lower(name))`, computed in JS by
 * {@link wordSimilarity}'s algorithm on each name's cached trigrams; spec §7 search, issue #7).
 * @returns indices into `index.names` and their similarities (float4 values), in name order.
 */
export function similarNames(index: CatalogIndex, query: string, threshold: number): Array<{ name: number; score: number }> {
  const grams = nameTrigrams(index);
  const wanted = new Set(trigramKeys(query));
  const found = new Uint8Array(grams.widest);
  const lastpos = new Int32Array(grams.widest);
  const out: Array<{ name: number; score: number }> = [];
  for (const k of trigramCandidates(index, query, threshold)) {
    const first = grams.keyStart[k]!;
    const width = grams.keyStart[k + 1]! - first;
    for (let s = 0; s < width; s += 1) found[s] = wanted.has(grams.keys[first + s]!) ? 1 : 0;
    lastpos.fill(-1, 0, width);
    const from = grams.start[k]!;
    const score = iterateWordSimilarity(grams.slots, from, grams.start[k + 1]! - from, found, lastpos, wanted.size);
    if (score >= threshold) out.push({ name: k, score });
  }
  return out;
}
