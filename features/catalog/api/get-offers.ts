/** GET /v1/offers/{path}/?limit=24&offset=N&filters=<JSON>&sort=&tag= (spec §7 Catalogue, §9 page size). */
import { OffersPage, type OfferFilters, type Sort } from '@/lib/api/contract/catalog';
import { apiGet } from '@/lib/api/fetcher';
import { CATALOG_REVALIDATE_S, PAGE_SIZE } from '@/lib/constants';

/** Filters and sort of a listing request. */
export type OffersRequest = { filters?: OfferFilters; sort?: Sort };

/** `?filters=` value: the spec's "filters as JSON query data"; undefined when empty. */
export function filtersParam(filters: OfferFilters | undefined): string | undefined {
  return filters && Object.keys(filters).length ? JSON.stringify(filters) : undefined;
}

/**
 * One page of a category's products (or the whole catalogue for path ''), cached 5 minutes.
 * @param path category path without leading slash; '' for every product.
 * @param page 1-based page; offset = (page − 1) × 24.
 * @throws ApiRequestError (404 unknown category/tag, 400 bad filters).
 */
export function getOffers(path: string, page: number, tag?: string, request: OffersRequest = {}): Promise<OffersPage> {
  return apiGet(path ? `/v1/offers/${path}/` : '/v1/offers/', OffersPage, {
    query: {
      limit: PAGE_SIZE,
      offset: (page - 1) * PAGE_SIZE,
      tag,
      filters: filtersParam(request.filters),
      sort: request.sort,
    },
    cache: { revalidate: CATALOG_REVALIDATE_S, tags: ['catalog', 'listings', `offers:${path}`] },
  });
}

/**
 * The BFF URL a client island fetches the next pages from (without `offset`), e.g.
 * "/api/v1/offers/kupalniki/?limit=24&filters=…&sort=new".
 */
export function offersBffUrl(path: string, tag?: string, request: OffersRequest = {}): string {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (tag) query.set('tag', tag);
  const filters = filtersParam(request.filters);
  if (filters) query.set('filters', filters);
  if (request.sort) query.set('sort', request.sort);
  return `/api${path ? `/v1/offers/${path}/` : '/v1/offers/'}?${query.toString()}`;
}
