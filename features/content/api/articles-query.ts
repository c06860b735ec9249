/**
 * "Показать ещё" of the news and blog lists (spec §7 GET /v1/{content}?offset=; issue #17 item 3)
 * as a TanStack infinite query through lib/api/bff-client.ts.
 */
import { infiniteQueryOptions } from '@tanstack/react-query';
import { bffRequest } from '@/lib/api/bff-client';
import type { ArticleKind } from '@/lib/api/contract/publications';

/** Query keys of the content feature. */
export const contentKeys = {
  all: ['content'] as const,
  moreArticles: (kind: ArticleKind, offset: number) => [...contentKeys.all, 'more-articles', kind, offset] as const,
};

/**
 * The articles of `kind` from `offset` on, one API page at a time, while fewer than `total` are
 * shown. zod loads with the first request, not with the page (issue #7 JS budget). Pages are
 * dropped with the list and not refetched on their own.
 * @throws BffRequestError when the BFF fails or answers outside the contract.
 */
export const moreArticlesQuery = (kind: ArticleKind, offset: number, total: number) =>
  infiniteQueryOptions({
    queryKey: contentKeys.moreArticles(kind, offset),
    queryFn: ({ pageParam, signal }) =>
      bffRequest(
        'GET',
        `/v1/${kind}?offset=${pageParam}`,
        () => import('@/lib/api/contract/publications').then((m) => m.ArticlesPage),
        undefined,
        { signal },
      ),
    initialPageParam: offset,
    getNextPageParam: (last) => {
      const next = last.offset + last.results.length;
      return next < total ? next : undefined;
    },
    staleTime: Infinity,
    gcTime: 0,
  });
