/**
 * Rendering of /brands/{slug} (spec §2 named link "brands-slug"), shared by the per-request route
 * (./page.tsx) and the cached one (app/(shop)/cached/[key]/brands/[slug]; proxy.ts): the brand's
 * description and all its products with facets (GET /v1/all/filters/?brand=), sort, pagination and
 * "Показать ещё" (GET /v1/offers/?filters={"brands":[slug],…}). Unknown brand, invalid page or a
 * page beyond the last → `notFound()`.
 */
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { Breadcrumbs } from '@/components/breadcrumbs/breadcrumbs';
import { JsonLd } from '@/components/json-ld';
import { getBrandList } from '@/features/catalog/api/get-brand-list';
import { getFacets } from '@/features/catalog/api/get-facets';
import { getOffers, offersBffUrl } from '@/features/catalog/api/get-offers';
import { FacetedListing } from '@/features/catalog/components/faceted-listing';
import { hasFilters, parseListingQuery } from '@/features/catalog/utils/listing-query';
import type { RawQuery } from '@/features/catalog/utils/listing-query';
import { parsePageParam } from '@/features/catalog/utils/page-param';
import { FavoriteToggle } from '@/features/favorites/components/favorite-toggle';
import { pageHeading, pageMetadata } from '@/features/seo/utils/page-metadata';
import { itemListJsonLd } from '@/features/seo/utils/structured-data';
import { PAGE_SIZE } from '@/lib/constants';
import { href, pageHref, routeTitle } from '@/lib/routes';
import { absoluteUrl } from '@/lib/site-url';
import type { Metadata } from 'next';

const loadBrand = cache(async (slug: string) => {
  const brand = (await getBrandList()).find((b) => b.slug === slug);
  if (!brand) notFound();
  return brand;
});

/** "Maaji — купальники и одежда" with the brand's description; canonical/noindex as listings. `query`: filters, sort, page. */
export async function brandMetadata(slug: string, query: RawQuery): Promise<Metadata> {
  const brand = await loadBrand(slug);
  const state = parseListingQuery(query);
  const page = parsePageParam(query.page) ?? 1;
  const base = href('brands-slug', { slug: brand.slug });
  const variant = hasFilters(state.filters) || state.sort !== undefined;
  // Issue #14 item 7: og:image is the brand's first product photo (the same call as the page's).
  const merged = { filters: { ...state.filters, brands: [brand.slug] }, sort: state.sort };
  const first = await getOffers('', page, undefined, merged).then(
    (offers) => offers.results[0],
    () => undefined,
  );
  // A page beyond the last is the error page, titled so (issue #14 item 6).
  if (page > 1 && !first) notFound();
  return pageMetadata({
    image: first?.images[0]?.image,
    imageAlt: first ? `${first.name} ${first.brand.name}` : undefined,
    path: variant ? base : pageHref(base, page),
    title: page > 1 ? brand.name : `${brand.name} (${brand.name_ru}) — купить в интернет-магазине`,
    page,
    description: `${brand.name}, ${brand.country}. ${brand.description}`,
    noindex: variant,
  });
}

/** A brand page; `query` as in {@link brandMetadata}. */
export async function BrandRoute({ slug, query }: { slug: string; query: RawQuery }) {
  const brand = await loadBrand(slug);
  const page = parsePageParam(query.page);
  if (page === null) notFound();
  const state = parseListingQuery(query);
  const merged = { filters: { ...state.filters, brands: [brand.slug] }, sort: state.sort };
  const base = href('brands-slug', { slug: brand.slug });
  const [offers, facets, heading] = await Promise.all([
    getOffers('', page, undefined, merged),
    getFacets({ path: '', brand: brand.slug, filters: { ...state.filters, brands: undefined } }),
    pageHeading(base, brand.name),
  ]);
  if (page > 1 && offers.results.length === 0) notFound();
  const shown = { filters: { ...state.filters }, sort: state.sort };
  delete shown.filters.brands;
  return (
    <div className="container">
      <Breadcrumbs
        items={[
          { name: routeTitle('brands'), href: href('brands') },
          { name: brand.name, href: base },
        ]}
      />
      <h1 className="page-title">{heading}</h1>
      <p style={{ maxWidth: 720, color: 'var(--color-muted)' }}>
        {brand.country}. {brand.description}
      </p>
      <FacetedListing
        cardAction={FavoriteToggle}
        basePath={base}
        state={shown}
        facets={facets}
        offers={offers}
        page={page}
        endpoint={offersBffUrl('', undefined, merged)}
        label={heading}
        hide={['brand']}
        emptyText="Товаров этого бренда сейчас нет"
      />
      <JsonLd data={itemListJsonLd(heading, offers.results, (page - 1) * PAGE_SIZE, absoluteUrl)} />
    </div>
  );
}
