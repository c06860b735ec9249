/**
 * Rendering of the catalogue pages, shared by the per-request route (./page.tsx) and the cached
 * route (app/(shop)/cached/[key]/[section]/[[...path]], proxy.ts and
 * features/catalog/utils/page-cache-key.ts). Catalogue pages (spec §2 "Catalogue sections" and
 * "Product detail"): one catch-all per section, parsed by `parseCatalogPath`. Listings: GET /v1/category/{path}?tag= and
 * GET /v1/offers/{path}/?limit=24&offset=N&tag=&filters=<JSON>&sort= (page param → offset, the
 * URL's facets → filters) and GET /v1/all/filters/{path}/ for the facet column. Products:
 * GET /v1/product_offer/; a request whose path differs from the product's `full_path_offer`
 * (missing/wrong slug or category) is permanently redirected there, with the request's query (the
 * cached route never sees it: the storefront server appends it, storefront-server/storefront-response.ts;
 * here it is also added, for the per-request route). Unknown section, malformed
 * path, unknown category/product or a page beyond the last → 404.
 */
import { notFound, permanentRedirect } from 'next/navigation';
import { cache } from 'react';
import { JsonLd } from '@/components/json-ld';
import { getCategory } from '@/features/catalog/api/get-category';
import { getFacets } from '@/features/catalog/api/get-facets';
import { getOffers } from '@/features/catalog/api/get-offers';
import { CatalogListing } from '@/features/catalog/components/catalog-listing';
import { hasFilters, parseListingQuery, type RawQuery } from '@/features/catalog/utils/listing-query';
import { parsePageParam } from '@/features/catalog/utils/page-param';
import { PromoBanners } from '@/features/content/components/home-banners';
import { FavoriteToggle } from '@/features/favorites/components/favorite-toggle';
import { getProduct } from '@/features/product/api/get-product';
import { getProductReviews } from '@/features/product/api/get-product-reviews';
import { ProductView } from '@/features/product/components/product-view';
import { productArticle } from '@/features/product/utils/product-article';
import { getDeliveryTerms } from '@/features/seo/api/get-delivery-terms';
import { pageHeading, pageMetadata } from '@/features/seo/utils/page-metadata';
import { itemListJsonLd, productGroupJsonLd } from '@/features/seo/utils/structured-data';
import type { ProductDetail } from '@/lib/api/contract/catalog';
import { isNotFound } from '@/lib/api/fetcher';
import {
  decodeSegments,
  parseCatalogPath,
  type CatalogListingRoute,
  type CatalogProductRoute,
} from '@/lib/catalog-path';
import { PAGE_SIZE, SITE_NAME } from '@/lib/constants';
import { shownBrand } from '@/lib/format/brand';
import { pluralize } from '@/lib/format/plural';
import { catalogHref, pageHref } from '@/lib/routes';
import { absoluteUrl } from '@/lib/site-url';
import type { Metadata } from 'next';

/** Route params of a catalogue page (`/{section}/{...path}`). */
export type CatalogParams = Promise<{ section: string; path?: string[] }>;

/** `[name, value]` pairs of a page's query (repeated names kept), for `URLSearchParams`. */
function queryRecordEntries(query: RawQuery): [string, string][] {
  return Object.entries(query).flatMap(([name, value]) =>
    value === undefined ? [] : (Array.isArray(value) ? value : [value]).map((v): [string, string] => [name, v]),
  );
}

/** Calls `fn`, turning an API 404 into `notFound()`. */
async function or404<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (isNotFound(error)) notFound();
    throw error;
  }
}

// Memoised per request on primitive arguments, shared by generateMetadata and the page.
const cachedCategory = cache((path: string, tag: string | undefined) => or404(() => getCategory(path, tag)));
const cachedProduct = cache((pk: string, categoryPath: string, slug: string | undefined) =>
  or404(() => getProduct({ pk, categoryPath, slug })),
);
const loadCategory = (route: CatalogListingRoute) => cachedCategory(route.path, route.tag);
const loadProduct = (route: CatalogProductRoute) => cachedProduct(route.pk, route.categoryPath, route.slug);

async function resolve(params: CatalogParams) {
  const { section, path } = await params;
  const route = parseCatalogPath(section, decodeSegments(path ?? []));
  if (!route) notFound();
  return route;
}

/**
 * "красный" and "арт. 5420" of a product: products may share a name and brand, so the article
 * tells their titles and descriptions apart, and the colours help the shopper (a title leaves them
 * out when it would be too long, lib/format/seo-text.ts). The article is the retailer's (issue
 * #28: the one the page shows and search finds), else the product number (its pk, unique), as for
 * the demo catalogue.
 */
function productQualifier(product: ProductDetail): { colors: string; article: string } {
  const colors = [...new Set(product.offers.map((offer) => offer.color.name.toLocaleLowerCase('ru')))];
  const shown =
    colors.length > 2 ? `${colors.length} ${pluralize(colors.length, ['цвет', 'цвета', 'цветов'])}` : colors.join('/');
  return { colors: shown, article: `арт. ${productArticle(product)}` };
}

/**
 * A listing's own name: "Купальники" or, on a tag page, "Купальники — распродажа". The API may
 * already name the tag in `seo.title`/`seo.h1`; then it is not added again (issue #14).
 */
function withTag(name: string, tag: { name: string } | null): string {
  if (!tag || name.toLocaleLowerCase('ru').includes(tag.name.toLocaleLowerCase('ru'))) return name;
  return `${name} — ${tag.name.toLocaleLowerCase('ru')}`;
}

/**
 * Titles "Купальники — Lumière" from the SEO record or the category/product, with "— страница N"
 * on page 2+; products carry colour and article; tag pages their own description; canonical URLs.
 * `query`: the page's query parameters (filters, sort, page).
 */
export async function catalogMetadata(params: CatalogParams, query: RawQuery): Promise<Metadata> {
  const route = await resolve(params);
  if (route.kind === 'product') {
    const product = await loadProduct(route);
    const name = `${product.name} ${shownBrand(product.brand)}`.trim();
    const { colors, article } = productQualifier(product);
    return pageMetadata({
      path: product.full_path_offer,
      title: name,
      detail: colors,
      qualifier: article,
      // Name, colour and article first: they survive the cut to 160 characters.
      description: `${name}, ${[colors, article].filter(Boolean).join(', ')}. ${product.description} Купить с доставкой по России.`,
      image: product.images.find((image) => image.is_main)?.image ?? product.images[0]?.image,
      imageAlt: name,
    });
  }
  const page = parsePageParam(query.page) ?? 1;
  const state = parseListingQuery(query);
  const category = await loadCategory(route);
  const base = catalogHref(category.path, category.tag?.slug);
  const name = withTag(
    category.tag ? category.seo.h1 || category.name : category.seo.title || category.name,
    category.tag,
  );
  // Filtered or re-sorted listings do not compete with the clean one: noindex + canonical to it.
  const variant = hasFilters(state.filters) || state.sort !== undefined;
  const heading = withTag(category.seo.h1 || category.name, category.tag);
  // Issue #14 item 7: og:image of a listing is its first product's photo (the same request as the page's).
  const first = await getOffers(route.path, page, route.tag, state).then(
    (offers) => offers.results[0],
    () => undefined,
  );
  // A page beyond the last is the error page, titled so (issue #14 item 6).
  if (page > 1 && !first) notFound();
  return pageMetadata({
    path: variant ? base : pageHref(base, page),
    noindex: variant,
    title: name,
    page,
    image: first?.images[0]?.image,
    imageAlt: first ? `${first.name} ${shownBrand(first.brand)}`.trim() : undefined,
    description: category.tag
      ? `${heading} в интернет-магазине ${SITE_NAME}: подборка «${category.tag.name}». Доставка по России, примерка перед покупкой.`
      : category.seo.description ||
        `${category.name} — купить в интернет-магазине ${SITE_NAME}. Доставка по России, примерка.`,
  });
}

/** A listing or a product page; `query` as in {@link catalogMetadata}. Throws notFound()/permanentRedirect() as the module docstring says. */
export async function CatalogRoute({ params, query }: { params: CatalogParams; query: RawQuery }) {
  const route = await resolve(params);

  if (route.kind === 'product') {
    const product = await loadProduct(route);
    const requested = `/${[route.categoryPath, route.pk, route.slug].filter(Boolean).join('/')}`;
    if (product.full_path_offer !== requested) {
      const search = new URLSearchParams(queryRecordEntries(query)).toString();
      permanentRedirect(search ? `${product.full_path_offer}?${search}` : product.full_path_offer);
    }
    // Issue #33: reviews are part of the cached page, tagged with the product (a moderation is its change event).
    // Issue #32: the H1 an operator wrote for this URL in the console (its SEO record), else the name.
    const [terms, reviews, heading] = await Promise.all([
      getDeliveryTerms(),
      getProductReviews(product.id),
      pageHeading(product.full_path_offer, product.name),
    ]);
    return (
      <>
        <ProductView
          product={product}
          favoriteSlot={<FavoriteToggle productId={product.id} name={product.name} size="lg" />}
          relatedCardAction={FavoriteToggle}
          query={query}
          reviews={reviews}
          heading={heading}
        />
        <JsonLd data={productGroupJsonLd(product, absoluteUrl, terms, reviews)} />
      </>
    );
  }

  const page = parsePageParam(query.page);
  if (page === null) notFound();
  const state = parseListingQuery(query);
  const [category, offers, facets] = await Promise.all([
    loadCategory(route),
    or404(() => getOffers(route.path, page, route.tag, state)),
    getFacets({ path: route.path, tag: route.tag, filters: state.filters }),
  ]);
  if (route.tag && !category.tag) notFound();
  if (page > 1 && (page - 1) * PAGE_SIZE >= offers.count) notFound();

  const base = catalogHref(category.path, category.tag?.slug);
  const heading = await pageHeading(base, withTag(category.seo.h1 || category.name, category.tag));
  return (
    <>
      <CatalogListing
        category={category}
        offers={offers}
        page={page}
        heading={heading}
        state={state}
        facets={facets}
        cardAction={FavoriteToggle}
        bannerSlot={page === 1 ? <PromoBanners place="container" section={category.section} /> : null}
      />
      <JsonLd data={itemListJsonLd(heading, offers.results, (page - 1) * PAGE_SIZE, absoluteUrl)} />
    </>
  );
}
