/**
 * Facets of a listing (spec §7 `GET /v1/all/filters/{slug}/`), search suggestions of the header
 * search bar (spec §2 Layout "Search bar"), landing pages (spec §7 `GET /v1/landing_page/{slug}`)
 * and the sitemap feed. The spec leaves these shapes "not shown"; they are ours.
 *
 * Facet counts follow the usual faceted-search rule: the count of a value is the number of products
 * the listing would show if that value were added to the current filters, i.e. it is computed with
 * every OTHER facet applied (AND across facets) and this facet's own selection ignored (OR within
 * one facet).
 */
import { z } from 'zod';
import { CategoryRef, OfferCard, Sort } from './catalog';
import { PageQuery, Rubles, paginated, safeString } from './common';

/** One value of a facet with the number of products it would give. */
export const FacetValue = z
  .object({
    /** What goes into `OfferFilters` (brand slug, colour slug, size name, material name). */
    value: z.string(),
    /** Shown text. */
    label: z.string(),
    count: z.number().int().nonnegative(),
    /** Colours only: CSS "#rrggbb". */
    hex: z.string().optional(),
  })
  .meta({ id: 'FacetValue' });
export type FacetValue = z.infer<typeof FacetValue>;

/** A yes/no facet ("Со скидкой", "Новинки"): how many products it would leave. */
export const FacetFlag = z.object({ count: z.number().int().nonnegative() });

/** GET /v1/all/filters/{slug}/: every facet of a listing with counts. */
export const Facets = z
  .object({
    /** Products matching all current filters (what the listing shows). */
    count: z.number().int().nonnegative(),
    brands: z.array(FacetValue),
    colors: z.array(FacetValue),
    sizes: z.array(FacetValue),
    materials: z.array(FacetValue),
    /** Price bounds of the products matching every other facet, rubles; null when none. */
    price: z.object({ min: Rubles.nullable(), max: Rubles.nullable() }),
    sale: FacetFlag,
    new: FacetFlag,
  })
  .meta({ id: 'Facets' });
export type Facets = z.infer<typeof Facets>;

/** Query of the facets endpoint. */
export const FacetsQuery = z.object({
  /** JSON of `OfferFilters`: the shopper's current selection. */
  filters: safeString().max(4000, 'Слишком длинный фильтр').optional(),
  /** Landing tag slug of the category. */
  tag: safeString().max(100).optional(),
  /** Search variant: facets of the search results for this text (spec §2 /search). */
  search: safeString().trim().max(200, 'Слишком длинный запрос').optional(),
  /** Brand page variant: restricts the base set to one brand. */
  brand: safeString().max(100).optional(),
});

/** GET /v1/search_suggest/?q=: header search suggestions. */
export const SuggestQuery = z.object({
  q: safeString({ error: 'Введите поисковый запрос' })
    .trim()
    .min(1, 'Введите поисковый запрос')
    .max(100, 'Слишком длинный запрос'),
});

export const SuggestProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  brand: z.string(),
  price: Rubles,
  old_price: Rubles.nullable(),
  /** Main image URL or null. */
  image: z.string().nullable(),
  full_path_offer: z.string(),
});
export type SuggestProduct = z.infer<typeof SuggestProduct>;

export const Suggestions = z
  .object({
    query: z.string(),
    categories: z.array(CategoryRef),
    brands: z.array(z.object({ name: z.string(), slug: z.string() })),
    products: z.array(SuggestProduct),
  })
  .meta({ id: 'Suggestions' });
export type Suggestions = z.infer<typeof Suggestions>;

/** Query of a landing page: page + sort (spec §7: `?limit=24&offset=0`). */
export const LandingQuery = PageQuery.extend({ sort: Sort.optional() });

/** GET /v1/landing_page/{slug}[/?limit&offset]: the landing page with one page of its products. */
export const LandingPage = paginated(OfferCard)
  .extend({
    slug: z.string(),
    title: z.string(),
    h1: z.string(),
    description: z.string(),
    /** Intro text shown above the products. */
    text: z.string(),
  })
  .meta({ id: 'LandingPage' });
export type LandingPage = z.infer<typeof LandingPage>;

/** A landing page as the footer links it: slug (/landing/{slug}) and title. */
export const LandingListItem = z.object({ slug: z.string(), title: z.string() });

/** GET /v1/sitemap/products/?offset&limit: product URLs for sitemap.xml (up to 50 000 a page). */
/** Slug of GET /v1/landing_page/{slug}. */
export const LandingSlug = z.string().regex(/^[a-z0-9-]{1,100}$/, 'Страница не найдена');

export const SitemapProductsQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit должен быть числом' })
    .int()
    .min(1, 'limit от 1 до 50000')
    .max(50_000, 'limit от 1 до 50000')
    .default(50_000),
  offset: z.coerce
    .number({ error: 'offset должен быть числом' })
    .int()
    .min(0, 'offset не может быть отрицательным')
    .max(10_000_000, 'offset слишком большой')
    .default(0),
});
export const SitemapProducts = z
  .object({
    count: z.number().int(),
    results: z.array(z.object({ path: z.string(), updated: z.string() })),
  })
  .meta({ id: 'SitemapProducts' });
export type SitemapProducts = z.infer<typeof SitemapProducts>;

/** GET /v1/sitemap/: everything but products (categories with tags, brands, landing pages). */
export const SitemapIndexData = z
  .object({
    categories: z.array(z.object({ path: z.string(), tags: z.array(z.string()) })),
    brands: z.array(z.string()),
    landings: z.array(z.string()),
    /**
     * The landing pages with their titles, in the owner's order (issue #34 item 10: the footer links
     * them); optional for a retailer's own API, whose pages then go unlinked.
     */
    landing_pages: z.array(LandingListItem).optional(),
    products_count: z.number().int(),
  })
  .meta({ id: 'SitemapData' });
export type SitemapIndexData = z.infer<typeof SitemapIndexData>;
