'use client';

/**
 * The storefront's TanStack Query client for server state in client islands (issue #17 item 3;
 * zustand keeps client state such as lkData). Only islands that load on demand or on pages
 * outside the first-visit budget mount {@link QueryIsland}, so the library stays out of the first
 * visit of listings and products (issue #7: 170 kB gzip). Queries are declared with `queryOptions`
 * in features/<name>/api/ and call the BFF through lib/api/bff-client.ts with the query's
 * AbortSignal.
 *
 * In the browser every island shares one client, so an answer asked for twice in one page load
 * (the social providers of the login and the registration popups) is fetched once; on the server
 * each render gets its own, so nothing of one visitor reaches another.
 */
import { isServer, QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';

let browserClient: QueryClient | undefined;

function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // A failed load shows its Russian message at once and the shopper retries by hand, as
      // before TanStack Query; data is not refetched behind the shopper's back on focus.
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** The page's query client: one per page load in the browser, a new one per call on the server. */
export function getQueryClient(): QueryClient {
  if (isServer) return makeQueryClient();
  browserClient ??= makeQueryClient();
  return browserClient;
}

/**
 * Provides the page's query client to a client island that uses `useQuery` and friends.
 * `forgetOnLeave`: a key prefix whose queries are dropped when the island unmounts, for answers
 * that must not outlive their page (the checkout's order, payment status and delivery quotes:
 * coming back starts afresh, as a page of its own would). Pass a constant, e.g. `checkoutKeys.all`.
 */
export function QueryIsland({ children, forgetOnLeave }: { children: ReactNode; forgetOnLeave?: QueryKey }) {
  const client = getQueryClient();
  useEffect(() => {
    if (!forgetOnLeave) return;
    return () => client.removeQueries({ queryKey: forgetOnLeave });
  }, [client, forgetOnLeave]);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** Test helper: drops the browser client with everything it cached (tests/setup-dom.ts, after each test). */
export function resetQueryClientForTests(): void {
  browserClient?.clear();
  browserClient = undefined;
}
