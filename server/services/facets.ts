/**
 * Facets of a listing (spec §7 `GET /v1/all/filters/{slug}/`): brand, colour, size, material,
 * price range, sale and new, each value with the number of products it would give.
 *
 * Counting rule (AND across facets, OR within one): the counts of facet F are computed over the
 * base set (category with its tag, or search results, or a brand) with every selected filter
 * EXCEPT F's own applied. So ticking a second brand shows how many products the two brands give
 * together under the current colour/size/price, and the counts never drop to zero just because a
 * sibling value is selected.
 *
 * Issue #7: {@link listFacets} counts in the in-process catalogue index
 * (server/services/catalog-index/: one pass over typed arrays instead of eight SQL counts);
 * {@link listFacetsSql} is the same answer in SQL, runs the same on PGlite and PostgreSQL, and is
 * the reference the index is tested against.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { OfferFilters } from '@/lib/api/contract/catalog';
import type { Facets, FacetValue } from '@/lib/api/contract/facets';
import { compareSizes } from '@/lib/format/size-order';
import { rows, type Db } from '../db/client';
import { ApiHttpError } from '../http';
import { filterConditions, indexedTagFilters, tagFilters } from './catalog';
import { catalogIndex, catalogIndexEnabled, categoryScope, denseIds, facetCounts } from './catalog-index';

/** Which base set the facets describe. */
export interface FacetParams {
  /** Category path without leading slash; omitted for the whole catalogue. */
  categoryPath?: string;
  tag?: string;
  /** Product ids of a search (the search variant); [] means nothing matched. */
  ids?: number[];
  /** Brand slug (brand page variant). */
  brand?: string;
  /** The shopper's selection. */
  filters: OfferFilters;
}

type FacetKey = 'brands' | 'colors' | 'sizes' | 'materials' | 'price' | 'sale' | 'new';

function without(filters: OfferFilters, key: FacetKey): OfferFilters {
  const copy = { ...filters };
  if (key === 'price') {
    delete copy.price_min;
    delete copy.price_max;
  } else delete copy[key];
  return copy;
}

const EMPTY: Facets = {
  count: 0,
  brands: [],
  colors: [],
  sizes: [],
  materials: [],
  price: { min: null, max: null },
  sale: { count: 0 },
  new: { count: 0 },
};

/**
 * Every facet of a base set with counts (see the module docstring for the rule), from the
 * catalogue index.
 * @throws ApiHttpError 404 for an unknown category, tag or brand.
 */
export async function listFacets(db: Db, params: FacetParams): Promise<Facets> {
  if (!catalogIndexEnabled()) return listFacetsSql(db, params);
  const index = await catalogIndex(db);
  let categories: Uint8Array | null = null;
  let fixed: OfferFilters = {};
  if (params.categoryPath !== undefined) {
    categories = categoryScope(index, params.categoryPath);
    if (!categories) throw new ApiHttpError(404, 'Категория не найдена');
    if (params.tag) fixed = indexedTagFilters(index, params.categoryPath, params.tag);
  }
  let brand = -1;
  if (params.brand !== undefined) {
    brand = index.brandBySlug.get(params.brand) ?? -1;
    if (brand < 0) throw new ApiHttpError(404, 'Бренд не найден');
  }
  if (params.ids && params.ids.length === 0) return EMPTY;
  const counted = facetCounts(
    index,
    { categories, brand, ranked: params.ids ? denseIds(index, params.ids) : null, fixed },
    params.filters,
  );
  return { ...counted, sizes: [...counted.sizes].sort(bySize) };
}

/**
 * {@link listFacets} in SQL only (before issue #7's index): eight counting queries.
 * @throws ApiHttpError 404 for an unknown category, tag or brand.
 */
export async function listFacetsSql(db: Db, params: FacetParams): Promise<Facets> {
  const base: SQL[] = [];
  let tagged: OfferFilters = {};
  if (params.categoryPath !== undefined) {
    const [cat] = await rows<{ id: number }>(db, sql`select id from categories where path = ${params.categoryPath}`);
    if (!cat) throw new ApiHttpError(404, 'Категория не найдена');
    base.push(
      sql`p.category_id in (select id from categories where path = ${params.categoryPath} or path like ${`${params.categoryPath}/%`})`,
    );
    if (params.tag) tagged = await tagFilters(db, params.categoryPath, params.tag);
  }
  if (params.brand !== undefined) {
    const [brand] = await rows<{ id: number }>(db, sql`select id from brands where slug = ${params.brand}`);
    if (!brand) throw new ApiHttpError(404, 'Бренд не найден');
    base.push(sql`p.brand_id = ${brand.id}`);
  }
  if (params.ids) {
    if (params.ids.length === 0) return EMPTY;
    base.push(
      sql`p.id in (${sql.join(
        params.ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  }
  // A tag's own filters belong to the base set: they are never "unticked" by the shopper.
  base.push(...filterConditions(tagged));

  const where = (key: FacetKey | null, extra: SQL[] = []): SQL => {
    const selected = key ? without(params.filters, key) : params.filters;
    const all = [...base, ...filterConditions(selected), ...extra];
    return all.length ? sql`where ${sql.join(all, sql` and `)}` : sql``;
  };
  // brands is joined only where its columns are shown (the brand facet), so counts can use indexes only.
  const from = sql`from products p`;

  const [count, brands, colors, sizes, materials, price, sale, isNew] = await Promise.all([
    rows<{ n: number }>(db, sql`select count(*)::int as n ${from} ${where(null)}`),
    rows<FacetValue>(
      db,
      sql`select b.slug as value, b.name as label, count(*)::int as count ${from} join brands b on b.id = p.brand_id ${where('brands')}
          group by b.slug, b.name order by count desc, b.name`,
    ),
    rows<FacetValue>(
      db,
      sql`select c.slug as value, c.name as label, c.hex as hex, count(distinct p.id)::int as count
          ${from} join offers o on o.product_id = p.id join colors c on c.id = o.color_id ${where('colors')}
          group by c.slug, c.name, c.hex order by count desc, c.name`,
    ),
    rows<FacetValue & { s: number }>(
      db,
      sql`select f.name as value, f.name as label, count(distinct p.id)::int as count, min(f.sort) as s
          ${from} join offers o on o.product_id = p.id join offer_features f on f.offer_id = o.id and f.stock > 0
          ${where('sizes')}
          group by f.name order by s, f.name`,
    ),
    rows<FacetValue>(
      db,
      sql`select p.material as value, p.material as label, count(*)::int as count ${from} ${where('materials')}
          group by p.material order by count desc, p.material`,
    ),
    rows<{ min: string | null; max: string | null }>(
      db,
      sql`select min(p.price) as min, max(p.price) as max ${from} ${where('price')}`,
    ),
    rows<{ n: number }>(db, sql`select count(*)::int as n ${from} ${where('sale', [sql`p.old_price is not null`])}`),
    rows<{ n: number }>(db, sql`select count(*)::int as n ${from} ${where('new', [sql`p.is_new`])}`),
  ]);
  const range = price[0];
  return {
    count: Number(count[0]?.n ?? 0),
    brands: brands.map(clean),
    colors: colors.map((c) => ({ ...clean(c), hex: c.hex })),
    sizes: sizes.map(clean).sort(bySize),
    // Goods whose feed names no material have '' there: not a value a shopper can pick (issue #28).
    materials: materials.map(clean).filter((m) => m.value.trim() !== ''),
    price: {
      min: range?.min === null || range?.min === undefined ? null : Number(range.min),
      max: range?.max === null || range?.max === undefined ? null : Number(range.max),
    },
    sale: { count: Number(sale[0]?.n ?? 0) },
    new: { count: Number(isNew[0]?.n ?? 0) },
  };
}

function clean(v: FacetValue): FacetValue {
  return { value: v.value, label: v.label, count: Number(v.count) };
}

/** Shoppers read sizes in size order (issue #28: 36, 38, 40, 42, not the order an exchange sent). */
function bySize(a: FacetValue, b: FacetValue): number {
  return compareSizes(a.value, b.value);
}
