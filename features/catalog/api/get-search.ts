/** GET /v1/search/{query}/?limit=24&offset=0&filters=&sort= (spec §7 Catalogue, §9). */
import { SearchPage } from '@/lib/api/contract/catalog';
import { apiGet } from '@/lib/api/fetcher';
import { CATALOG_REVALIDATE_S, PAGE_SIZE } from '@/lib/constants';
import { filtersParam, type OffersRequest } from './get-offers';

/**
 * One page of search results (Russian morphology and typos are the API's job), cached 5 minutes.
 * @param text the shopper's query, 1–200 characters after trimming.
 * @throws ApiRequestError (400 for an empty or too long query).
 */
export function getSearch(text: string, page: number, request: OffersRequest = {}): Promise<SearchPage> {
  return apiGet(`/v1/search/${encodeURIComponent(text)}/`, SearchPage, {
    query: {
      limit: PAGE_SIZE,
      offset: (page - 1) * PAGE_SIZE,
      filters: filtersParam(request.filters),
      sort: request.sort,
    },
    cache: { revalidate: CATALOG_REVALIDATE_S, tags: ['catalog', 'listings', 'search'] },
  });
}

/** The BFF URL of the next search pages, without `offset`. */
export function searchBffUrl(text: string, request: OffersRequest = {}): string {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
  const filters = filtersParam(request.filters);
  if (filters) query.set('filters', filters);
  if (request.sort) query.set('sort', request.sort);
  return `/api/v1/search/${encodeURIComponent(text)}/?${query.toString()}`;
}
