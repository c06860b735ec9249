/** GET /v1/{content}?offset= (spec §7 Content): news and blog lists. */
import { ARTICLES_PAGE_SIZE, ArticlesPage, type ArticleKind } from '@/lib/api/contract/publications';
import { apiGet } from '@/lib/api/fetcher';
import { CATALOG_REVALIDATE_S } from '@/lib/constants';

/**
 * A page of news or blog articles, newest first, cached 5 minutes under the tag "content".
 * @param offset articles to skip (0, 6, 12, …).
 * @throws ApiRequestError when the API fails (the error page shows).
 */
export function getArticles(kind: ArticleKind, offset = 0, limit = ARTICLES_PAGE_SIZE): Promise<ArticlesPage> {
  return apiGet(`/v1/${kind}`, ArticlesPage, {
    query: { offset, limit },
    cache: { revalidate: CATALOG_REVALIDATE_S, tags: ['content'] },
  });
}
