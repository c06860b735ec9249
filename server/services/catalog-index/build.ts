/**
 * Building the catalogue index from the database (issue #7; see ./index.ts): a dozen queries read
 * the facet attributes, sort orders, search postings and names into typed arrays.
 */
import { sql } from 'drizzle-orm';
import type { OfferFilters } from '@/lib/api/contract/catalog';
import { rows, type Db } from '../../db/client';
import { nameTrigrams } from '../search/name-trigrams';
import {
  PRODUCT_COLUMNS,
  setProductFields,
  SORT_KEYS,
  SORT_SQL,
  type CatalogIndex,
  type ProductRow,
  type SortKey,
} from './model';

/** Uint32 words needed for a bitset of `bits` bits (at least one). */
export function wordsFor(bits: number): number {
  return Math.max(1, Math.ceil(bits / 32));
}

/**
 * Reads the whole index from the database (a dozen queries, in parallel on PostgreSQL). Products
 * the shop hid in the console (issue #32, `products.hidden`) are left out: listings, facets and
 * search never see them.
 */
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
    rows<{ id: number; slug: string; name: string; hex: string }>(
      db,
      sql`select id, slug, name, hex from colors order by name, id`,
    ),
    rows<{ name: string }>(db, sql`select name from offer_features group by name order by min(sort), name`),
    rows<{ material: string }>(db, sql`select material from products group by material order by material`),
  ]);
  const [productRows, offerRows, stockRows, ...orderRows] = await Promise.all([
    rows<ProductRow>(db, sql`select ${PRODUCT_COLUMNS} from products where not hidden order by id`),
    rows<{ product_id: number; color_id: number }>(db, sql`select distinct product_id, color_id from offers`),
    inStockRows(db),
    ...SORT_KEYS.map((key) =>
      rows<{ id: number }>(db, sql`select id from products where not hidden order by ${SORT_SQL[key]}`),
    ),
  ]);
  const [lexRows, nameRows] = await Promise.all([
    rows<{ lex: string; ids: number[] | string }>(
      db,
      sql`select lex, array_agg(id) as ids from products, unnest(tsvector_to_array(search_vector)) lex where not hidden group by lex`,
    ),
    rows<{ id: number; n: string }>(db, sql`select id, lower(name) as n from products where not hidden`),
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
  const popularity = new Float64Array(n);
  const created = new Float64Array(n);
  const discount = new Float64Array(n);
  const fields = { categoryOf, brandOf, materialOf, price, sale, isNew, popularity, created, discount };
  for (let i = 0; i < n; i += 1) setProductFields(fields, i, productRows[i]!, brandRank, materialByName);
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
  const nameOf = new Int32Array(n);
  nameMembers.forEach((members, k) => {
    for (const i of members) nameOf[i] = k;
  });

  const index: CatalogIndex = {
    n,
    ids,
    denseOf,
    lexemes,
    popRank,
    names,
    nameIndex: new Map(names.map((name, k) => [name, k])),
    nameMembers,
    nameOf,
    nameTrigrams: null,
    categoryOf,
    brandOf,
    materialOf,
    price,
    sale,
    isNew,
    popularity,
    created,
    discount,
    alive: new Uint8Array(n).fill(1),
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
      tagRows.map((t) => [
        `${t.path}\u0000${t.slug}`,
        (typeof t.filter === 'string' ? JSON.parse(t.filter) : t.filter) as OfferFilters,
      ]),
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
export function inStockRows(db: Db, productIds?: number[]): Promise<Array<{ product_id: number; name: string }>> {
  const only = productIds
    ? sql`and o.product_id in (${sql.join(
        productIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  return rows(
    db,
    sql`select distinct o.product_id, f.name from offers o join offer_features f on f.offer_id = o.id
        where f.stock > 0 ${only}`,
  );
}

/** Sets size bits from in-stock rows. @returns false when a size name is not in the dictionary. */
export function applyStock(
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
    index.popularity,
    index.created,
    index.discount,
    index.alive,
    index.nameOf,
    index.colorBits,
    index.sizeBits,
    index.popRank,
    ...Object.values(index.orders),
    ...index.lexemes.values(),
    ...index.nameMembers,
  ];
  return arrays.reduce((sum, a) => sum + a.byteLength, 0);
}
