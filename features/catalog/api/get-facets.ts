/** GET /v1/all/filters/{slug}/?filters=&tag=&search=&brand= (spec §7 Catalogue; issue #3 facets). */
import type { OfferFilters } from '@/lib/api/contract/catalog';
import { Facets } from '@/lib/api/contract/facets';
import { apiGet } from '@/lib/api/fetcher';
import { CATALOG_REVALIDATE_S } from '@/lib/constants';
import { filtersParam } from './get-offers';

/** Which base set: a category (+tag), search text, or a brand; `path` '' = whole catalogue. */
export type FacetsRequest = { path: string; tag?: string; search?: string; brand?: string; filters: OfferFilters };

/**
 * Facets with counts for the current selection, cached 5 minutes.
 * @returns null when the call failed (facets are an enhancement; the listing still shows).
 */
export async function getFacets(request: FacetsRequest): Promise<Facets | null> {
  try {
    return await apiGet(request.path ? `/v1/all/filters/${request.path}/` : '/v1/all/filters/', Facets, {
      query: { tag: request.tag, search: request.search, brand: request.brand, filters: filtersParam(request.filters) },
      cache: { revalidate: CATALOG_REVALIDATE_S, tags: ['catalog', 'listings', `facets:${request.path}`] },
    });
  } catch (error) {
    console.error('что-то пошло не так: all/filters', error);
    return null;
  }
}
