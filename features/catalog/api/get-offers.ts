/** GET /v1/offers/{path}/?limit=24&offset=N&tag= (spec §7 Catalogue, §9 page size). */
import { OffersPage } from '@/lib/api/contract/catalog';
import { apiGet } from '@/lib/api/fetcher';
import { CATALOG_REVALIDATE_S, PAGE_SIZE } from '@/lib/constants';

/**
 * One page of a category's products, cached 5 minutes.
 * @param path category path without leading slash.
 * @param page 1-based page; offset = (page − 1) × 24.
 * @throws ApiRequestError.
 */
export function getOffers(path: string, page: number, tag?: string): Promise<OffersPage> {
  return apiGet(`/v1/offers/${path}/`, OffersPage, {
    query: { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE, tag },
    cache: { revalidate: CATALOG_REVALIDATE_S, tags: ['catalog', `offers:${path}`] },
  });
}
