/** GET /v1/about/{path} (spec §7 Content): info pages by path. */
import { cache } from 'react';
import { InfoPage } from '@/lib/api/contract/publications';
import { apiGet, isNotFound } from '@/lib/api/fetcher';
import { CATALOG_REVALIDATE_S } from '@/lib/constants';

/**
 * The info page at `path` ("about", "publick-offer"), cached 5 minutes under the tag "content";
 * deduplicated per request (metadata and page share one call).
 * @returns the page, or `null` when the API has no such page (the caller answers 404).
 * @throws ApiRequestError for other failures (the error page shows).
 */
export const getInfoPage = cache(async (path: string): Promise<InfoPage | null> => {
  try {
    return await apiGet(`/v1/about/${path}`, InfoPage, {
      cache: { revalidate: CATALOG_REVALIDATE_S, tags: ['content'] },
    });
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
});
