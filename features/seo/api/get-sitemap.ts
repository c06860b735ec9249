/** GET /v1/sitemap/ and /v1/sitemap/products/ (the sitemap feed of the shop API, issue #3). */
import { SitemapIndexData, SitemapProducts } from '@/lib/api/contract/facets';
import { apiGet } from '@/lib/api/fetcher';

/** URLs per sitemap file (Google's limit). */
export const SITEMAP_CHUNK = 50_000;

/**
 * Categories with tags, brands, landing pages and the number of products, cached 1 hour.
 * @throws ApiRequestError.
 */
export function getSitemapData(): Promise<SitemapIndexData> {
  return apiGet('/v1/sitemap/', SitemapIndexData, {
    cache: { revalidate: 3600, tags: ['sitemap'] },
    timeoutMs: 30_000,
  });
}

/**
 * Product paths of sitemap chunk `chunk` (0-based, 50 000 each), cached 1 hour.
 * @throws ApiRequestError.
 */
export function getSitemapProducts(chunk: number): Promise<SitemapProducts> {
  return apiGet('/v1/sitemap/products/', SitemapProducts, {
    query: { limit: SITEMAP_CHUNK, offset: chunk * SITEMAP_CHUNK },
    // 50 000 paths are ~4 MB: too big for Next's data cache, so not cached there.
    cache: false,
    timeoutMs: 60_000,
  });
}
