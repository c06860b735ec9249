/**
 * Rendering of the landing pages /landing/{slug} (spec §7 GET /v1/landing_page/{slug}/?limit=24&offset=0;
 * issue #3: they live under /landing/ so they never clash with catalogue sections), shared by the
 * per-request route (./page.tsx) and the cached one (app/(shop)/cached/[key]/landing/[slug];
 * proxy.ts): title, intro text, the products of the saved filter with sort, pagination and
 * "Показать ещё". Unknown slug, invalid page or a page beyond the last → `notFound()`.
 */
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { Breadcrumbs } from '@/components/breadcrumbs/breadcrumbs';
import { getLanding, landingBffUrl } from '@/features/catalog/api/get-landing';
import { FacetedListing } from '@/features/catalog/components/faceted-listing';
import { parseListingQuery, type RawQuery } from '@/features/catalog/utils/listing-query';
import { parsePageParam } from '@/features/catalog/utils/page-param';
import { FavoriteToggle } from '@/features/favorites/components/favorite-toggle';
import { pageHeading, pageMetadata } from '@/features/seo/utils/page-metadata';
import type { Sort } from '@/lib/api/contract/catalog';
import { isNotFound } from '@/lib/api/fetcher';
import { href, pageHref } from '@/lib/routes';
import type { Metadata } from 'next';

const load = cache(async (slug: string, page: number, sort: Sort | undefined) => {
  if (!/^[a-z0-9-]{1,100}$/.test(slug)) notFound();
  try {
    return await getLanding(slug, page, sort);
  } catch (error) {
    if (isNotFound(error)) notFound();
    throw error;
  }
});

/**
 * The landing's title and description; sorted variants are noindex with the clean page as
 * canonical. `query`: sort and page.
 */
export async function landingMetadata(slug: string, query: RawQuery): Promise<Metadata> {
  const page = parsePageParam(query.page) ?? 1;
  const { sort } = parseListingQuery(query);
  const landing = await load(slug, page, sort);
  // A page beyond the last is the error page, titled so (issue #14 item 6).
  if (page > 1 && landing.results.length === 0) notFound();
  const base = href('landing-slug', { slug });
  return pageMetadata({
    path: sort ? base : pageHref(base, page),
    title: landing.title,
    page,
    description: landing.description,
    noindex: sort !== undefined,
  });
}

/** A landing page; `query` as in {@link landingMetadata}. */
export async function LandingRoute({ slug, query }: { slug: string; query: RawQuery }) {
  const page = parsePageParam(query.page);
  if (page === null) notFound();
  const { sort } = parseListingQuery(query);
  const landing = await load(slug, page, sort);
  if (page > 1 && landing.results.length === 0) notFound();
  const base = href('landing-slug', { slug });
  const heading = await pageHeading(base, landing.h1);
  return (
    <div className="container">
      <Breadcrumbs items={[{ name: landing.title, href: base }]} />
      <h1 className="page-title">{heading}</h1>
      {landing.text ? <p style={{ maxWidth: 720 }}>{landing.text}</p> : null}
      <FacetedListing
        cardAction={FavoriteToggle}
        basePath={base}
        state={{ filters: {}, sort }}
        facets={null}
        offers={landing}
        page={page}
        endpoint={landingBffUrl(slug, sort)}
        label={heading}
      />
    </div>
  );
}
