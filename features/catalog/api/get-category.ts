/** GET /v1/category/{path}?tag= (spec §7 Catalogue). */
import { Category } from '@/lib/api/contract/catalog';
import { apiGet } from '@/lib/api/fetcher';
import { CATALOG_REVALIDATE_S } from '@/lib/constants';

/**
 * A category with its parents, children, tags and SEO texts, cached 5 minutes.
 * @param path category path without leading slash ("kupalniki/razdelnye").
 * @param tag landing tag slug.
 * @throws ApiRequestError (404 for an unknown category; the page calls `notFound()`).
 */
export function getCategory(path: string, tag?: string): Promise<Category> {
  return apiGet(`/v1/category/${path}`, Category, {
    query: { tag },
    cache: { revalidate: CATALOG_REVALIDATE_S, tags: ['catalog', `category:${path}`] },
  });
}
