/**
 * Filters over the catalogue index (issue #7; spec §7 `GET /v1/offers/{path}/` filters): the base
 * set of a request, the compiled `OfferFilters`, per-product fail masks and a listing page. Same
 * answers as the reference SQL `listOffersSql` (./catalog-index.test.ts compares them).
 */
import type { OfferFilters, Sort } from '@/lib/api/contract/catalog';
import { GROUP, type CatalogIndex, type SortKey } from './model';

/** Fail mask of a product outside the base set. */
export const OUTSIDE = 255;

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
  if ((c.priceMin !== undefined && !(p >= c.priceMin)) || (c.priceMax !== undefined && !(p <= c.priceMax)))
    m |= GROUP.price;
  if (c.sale && !index.sale[i]) m |= GROUP.sale;
  if (c.isNew && !index.isNew[i]) m |= GROUP.new;
  return m;
}

/**
 * Fail masks of every product: {@link OUTSIDE} outside the base set, else the bits of the
 * `selected` groups it fails.
 */
export function evaluate(index: CatalogIndex, base: IndexBase, selected: OfferFilters): Uint8Array {
  const fail = new Uint8Array(index.n).fill(OUTSIDE);
  const fixed = compile(index, base.fixed);
  const chosen = compile(index, selected);
  const visit = (i: number) => {
    if (!index.alive[i]) return;
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
  const order =
    base.ranked && !sort ? base.ranked : (index.orders[(sort ?? 'popular') as SortKey] ?? index.orders.popular);
  let skip = offset;
  for (let j = 0; j < order.length && ids.length < limit; j += 1) {
    const i = order[j]!;
    if (fail[i] !== 0) continue;
    if (skip > 0) skip -= 1;
    else ids.push(index.ids[i]!);
  }
  return { count, ids };
}
