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
 */
import { notFound } from 'next/navigation';
import { Suspense } from 'react';
import { ErrorState } from './error-state';

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
