/** GET /v1/get_seo/?url= (spec §3 SEO record, §7 Content). */
import { SeoRecord } from '@/lib/api/contract/content';
import { apiGet, isNotFound } from '@/lib/api/fetcher';
import { CATALOG_REVALIDATE_S } from '@/lib/constants';

/**
 * The SEO record of a page, cached 5 minutes.
 * @param url page path starting with "/", without query.
 * @returns the record, or `null` when there is none or the call failed (spec §8: only logged).
 */
export async function getSeo(url: string): Promise<SeoRecord | null> {
  try {
    return await apiGet('/v1/get_seo/', SeoRecord, {
      query: { url },
      cache: { revalidate: CATALOG_REVALIDATE_S, tags: ['seo'] },
    });
  } catch (error) {
    if (!isNotFound(error)) console.error('что-то пошло не так: get_seo', error);
    return null;
  }
}
