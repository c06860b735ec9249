/**
 * Rendering of a catalogue listing (spec §2 "Catalogue sections"), shared by the cached listing
 * route (app/(shop)/cached/[key]/[section]/[[...path]]) and the per-request catalogue route
 * (./catalog-route.tsx). Its own module, apart from the product's (./product-route.tsx), so that
 * the cached listing route's client chunk holds only the listing's islands (issue #30,
 * first-visit JS).
 *
 * GET /v1/category/{path}?tag= and GET /v1/offers/{path}/?limit=24&offset=N&tag=&filters=<JSON>&sort=
 * (page param → offset, the URL's facets → filters) and GET /v1/all/filters/{path}/ for the facet
 * column. Unknown category or tag, or a page beyond the last → `notFound()`.
 */
import { notFound } from 'next/navigation';
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
import { pageHeading, pageMetadata } from '@/features/seo/utils/page-metadata';
import { itemListJsonLd } from '@/features/seo/utils/structured-data';
import type { CatalogListingRoute } from '@/lib/catalog-path';
import { PAGE_SIZE, SITE_NAME } from '@/lib/constants';
import { shownBrand } from '@/lib/format/brand';
import { catalogHref, pageHref } from '@/lib/routes';
import { absoluteUrl } from '@/lib/site-url';
import { or404 } from './catalog-params';
import type { Metadata } from 'next';

// Memoised per request on primitive arguments, shared by generateMetadata and the page.
const cachedCategory = cache((path: string, tag: string | undefined) => or404(() => getCategory(path, tag)));
const loadCategory = (route: CatalogListingRoute) => cachedCategory(route.path, route.tag);

/**
 * A listing's own name: "Купальники" or, on a tag page, "Купальники — распродажа". The API may
 * already name the tag in `seo.title`/`seo.h1`; then it is not added again (issue #14).
 */
function withTag(name: string, tag: { name: string } | null): string {
  if (!tag || name.toLocaleLowerCase('ru').includes(tag.name.toLocaleLowerCase('ru'))) return name;
  return `${name} — ${tag.name.toLocaleLowerCase('ru')}`;
}

/**
 * Titles "Купальники — Lumière" from the SEO record or the category, with "— страница N" on page
 * 2+; tag pages their own description; canonical URLs (filtered or re-sorted variants: noindex,
 * canonical to the clean listing). `query`: the page's query parameters (filters, sort, page).
 * Throws `notFound()` for an unknown category or a page beyond the last.
 */
export async function listingMetadata(route: CatalogListingRoute, query: RawQuery): Promise<Metadata> {
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

/** A listing page with its schema.org ItemList; `query` as in {@link listingMetadata}. Throws `notFound()` as the module docstring says. */
export async function ListingRoute({ route, query }: { route: CatalogListingRoute; query: RawQuery }) {
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
