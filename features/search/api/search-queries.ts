/**
 * Server state of the header search (issue #17 item 3): the suggestions of spec §7
 * `GET /v1/search_suggest/?q=` through the BFF (lib/api/bff-client.ts) with the query's
 * AbortSignal, so TanStack Query cancels the request of a text the shopper has already typed past.
 */
import { queryOptions } from '@tanstack/react-query';
import { bffRequest } from '@/lib/api/bff-client';

/** Shortest text (characters, trimmed) that is worth suggesting for. */
export const SUGGEST_MIN_LENGTH = 2;

/** Query keys of the search feature. */
export const searchKeys = {
  all: ['search'] as const,
  suggestions: (q: string) => [...searchKeys.all, 'suggestions', q] as const,
};

/**
 * Suggestions (categories, brands, products) for the trimmed text `q`; disabled below
 * {@link SUGGEST_MIN_LENGTH} characters. zod loads with the first request, not with the page
 * (issue #7 JS budget). Kept for a minute: typing back to an earlier text shows its answer at once.
 * @throws BffRequestError when the BFF fails or answers outside the contract.
 */
export const suggestionsQuery = (q: string) =>
  queryOptions({
    queryKey: searchKeys.suggestions(q),
    queryFn: ({ signal }) =>
      bffRequest(
        'GET',
        `/v1/search_suggest/?q=${encodeURIComponent(q)}`,
        () => import('@/lib/api/contract/facets').then((m) => m.Suggestions),
        undefined,
        { signal },
      ),
    enabled: q.length >= SUGGEST_MIN_LENGTH,
    staleTime: 60_000,
  });
