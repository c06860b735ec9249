/**
 * Catalogue reads of the shop API (spec §7 Catalogue): categories, listing pages with filters and
 * sort, sale/new lists, product pages and search. Everything is read with SQL that runs the same on
 * PGlite and PostgreSQL.
 */
import { sql, type SQL } from 'drizzle-orm';
import type {
  Brand,
  Category,
  CategoryRef,
  Color,
  Feature,
  Image,
  OfferCard,
  OfferFilters,
  PreviewCategory,
  ProductDetail,
  Sort,
} from '@/lib/api/contract/catalog';
import { compareSizes } from '@/lib/format/size-order';
import { discountPercent } from '@/lib/money';
import { rows, type Db } from '../db/client';
import { ApiHttpError } from '../http';
import {
  catalogIndex,
  catalogIndexEnabled,
  categoryScope,
  denseIds,
  listingPage,
  type CatalogIndex,
} from './catalog-index';

const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** Product types sold as separates: sizes are `top` + `bottom` features (spec §3 featuretop/featurebot). */
export const SEPARATES_TYPES = new Set(['swimsuit-separate']);

/**
 * Canonical product URL path (spec §2 product detail): `/{category path up to 3 levels}/{pk}/{slug}`.
 * Products in muzhskoe's fourth level use their third-level ancestor's path.
 */
export function productPath(categoryPath: string, pk: number, slug: string): string {
  const parts = categoryPath.split('/').slice(0, 3);
  return `/${parts.join('/')}/${pk}/${slug}`;
}

// ---------------------------------------------------------------- brands and colours

/** All brands with their product counts, menu brands first (spec §7 `GET /v1/brands`). */
export function listBrands(db: Db): Promise<Brand[]> {
  return rows<Brand>(
    db,
    sql`select b.id, b.name, b.slug, b.name_ru, b.country, b.description, b.in_menu,
               (select count(*)::int from products p where p.brand_id = b.id) as products_count
        from brands b order by b.in_menu desc, b.sort, b.name`,
  );
}

/** All colours of the dictionary, by id (spec §7 `GET /v1/color`). */
export function listColors(db: Db): Promise<Color[]> {
  return rows<Color>(db, sql`select id, slug, name, hex from colors order by id`);
}

// ---------------------------------------------------------------- categories

interface CategoryRow {
  id: number;
  parent_id: number | null;
  path: string;
  slug: string;
  section: string;
  level: number;
  name: string;
  sort: number;
  seo_title: string | null;
  seo_description: string | null;
  h1: string | null;
}

async function allCategories(db: Db): Promise<CategoryRow[]> {
  return rows<CategoryRow>(db, sql`select * from categories order by level, sort, id`);
}

/**
 * Ids of the categories with goods: a product in the category itself or in any category below it.
 * One query (an index probe of `products_category_idx` per category), then up the parents in JS.
 */
async function categoriesWithGoods(db: Db, cats: readonly CategoryRow[]): Promise<Set<number>> {
  const own = await rows<{ id: number }>(
    db,
    sql`select c.id from categories c where exists (select 1 from products p where p.category_id = c.id)`,
  );
  const byId = new Map(cats.map((c) => [c.id, c]));
  const out = new Set<number>();
  for (const row of own) {
    let c = byId.get(Number(row.id));
    while (c && !out.has(c.id)) {
      out.add(c.id);
      c = c.parent_id === null ? undefined : byId.get(c.parent_id);
    }
  }
  return out;
}

/**
 * GET /v1/preview_category/: sections with second-level subcategories and every descendant.
 *
 * Menu order of `subcategories` (issue #28 "Categories the shopper can reach"): those with goods
 * (in them or below) first, then empty ones, each group by `sort` (the seed's order, imported
 * categories after it). So a category an import filled is not buried behind empty ones past the
 * menu's first 10; empty ones stay listed (a new shop's menu is not blank before its first
 * import). The storefront caches this answer under "preview-categories" for up to 5 minutes
 * (CATALOG_REVALIDATE_S), so a category that gets its first goods moves up within that time.
 */
export async function listPreviewCategories(db: Db): Promise<PreviewCategory[]> {
  const cats = await allCategories(db);
  const withGoods = await categoriesWithGoods(db, cats);
  const goodsFirst = (a: CategoryRow, b: CategoryRow) => Number(withGoods.has(b.id)) - Number(withGoods.has(a.id));
  return cats
    .filter((c) => c.level === 1)
    .map((section) => ({
      path: section.path,
      name: section.name,
      // `cats` is in (level, sort, id) order and the sort is stable: sort order within each group.
      subcategories: cats
        .filter((c) => c.parent_id === section.id)
        .sort(goodsFirst)
        .map((c) => ({ path: c.path, name: c.name })),
      allCategories: cats
        .filter((c) => c.level > 1 && c.section === section.section)
        .map((c) => ({ path: c.path, name: c.name })),
    }));
}

/** GET /v1/categories: the flat category tree. */
export async function listCategories(db: Db) {
  const cats = await allCategories(db);
  const byId = new Map(cats.map((c) => [c.id, c]));
  return cats.map((c) => ({
    id: c.id,
    path: c.path,
    name: c.name,
    level: c.level,
    parent_path: c.parent_id ? (byId.get(c.parent_id)?.path ?? null) : null,
  }));
}

/**
 * GET /v1/category/{path}: a category with its parents, children and tags. Children are in the
 * menu's order (see {@link listPreviewCategories}): with goods first, then by `sort`.
 * @throws ApiHttpError 404 for an unknown path or tag.
 */
export async function getCategory(db: Db, path: string, tagSlug?: string): Promise<Category> {
  const [cat] = await rows<CategoryRow>(db, sql`select * from categories where path = ${path}`);
  if (!cat) throw new ApiHttpError(404, 'Категория не найдена');
  const prefixes = path
    .split('/')
    .map((_, i, parts) => parts.slice(0, i + 1).join('/'))
    .slice(0, -1);
  const parents = prefixes.length
    ? await rows<{ path: string; name: string }>(
        db,
        sql`select path, name from categories where path in (${sql.join(
          prefixes.map((p) => sql`${p}`),
          sql`, `,
        )}) order by level`,
      )
    : [];
  const children = await rows<{ path: string; name: string }>(
    db,
    sql`select c.path, c.name from categories c where c.parent_id = ${cat.id}
        order by exists (
          select 1 from categories d
          where (d.id = c.id or left(d.path, length(c.path) + 1) = c.path || '/')
            and exists (select 1 from products p where p.category_id = d.id)
        ) desc, c.sort, c.id`,
  );
  const tags = await rows<{ slug: string; name: string }>(
    db,
    sql`select slug, name from tags where category_id = ${cat.id} order by sort, id`,
  );
  let tag: { slug: string; name: string } | null = null;
  if (tagSlug !== undefined) {
    tag = tags.find((t) => t.slug === tagSlug) ?? null;
    if (!tag) throw new ApiHttpError(404, 'Подборка не найдена');
  }
  const title = tag ? `${cat.name}: ${tag.name.toLowerCase()}` : (cat.seo_title ?? cat.name);
  return {
    id: cat.id,
    path: cat.path,
    slug: cat.slug,
    section: cat.section,
    level: cat.level,
    name: cat.name,
    parents,
    children,
    tags,
    tag,
    seo: {
      title,
      description:
        cat.seo_description ?? `${cat.name} в интернет-магазине: доставка по России, примерка перед покупкой.`,
      h1: tag ? `${cat.h1 ?? cat.name} — ${tag.name.toLowerCase()}` : (cat.h1 ?? cat.name),
    },
  };
}

/**
 * Filters of a tag, merged under the shopper's filters.
 * @throws ApiHttpError 404 for an unknown tag.
 */
export async function tagFilters(db: Db, categoryPath: string, tagSlug: string): Promise<OfferFilters> {
  const [tag] = await rows<{ filter: OfferFilters }>(
    db,
    sql`select t.filter from tags t join categories c on c.id = t.category_id where c.path = ${categoryPath} and t.slug = ${tagSlug}`,
  );
  if (!tag) throw new ApiHttpError(404, 'Подборка не найдена');
  return tag.filter;
}

// ---------------------------------------------------------------- listings

export interface ListingParams {
  /** Category path; omitted for the whole catalogue. */
  categoryPath?: string;
  tag?: string;
  filters: OfferFilters;
  sort?: Sort;
  limit: number;
  offset: number;
  /** Product ids to restrict to, ranked (search). */
  rankedIds?: number[];
}

/** The shopper's filters `base` over a tag's `extra` (the shopper's keys win). */
export function mergeFilters(base: OfferFilters, extra: OfferFilters): OfferFilters {
  return { ...extra, ...base };
}

/**
 * SQL conditions of `OfferFilters` over `products p` (AND across keys, OR within a list). Sizes
 * count only when in stock.
 */
export function filterConditions(f: OfferFilters): SQL[] {
  const where: SQL[] = [];
  const list = (values: string[]) =>
    sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    );
  // A subquery, not `b.slug`: queries need not join brands (issue #7: counts from indexes only).
  if (f.brands?.length)
    where.push(sql`p.brand_id in (select bf.id from brands bf where bf.slug in (${list(f.brands)}))`);
  if (f.materials?.length) where.push(sql`p.material in (${list(f.materials)})`);
  if (f.colors?.length) {
    where.push(
      sql`exists (select 1 from offers o join colors c on c.id = o.color_id where o.product_id = p.id and c.slug in (${list(f.colors)}))`,
    );
  }
  if (f.sizes?.length) {
    where.push(
      sql`exists (select 1 from offers o join offer_features f on f.offer_id = o.id where o.product_id = p.id and f.stock > 0 and f.name in (${list(f.sizes)}))`,
    );
  }
  if (f.price_min !== undefined) where.push(sql`p.price >= ${f.price_min}`);
  if (f.price_max !== undefined) where.push(sql`p.price <= ${f.price_max}`);
  if (f.sale) where.push(sql`p.old_price is not null`);
  if (f.new) where.push(sql`p.is_new`);
  return where;
}

/** ORDER BY of a sort (spec: popularity, new, price up/down, discount); ties by id. */
export function orderBy(sort: Sort | undefined): SQL {
  switch (sort) {
    case 'new':
      return sql`p.created_at desc, p.id desc`;
    case 'price_asc':
      return sql`p.price asc, p.id`;
    case 'price_desc':
      return sql`p.price desc, p.id`;
    case 'discount':
      return sql`coalesce((p.old_price - p.price) / p.old_price, 0) desc, p.id`;
    default:
      return sql`p.popularity desc, p.id`;
  }
}

/**
 * A page of products as cards (GET /v1/offers/, /v1/search/). Count is of all matching products.
 *
 * Issue #7: ids, count, sort and page come from the in-process catalogue index
 * (server/services/catalog-index/), so the database only reads the page's cards;
 * {@link listOffersSql} is the same answer in SQL (the reference the index is tested against).
 * @throws ApiHttpError 404 when the category or tag does not exist.
 */
export async function listOffers(db: Db, params: ListingParams): Promise<{ count: number; results: OfferCard[] }> {
  if (!catalogIndexEnabled()) return listOffersSql(db, params);
  const index = await catalogIndex(db);
  let filters = params.filters;
  let categories: Uint8Array | null = null;
  if (params.categoryPath !== undefined) {
    categories = categoryScope(index, params.categoryPath);
    if (!categories) throw new ApiHttpError(404, 'Категория не найдена');
    if (params.tag) filters = mergeFilters(filters, indexedTagFilters(index, params.categoryPath, params.tag));
  }
  if (params.rankedIds && params.rankedIds.length === 0) return { count: 0, results: [] };
  const base = {
    categories,
    brand: -1,
    ranked: params.rankedIds ? denseIds(index, params.rankedIds) : null,
    fixed: {},
  };
  const page = listingPage(index, base, filters, params.sort, params.limit, params.offset);
  return { count: page.count, results: await loadCards(db, page.ids) };
}

/**
 * A tag's filters from the index (as {@link tagFilters} reads them from the database).
 * @throws ApiHttpError 404 for an unknown tag.
 */
export function indexedTagFilters(index: CatalogIndex, categoryPath: string, tagSlug: string): OfferFilters {
  const filter = index.tags.get(`${categoryPath}\u0000${tagSlug}`);
  if (!filter) throw new ApiHttpError(404, 'Подборка не найдена');
  return filter;
}

/**
 * {@link listOffers} in SQL only (before issue #7's index): the reference implementation the
 * index is tested against, and the "before" figure of scripts/bench-catalog.ts.
 * @throws ApiHttpError 404 when the category or tag does not exist.
 */
export async function listOffersSql(db: Db, params: ListingParams): Promise<{ count: number; results: OfferCard[] }> {
  let filters = params.filters;
  const where: SQL[] = [];
  if (params.categoryPath !== undefined) {
    const [cat] = await rows<{ id: number }>(db, sql`select id from categories where path = ${params.categoryPath}`);
    if (!cat) throw new ApiHttpError(404, 'Категория не найдена');
    where.push(
      sql`p.category_id in (select id from categories where path = ${params.categoryPath} or path like ${`${params.categoryPath}/%`})`,
    );
    if (params.tag) filters = mergeFilters(filters, await tagFilters(db, params.categoryPath, params.tag));
  }
  if (params.rankedIds) {
    if (params.rankedIds.length === 0) return { count: 0, results: [] };
    where.push(
      sql`p.id in (${sql.join(
        params.rankedIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  }
  where.push(...filterConditions(filters));
  const whereSql = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const order =
    params.rankedIds && !params.sort
      ? sql`array_position(${sql.raw(`array[${params.rankedIds.join(',')}]::int[]`)}, p.id)`
      : orderBy(params.sort);
  // Page and count as two queries (issue #7): a `count(*) over ()` window made PostgreSQL sort
  // every match before the LIMIT; apart, the page is a top-N sort and the count may scan indexes only.
  // No join: the count of a category can be answered from the category index alone.
  const from = sql`products p`;
  const [page, counted] = await Promise.all([
    rows<{ id: number }>(
      db,
      sql`select p.id
          from ${from}
          ${whereSql}
          order by ${order}
          limit ${params.limit} offset ${params.offset}`,
    ),
    rows<{ total: number }>(db, sql`select count(*)::int as total from ${from} ${whereSql}`),
  ]);
  return {
    count: num(counted[0]?.total ?? 0),
    results: await loadCards(
      db,
      page.map((r) => r.id),
    ),
  };
}

/** POST /v1/offers_list/: 64 sale or new products (spec §7, §9). */
export async function listSaleOrNew(db: Db, type: 'sale' | 'new'): Promise<OfferCard[]> {
  const filters: OfferFilters = type === 'sale' ? { sale: true } : { new: true };
  const { results } = await listOffers(db, {
    filters,
    sort: type === 'sale' ? 'discount' : 'new',
    limit: 64,
    offset: 0,
  });
  return results;
}

interface CardRow {
  id: number;
  name: string;
  slug: string;
  price: string;
  old_price: string | null;
  is_new: boolean;
  brand_name: string;
  brand_slug: string;
  category_path: string;
  category_name: string;
}

/**
 * Loads cards for product ids, keeping their order. A product hidden in the console (issue #32) has
 * no card: its page answers 404 and it drops out of any list of cards.
 */
export async function loadCards(db: Db, ids: number[]): Promise<OfferCard[]> {
  if (ids.length === 0) return [];
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const [products, images, colors, sizes, ratings] = await Promise.all([
    rows<CardRow>(
      db,
      sql`select p.id, p.name, p.slug, p.price, p.old_price, p.is_new,
                 b.name as brand_name, b.slug as brand_slug, c.path as category_path, c.name as category_name
          from products p join brands b on b.id = p.brand_id join categories c on c.id = p.category_id
          where p.id in (${idList}) and not p.hidden`,
    ),
    rows<{ product_id: number; url: string; alt: string; is_main: boolean; width: number; height: number }>(
      db,
      sql`select product_id, url, alt, is_main, width, height from (
            select i.*, row_number() over (partition by i.product_id order by i.is_main desc, i.sort, i.id) as n
            from product_images i where i.product_id in (${idList})) x
          where n <= 2 order by product_id, n`,
    ),
    rows<{ product_id: number; id: number; slug: string; name: string; hex: string }>(
      db,
      sql`select o.product_id, c.id, c.slug, c.name, c.hex from offers o join colors c on c.id = o.color_id
          where o.product_id in (${idList}) order by o.product_id, o.sort, o.id`,
    ),
    rows<{ product_id: number; name: string }>(
      db,
      sql`select o.product_id, f.name, min(f.sort) as s from offers o join offer_features f on f.offer_id = o.id
          where o.product_id in (${idList}) and f.stock > 0
          group by o.product_id, f.name order by o.product_id, s`,
    ),
    // Issue #33: the rating of approved reviews (a moderation is a change event of the product).
    rows<{ product_id: number; average: string; count: number }>(
      db,
      sql`select product_id, round(avg(rating), 1) as average, count(*)::int as count from reviews
          where product_id in (${idList}) and status = 'approved' group by product_id`,
    ),
  ]);
  const ratingOf = new Map(ratings.map((r) => [r.product_id, { average: Number(r.average), count: Number(r.count) }]));
  const group = <T extends { product_id: number }>(list: T[]) => {
    const map = new Map<number, T[]>();
    for (const item of list) map.set(item.product_id, [...(map.get(item.product_id) ?? []), item]);
    return map;
  };
  const imagesBy = group(images);
  const colorsBy = group(colors);
  const sizesBy = group(sizes);
  const byId = new Map(products.map((p) => [p.id, p]));
  return ids.flatMap((id) => {
    const p = byId.get(id);
    if (!p) return [];
    const price = num(p.price);
    const oldPrice = numOrNull(p.old_price);
    return [
      {
        id: p.id,
        name: p.name,
        slug: p.slug,
        brand: { name: p.brand_name, slug: p.brand_slug },
        price,
        old_price: oldPrice,
        discount: discountPercent(price, oldPrice),
        is_new: p.is_new,
        full_path_offer: productPath(p.category_path, p.id, p.slug),
        category: { path: p.category_path, name: p.category_name },
        images: (imagesBy.get(id) ?? []).map(toImage),
        colors: uniqueBy(
          (colorsBy.get(id) ?? []).map((c) => ({ id: c.id, slug: c.slug, name: c.name, hex: c.hex })),
          (c) => c.id,
        ),
        // Issue #28: in size order (36, 38, 40), whatever order an exchange stored them in.
        sizes: (sizesBy.get(id) ?? []).map((s) => s.name).sort(compareSizes),
        rating: ratingOf.get(id) ?? null,
      },
    ];
  });
}

function uniqueBy<T>(list: T[], key: (item: T) => unknown): T[] {
  const seen = new Set<unknown>();
  return list.filter((item) => (seen.has(key(item)) ? false : (seen.add(key(item)), true)));
}

function toImage(i: { url: string; alt: string; is_main: boolean; width: number; height: number }): Image {
  return { image: i.url, alt: i.alt, is_main: i.is_main, width: i.width, height: i.height };
}

// ---------------------------------------------------------------- product page

/**
 * GET /v1/product_offer/: the product page by pk. `full_path_offer` is the canonical URL; the
 * storefront redirects when the requested path differs (spec §2). `article` is the retailer's
 * article (`products.article`, issue #28), null for goods without one. Each colour's sizes are in
 * `offer_features.sort` order (the seed's and the importer's size order), sizes of equal `sort`
 * in size order ({@link compareSizes}), so an exchange that sent no order still reads 36, 38, 40.
 * @throws ApiHttpError 404 when there is no such product.
 */
export async function getProduct(db: Db, pk: number): Promise<ProductDetail> {
  const [card] = await loadCards(db, [pk]);
  if (!card) throw new ApiHttpError(404, 'Товар не найден');
  const [details] = await rows<{
    article: string | null;
    description: string;
    composition: string;
    material: string;
    country: string;
    care: string;
    type: string;
    category_id: number;
  }>(
    db,
    sql`select article, description, composition, material, country, care, type, category_id from products where id = ${pk}`,
  );
  if (!details) throw new ApiHttpError(404, 'Товар не найден');
  const offerRows = await rows<{
    id: number;
    ext_id: string;
    color_id: number;
    slug: string;
    name: string;
    hex: string;
  }>(
    db,
    sql`select o.id, o.ext_id, c.id as color_id, c.slug, c.name, c.hex from offers o join colors c on c.id = o.color_id
        where o.product_id = ${pk} order by o.sort, o.id`,
  );
  const offerIds = offerRows.map((o) => o.id);
  const idList = sql.join(
    offerIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const [features, images] = offerIds.length
    ? await Promise.all([
        rows<{ id: number; offer_id: number; kind: string; name: string; ext_id: string; stock: number; sort: number }>(
          db,
          sql`select id, offer_id, kind, name, ext_id, stock, sort from offer_features where offer_id in (${idList}) order by sort, id`,
        ).then((list) => list.sort((a, b) => Number(a.sort) - Number(b.sort) || compareSizes(a.name, b.name))),
        rows<{ offer_id: number; url: string; alt: string; is_main: boolean; width: number; height: number }>(
          db,
          sql`select offer_id, url, alt, is_main, width, height from product_images where product_id = ${pk} order by sort, id`,
        ),
      ])
    : [[], []];
  const toFeature = (f: { id: number; name: string; ext_id: string; stock: number }): Feature => ({
    id: f.id,
    ext_id: f.ext_id,
    name: f.name,
    stock: f.stock,
    available: f.stock > 0,
  });
  const offers = offerRows.map((o) => {
    const own = features.filter((f) => f.offer_id === o.id);
    const color: Color = { id: o.color_id, slug: o.slug, name: o.name, hex: o.hex };
    return {
      id: o.id,
      ext_id: o.ext_id,
      color,
      images: images.filter((i) => i.offer_id === o.id).map(toImage),
      features: own.filter((f) => f.kind === 'size').map(toFeature),
      features_top: own.filter((f) => f.kind === 'top').map(toFeature),
      features_bottom: own.filter((f) => f.kind === 'bottom').map(toFeature),
    };
  });
  const breadcrumbs = await categoryChain(db, card.category.path);
  const relatedIds = await rows<{ id: number }>(
    db,
    sql`select id from products where category_id = ${details.category_id} and id <> ${pk}
        order by popularity desc, id limit 8`,
  );
  return {
    ...card,
    article: details.article?.trim() || null,
    description: details.description,
    composition: details.composition,
    material: details.material,
    country: details.country,
    care: details.care,
    type: details.type,
    breadcrumbs,
    offers,
    related: await loadCards(
      db,
      relatedIds.map((r) => r.id),
    ),
  };
}

async function categoryChain(db: Db, path: string): Promise<CategoryRef[]> {
  const prefixes = path.split('/').map((_, i, parts) => parts.slice(0, i + 1).join('/'));
  return rows<CategoryRef>(
    db,
    sql`select path, name from categories where path in (${sql.join(
      prefixes.map((p) => sql`${p}`),
      sql`, `,
    )}) order by level`,
  );
}
