/**
 * "Показать ещё" of the listings (issue #3; issue #17 item 3) as a TanStack infinite query: each
 * page is the next 24 cards of the listing's BFF URL, fetched through lib/api/bff-client.ts with
 * the query's AbortSignal.
 */
import { infiniteQueryOptions } from '@tanstack/react-query';
import { bffRequest } from '@/lib/api/bff-client';
import type { OfferCard } from '@/lib/api/contract/catalog';
import { PAGE_SIZE } from '@/lib/constants';

/** One appended page: its cards and the 1-based page that follows it. */
export type MorePage = { results: OfferCard[]; next: number };

/** What a listing had appended before the shopper left it (`savedStateCatalogPage`, spec §3). */
export type RestoredMore = { appended: OfferCard[]; nextPage: number };

/** Query keys of the catalogue feature. */
export const catalogKeys = {
  all: ['catalog'] as const,
  more: (endpoint: string, page: number) => [...catalogKeys.all, 'more', endpoint, page] as const,
};

/**
 * The pages after the server-rendered page `page` of `endpoint` (a BFF URL without `offset`, e.g.
 * "/api/v1/offers/kupalniki/?limit=24&sort=new"), up to `count` products. The first page is
 * page + 1, or, after browser Back, what `restored` had appended (never fetched again). Pages are
 * kept while the listing is on screen and dropped with it; they are not refetched on their own.
 * zod loads with the first request, not with the page (issue #7 JS budget).
 * @throws BffRequestError when the BFF fails or answers outside the contract.
 */
export const showMoreQuery = (endpoint: string, page: number, count: number, restored?: RestoredMore) =>
  infiniteQueryOptions({
    queryKey: catalogKeys.more(endpoint, page),
    queryFn: async ({ pageParam, signal }): Promise<MorePage> => {
      const path = `${endpoint.replace(/^\/api(?=\/)/, '')}${endpoint.includes('?') ? '&' : '?'}offset=${(pageParam - 1) * PAGE_SIZE}`;
      const answer = await bffRequest(
        'GET',
        path,
        () => import('@/lib/api/contract/catalog').then((m) => m.OffersPage),
        undefined,
        { signal },
      );
      return { results: answer.results, next: pageParam + 1 };
    },
    initialPageParam: page + 1,
    getNextPageParam: (last) => ((last.next - 1) * PAGE_SIZE < count ? last.next : undefined),
    initialData: restored
      ? { pages: [{ results: restored.appended, next: restored.nextPage }], pageParams: [restored.nextPage - 1] }
      : undefined,
    staleTime: Infinity,
    gcTime: 0,
  });

/** The appended cards of `pages` in order, each product once (a product may move between pages). */
export function appendedCards(pages: MorePage[]): OfferCard[] {
  const seen = new Set<number>();
  return pages.flatMap((p) => p.results).filter((card) => !seen.has(card.id) && Boolean(seen.add(card.id)));
}
