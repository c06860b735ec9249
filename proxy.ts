/**
 * Proxy (Next 16's middleware). Spec §2 "Behaviour on every navigation": a path ending in a slash
 * (other than the root) is redirected (308) to the same path without trailing slashes, keeping
 * the query (the hash never reaches the server; browsers re-apply it to the redirect target).
 * `next.config.ts` sets `skipTrailingSlashRedirect` so this is the only slash rule.
 */
import { NextResponse, type NextRequest } from 'next/server';

/**
 * The path without trailing slashes, or null when nothing changes ("/" stays "/"; "//" → "/").
 * Exported for unit tests.
 */
export function stripTrailingSlashes(pathname: string): string | null {
  if (pathname.length <= 1 || !pathname.endsWith('/')) return null;
  const stripped = pathname.replace(/\/+$/, '');
  return stripped === '' ? '/' : stripped;
}

/** Redirects "/kupalniki/?page=2" → "/kupalniki?page=2" (308). */
export function proxy(request: NextRequest) {
  const target = stripTrailingSlashes(request.nextUrl.pathname);
  if (target === null) return NextResponse.next();
  // A plain URL: NextURL would re-append the slash it saw (skipTrailingSlashRedirect keeps it).
  const url = new URL(request.url);
  url.pathname = target;
  return NextResponse.redirect(url, 308);
}

export const config = {
  // Everything but the BFF, Next internals, proxied media and files with an extension.
  matcher: ['/((?!api/|api$|_next/|media/|.*\\.[A-Za-z0-9]+$).*)'],
};
