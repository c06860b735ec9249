/** GET /v1/news/{slug} and /v1/blog/{slug} (spec §7 Content). */
import { cache } from 'react';
import { Article, type ArticleKind } from '@/lib/api/contract/publications';
import { apiGet, isNotFound } from '@/lib/api/fetcher';
import { CATALOG_REVALIDATE_S } from '@/lib/constants';

/**
 * One article with its body, cached 5 minutes; deduplicated per request.
 * @returns the article, or `null` when there is none (also for a malformed slug: the API's 400).
 * @throws ApiRequestError for other failures.
 */
export const getArticle = cache(async (kind: ArticleKind, slug: string): Promise<Article | null> => {
  if (!/^[a-z0-9-]{1,200}$/.test(slug)) return null;
  try {
    return await apiGet(`/v1/${kind}/${slug}`, Article, {
      cache: { revalidate: CATALOG_REVALIDATE_S, tags: ['content'] },
    });
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
});
