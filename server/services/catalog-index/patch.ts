/**
 * Patching the catalogue index with a few changed products (issue #13 "Truthful pages": a price,
 * sale, novelty, popularity, name, colour, size, new or deleted product reaches listings, facets
 * and search in milliseconds instead of waiting for a full rebuild; docs/caching.md).
 */
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import { extendNameTrigrams } from '../search/name-trigrams';
import { applyStock, inStockRows } from './build';
import {
  PRODUCT_COLUMNS,
  setProductFields,
  SORT_KEYS,
  type CatalogIndex,
  type ProductFields,
  type ProductRow,
  type SortKey,
} from './model';

/** What {@link patchCatalogIndex} needs about some products, read by {@link readProductPatch}. */
export interface ProductPatch {
  /** The products' rows; a product missing here was deleted. */
  products: ProductRow[];
  /** `lower(name)` of each product. */
  names: Array<{ id: number; n: string }>;
  /** Lexemes of each product's `search_vector`. */
  lexemes: Array<{ id: number; lex: string }>;
  /** Colours of their offers. */
  colors: Array<{ product_id: number; color_id: number }>;
  /** Their (product, size name) pairs in stock. */
  stock: Array<{ product_id: number; name: string }>;
}

/**
 * Reads {@link ProductPatch} for some product ids (five small queries). A product hidden in the
 * console (issue #32) reads as absent, so the patch takes it out like a deleted one.
 */
export async function readProductPatch(db: Db, productIds: number[]): Promise<ProductPatch> {
  const list = sql.join(
    productIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const [products, names, lexemes, colors, stock] = await Promise.all([
    rows<ProductRow>(db, sql`select ${PRODUCT_COLUMNS} from products where id in (${list}) and not hidden order by id`),
    rows<{ id: number; n: string }>(
      db,
      sql`select id, lower(name) as n from products where id in (${list}) and not hidden`,
    ),
    rows<{ id: number; lex: string }>(
      db,
      sql`select id, lex from products, unnest(tsvector_to_array(search_vector)) lex where id in (${list}) and not hidden`,
    ),
    rows<{ product_id: number; color_id: number }>(
      db,
      sql`select distinct product_id, color_id from offers where product_id in (${list})`,
    ),
    inStockRows(db, productIds),
  ]);
  return { products, names, lexemes, colors, stock };
}

type Typed = Int32Array | Uint16Array | Uint8Array | Uint32Array | Float64Array;

/** A copy of `a` with room for `length` elements (the rest zero). */
function grown<T extends Typed>(a: T, length: number): T {
  const b = new (a.constructor as new (length: number) => T)(length);
  b.set(a.subarray(0, Math.min(a.length, length)));
  return b;
}

/**
 * A new index equal to `index` with some products re-read (issue #13: a price, sale, novelty,
 * popularity, name, colour or size change of a few products reaches listings, facets and search in
 * milliseconds instead of a full rebuild). Deleted products keep their slot, marked dead; new
 * products are appended, whatever their ids: concurrent inserts commit out of id order, so a new
 * product may arrive after one with a higher id (bench:freshness, issue #13). Sort orders are
 * re-merged with the float8 sort keys PostgreSQL computed, which order exactly as the SQL
 * `order by` does, ties broken by product id as the SQL does.
 * @returns null when only a full rebuild can place the change: a new brand, colour, size name,
 *   material or category.
 */
export function patchCatalogIndex(index: CatalogIndex, productIds: number[], patch: ProductPatch): CatalogIndex | null {
  const brandRank = new Map(index.brands.map((b, k) => [b.id, k]));
  const colorRank = new Map(index.colors.map((c, k) => [c.id, k]));
  const rowOf = new Map(patch.products.map((p) => [Number(p.id), p]));
  const known = (id: number) => id < index.denseOf.length && index.denseOf[id]! >= 0;
  const added = [...new Set(productIds)].filter((id) => rowOf.has(id) && !known(id)).sort((a, b) => a - b);
  for (const p of patch.products) {
    if (
      !index.categoryPaths.has(Number(p.category_id)) ||
      !brandRank.has(Number(p.brand_id)) ||
      !index.materialByName.has(p.material)
    ) {
      return null;
    }
  }
  if (patch.colors.some((c) => !colorRank.has(Number(c.color_id)))) return null;
  if (patch.stock.some((s) => !index.sizeByName.has(s.name))) return null;

  const n = index.n + added.length;
  const ids = grown(index.ids, n);
  const denseOf = grown(index.denseOf, Math.max(index.denseOf.length, (added.at(-1) ?? 0) + 1));
  denseOf.fill(-1, index.denseOf.length);
  added.forEach((id, k) => {
    ids[index.n + k] = id;
    denseOf[id] = index.n + k;
  });
  const fields: ProductFields = {
    categoryOf: grown(index.categoryOf, n),
    brandOf: grown(index.brandOf, n),
    materialOf: grown(index.materialOf, n),
    price: grown(index.price, n),
    sale: grown(index.sale, n),
    isNew: grown(index.isNew, n),
    popularity: grown(index.popularity, n),
    created: grown(index.created, n),
    discount: grown(index.discount, n),
  };
  const alive = grown(index.alive, n);
  const colorBits = grown(index.colorBits, n * index.colorWords);
  const sizeBits = grown(index.sizeBits, n * index.sizeWords);
  const touched = new Uint8Array(n);
  const dense: number[] = [];
  for (const id of new Set(productIds)) {
    const i = id < denseOf.length ? denseOf[id]! : -1;
    if (i < 0) continue; // deleted before the index ever saw it
    touched[i] = 1;
    dense.push(i);
    const row = rowOf.get(id);
    alive[i] = row ? 1 : 0;
    if (row) setProductFields(fields, i, row, brandRank, index.materialByName);
    colorBits.fill(0, i * index.colorWords, (i + 1) * index.colorWords);
    sizeBits.fill(0, i * index.sizeWords, (i + 1) * index.sizeWords);
  }
  for (const o of patch.colors) {
    const i = denseOf[Number(o.product_id)]!;
    const bit = colorRank.get(Number(o.color_id))!;
    colorBits[i * index.colorWords + (bit >>> 5)]! |= 1 << (bit & 31);
  }
  applyStock(sizeBits, index.sizeWords, denseOf, index.sizeByName, patch.stock);

  // Orders: drop the touched products, merge the living ones back in by the SQL's keys.
  // Dense order is id order only up to the first patch that appended an id below the highest.
  const byId = (a: number, b: number) => ids[a]! - ids[b]!;
  const compare: Record<SortKey, (a: number, b: number) => number> = {
    popular: (a, b) => fields.popularity[b]! - fields.popularity[a]! || byId(a, b),
    new: (a, b) => fields.created[b]! - fields.created[a]! || byId(b, a),
    price_asc: (a, b) => fields.price[a]! - fields.price[b]! || byId(a, b),
    price_desc: (a, b) => fields.price[b]! - fields.price[a]! || byId(a, b),
    discount: (a, b) => fields.discount[b]! - fields.discount[a]! || byId(a, b),
  };
  const living = dense.filter((i) => alive[i]);
  const orders = {} as Record<SortKey, Int32Array>;
  for (const key of SORT_KEYS) {
    const cmp = compare[key];
    const incoming = [...living].sort(cmp);
    const old = index.orders[key];
    const out = new Int32Array(old.length - countTouched(old, touched) + incoming.length);
    let o = 0;
    let k = 0;
    for (let j = 0; j < old.length; j += 1) {
      const i = old[j]!;
      if (touched[i]) continue;
      while (k < incoming.length && cmp(incoming[k]!, i) < 0) out[o++] = incoming[k++]!;
      out[o++] = i;
    }
    while (k < incoming.length) out[o++] = incoming[k++]!;
    orders[key] = out;
  }
  const popRank = grown(index.popRank, n);
  orders.popular.forEach((i, position) => {
    popRank[i] = position;
  });

  // Search postings: drop the touched products everywhere, add their current lexemes.
  const lexemes = new Map<string, Int32Array>();
  for (const [lex, list] of index.lexemes) {
    const kept = countTouched(list, touched) === 0 ? list : list.filter((i) => !touched[i]);
    if (kept.length > 0) lexemes.set(lex, kept);
  }
  const extra = new Map<string, number[]>();
  for (const r of patch.lexemes) {
    const i = denseOf[Number(r.id)]!;
    if (!alive[i]) continue;
    const list = extra.get(r.lex);
    if (list) list.push(i);
    else extra.set(r.lex, [i]);
  }
  for (const [lex, list] of extra) {
    const old = lexemes.get(lex);
    const merged = new Int32Array((old?.length ?? 0) + list.length);
    if (old) merged.set(old);
    merged.set(list, old?.length ?? 0);
    lexemes.set(lex, merged);
  }

  // Names (typo search): move the touched products to their current name's members.
  const names = [...index.names];
  const nameIndex = new Map(index.nameIndex);
  const nameMembers = [...index.nameMembers];
  const nameOf = grown(index.nameOf, n);
  const affected = new Set<number>();
  for (const i of dense) if (i < index.n) affected.add(index.nameOf[i]!);
  for (const r of patch.names) {
    const i = denseOf[Number(r.id)]!;
    let k = nameIndex.get(r.n);
    if (k === undefined) {
      k = names.length;
      names.push(r.n);
      nameIndex.set(r.n, k);
      nameMembers.push(new Int32Array(0));
    }
    nameOf[i] = k;
    affected.add(k);
  }
  for (const k of affected) {
    const members = [...(nameMembers[k] ?? [])].filter((i) => !touched[i]);
    for (const i of living) if (nameOf[i] === k) members.push(i);
    nameMembers[k] = Int32Array.from(members.sort((a, b) => popRank[a]! - popRank[b]!));
  }

  const next: CatalogIndex = {
    ...index,
    ...fields,
    n,
    ids,
    denseOf,
    alive,
    colorBits,
    sizeBits,
    orders,
    popRank,
    lexemes,
    names,
    nameIndex,
    nameMembers,
    nameOf,
    nameTrigrams: null,
  };
  next.nameTrigrams = extendNameTrigrams(index, names);
  return next;
}

function countTouched(list: Int32Array, touched: Uint8Array): number {
  let count = 0;
  for (let j = 0; j < list.length; j += 1) count += touched[list[j]!]!;
  return count;
}
