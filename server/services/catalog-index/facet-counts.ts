/**
 * Facet counts over the catalogue index (issue #7; spec §7 `GET /v1/all/filters/{slug}/`): one pass
 * over the fail masks of ./filters.ts. Same answers as the reference SQL `listFacetsSql`.
 */
import type { OfferFilters } from '@/lib/api/contract/catalog';
import { evaluate, OUTSIDE, type IndexBase } from './filters';
import { GROUP, type CatalogIndex } from './model';

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
    colors: ranked(colorCount, (k, c) => ({
      value: index.colors[k]!.slug,
      label: index.colors[k]!.name,
      count: c,
      hex: index.colors[k]!.hex,
    })),
    sizes,
    // Goods whose feed names no material have '' there: not a value a shopper can pick (issue #28).
    materials: ranked(materialCount, (k, c) => ({
      value: index.materials[k]!,
      label: index.materials[k]!,
      count: c,
    })).filter((m) => m.value.trim() !== ''),
    price: min === Infinity ? { min: null, max: null } : { min, max },
    sale: { count: saleCount },
    new: { count: newCount },
  };
}
