/** GET /v1/landing_page/{slug}/?limit=24&offset=0&sort= (spec §7 Catalogue, §9). */
import type { Sort } from '@/lib/api/contract/catalog';
import { LandingPage } from '@/lib/api/contract/facets';
import { apiGet } from '@/lib/api/fetcher';
import { CATALOG_REVALIDATE_S, PAGE_SIZE } from '@/lib/constants';

/**
 * A landing page with one page of its products, cached 5 minutes.
 * @throws ApiRequestError (404 for an unknown slug).
 */
export function getLanding(slug: string, page: number, sort?: Sort): Promise<LandingPage> {
  return apiGet(`/v1/landing_page/${encodeURIComponent(slug)}/`, LandingPage, {
    query: { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE, sort },
    cache: { revalidate: CATALOG_REVALIDATE_S, tags: ['catalog', 'listings', `landing:${slug}`] },
  });
}

/** The BFF URL of a landing page's next pages, without `offset`. */
export function landingBffUrl(slug: string, sort?: Sort): string {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (sort) query.set('sort', sort);
  return `/api/v1/landing_page/${encodeURIComponent(slug)}/?${query.toString()}`;
}
