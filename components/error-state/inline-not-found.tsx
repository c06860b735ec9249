/**
 * A 404 whose page is in the server HTML (spec §2 "Error page"; issue #14 item 6).
 *
 * Next 16.4 answers a `notFound()` thrown outside a Suspense boundary with an empty
 * `<html id="__next_error__">` shell and draws the not-found page only in the browser
 * (vercel/next.js#62228, still open): crawlers and visitors without JavaScript got a blank page.
 * A page that catches the not-found signal and renders {@link InlineNotFound} instead keeps its
 * layout and the error page in the HTML; the signal thrown again inside an empty Suspense boundary
 * still gives the answer its 404 status (in a cached, ISR-rendered route Next sets the status of
 * an HTTP error thrown inside a boundary and keeps the HTML around it) and the `noindex` meta.
 * In the browser the boundary re-renders, throws, and the shop's not-found page takes its place:
 * the same text.
 *
 * The status is only set on that path in a prerendered (ISR) render: a route rendered per request
 * has already chosen 200 when the boundary throws. So every route whose params can be unknown is
 * an on-demand ISR route (`generateStaticParams` → [], `revalidate`), or proxy.ts rewrites it to
 * one (catalogue, brands, landing pages) or answers its malformed URLs with the 404 page itself.
 */
import { notFound } from 'next/navigation';
import { Suspense, type ReactNode } from 'react';
import { ErrorState } from './error-state';
import type { Metadata } from 'next';

/** True for the error `notFound()` throws (its digest is Next's documented 404 fallback marker). */
export function isNotFoundError(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'digest' in error &&
    typeof error.digest === 'string' &&
    error.digest.startsWith('NEXT_HTTP_ERROR_FALLBACK;404')
  );
}

function NotFoundSignal(): never {
  notFound();
}

/** The error page body plus the 404 signal; render it where the page would have been. */
export function InlineNotFound() {
  return (
    <div className="container">
      <ErrorState />
      <Suspense fallback={null}>
        <NotFoundSignal />
      </Suspense>
    </div>
  );
}

/**
 * `render()`, or the error page in its place when it throws `notFound()` (other errors rethrown).
 * Call page functions here, not render them as elements: only their own lookups are caught.
 */
export async function pageOr404(render: () => Promise<ReactNode>): Promise<ReactNode> {
  try {
    return await render();
  } catch (error) {
    if (isNotFoundError(error)) return <InlineNotFound />;
    throw error;
  }
}

/** `load()`, or the error page's title "Ошибка" (spec §2) when it throws `notFound()`; Next adds noindex. */
export async function metadataOr404(load: () => Promise<Metadata>): Promise<Metadata> {
  try {
    return await load();
  } catch (error) {
    if (isNotFoundError(error)) return NOT_FOUND_METADATA;
    throw error;
  }
}

/** Metadata of the error page in place of a page (spec §2, §8 "Ошибка"). */
export const NOT_FOUND_METADATA: Metadata = { title: 'Ошибка' };
