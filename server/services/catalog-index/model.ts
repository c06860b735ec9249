/**
 * The shape of the in-process catalogue index (issue #7; see ./index.ts for why it exists): typed
 * arrays of every product's facet attributes, the dictionaries they point into, and the sort orders.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { OfferFilters } from '@/lib/api/contract/catalog';
import type { NameTrigrams } from '../search/name-trigrams';

/** Sort orders kept as permutations; `popular` is also the default (no `sort`). */
export const SORT_KEYS = ['popular', 'new', 'price_asc', 'price_desc', 'discount'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

/** ORDER BY of each sort, the same as catalog.ts `orderBy` (which it must stay equal to). */
export const SORT_SQL: Record<SortKey, SQL> = {
  popular: sql`popularity desc, id`,
  new: sql`created_at desc, id desc`,
  price_asc: sql`price asc, id`,
  price_desc: sql`price desc, id`,
  discount: sql`coalesce((old_price - price) / old_price, 0) desc, id`,
};

/** Filter groups, one bit each, in the order of `FacetGroup`. */
export const GROUP = { brands: 1, colors: 2, sizes: 4, materials: 8, price: 16, sale: 32, new: 64 } as const;
export type FacetGroup = keyof typeof GROUP;

/** A brand, colour, size or material of the dictionaries, `rank` = position in the tie order. */
export interface Named {
  id: number;
  slug: string;
  name: string;
}

/** The index: replaced whole by a build or a product patch; stock changes patch `sizeBits` in place. */
export interface CatalogIndex {
  /** Number of products. */
  n: number;
  /** Dense index → product id (ascending after a build; a patch appends new ids in any order). */
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
  /** Sort keys that a patch (./patch.ts) re-sorts by: `popularity`, `created_at` (epoch s), discount share, as PostgreSQL's float8. */
  popularity: Float64Array;
  created: Float64Array;
  discount: Float64Array;
  /** 0 for a product deleted since the build (its slot stays until the next build). */
  alive: Uint8Array;
  /** Dense index → index into `names`. */
  nameOf: Int32Array;
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

/** The product columns the index keeps (sort keys as PostgreSQL computes them, as float8). */
export const PRODUCT_COLUMNS = sql`id, category_id, brand_id, material, price, old_price is not null as sale, is_new, popularity,
  extract(epoch from created_at)::float8 as created, coalesce((old_price - price) / old_price, 0)::float8 as discount`;

/** A product row as {@link PRODUCT_COLUMNS} reads it. */
export interface ProductRow {
  id: number;
  category_id: number;
  brand_id: number;
  material: string;
  price: string | number;
  sale: boolean;
  is_new: boolean;
  popularity: number;
  created: number | string;
  discount: number | string;
}

/** The per-product attribute arrays {@link setProductFields} writes. */
export type ProductFields = Pick<
  CatalogIndex,
  'categoryOf' | 'brandOf' | 'materialOf' | 'price' | 'sale' | 'isNew' | 'popularity' | 'created' | 'discount'
>;

/** Writes one product row's attributes at dense index `i`. */
export function setProductFields(
  f: ProductFields,
  i: number,
  p: ProductRow,
  brandRank: Map<number, number>,
  materialByName: Map<string, number>,
): void {
  f.categoryOf[i] = Number(p.category_id);
  f.brandOf[i] = brandRank.get(Number(p.brand_id)) ?? 0;
  f.materialOf[i] = materialByName.get(p.material) ?? 0;
  f.price[i] = Number(p.price);
  f.sale[i] = p.sale ? 1 : 0;
  f.isNew[i] = p.is_new ? 1 : 0;
  f.popularity[i] = Number(p.popularity);
  f.created[i] = Number(p.created);
  f.discount[i] = Number(p.discount);
}
