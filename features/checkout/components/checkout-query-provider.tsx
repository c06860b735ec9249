'use client';

/**
 * The TanStack Query client of the checkout pages (issue #17 item 3), mounted only by the pages
 * that need it (/basket/delivery and the payment confirm page), so the first visit of other pages
 * does not download it (issue #7 JS budget). One client per mount: nothing of a shopper's order
 * outlives the page.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

/** Wraps a checkout island in its query client. */
export function CheckoutQueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } }),
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
