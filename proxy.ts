/**
 * Proxy (Next 16's middleware), run before the page requests its matcher names:
 * - Spec §2 "Behaviour on every navigation": a path ending in a slash (other than the root) is
 *   redirected (308) to the same path without trailing slashes, keeping the query (the hash never
 *   reaches the server; browsers re-apply it to the redirect target). `next.config.ts` sets
 *   `skipTrailingSlashRedirect` so this is the only slash rule.
 * - Issue #7 cached catalogue pages: GET/HEAD of a catalogue page (`/{section}/…`), of /search
 *   or of the /news and /blog lists (issue #34 item 10, their `?offset=` in the key) is rewritten
 *   to the internal cached route `/cached/{key}/…` (features/catalog/utils/
 *   page-cache-key.ts), so Next serves it from its ISR cache; the address bar keeps the original
 *   URL. Product pages go to their own cached route, `/cached/-/product/…` (issue #30: a route
 *   per page kind, so neither downloads the other's islands). Requests that cannot be keyed (also: a facet value the catalogue does not have, issue #12
 *   item 13) go on to the per-request routes. The internal prefix itself
 *   is not addressable from outside: `/cached/…` answers the 404 page.
 * - Issue #14 item 6: a path no route serves (its first segment is neither a catalogue section nor
 *   a page of the shop, a path under a page of the shop that none of its routes has, a catalogue
 *   path of the wrong shape, an invalid `?page=` of a listing) is rewritten to Next's compiled
 *   not-found page (`/_not-found`, app/not-found.tsx): a 404 whose error page is in the HTML.
 *   Left to a route rendered per request, its `notFound()` gave an empty error shell
 *   (vercel/next.js#62228; components/error-state/inline-not-found.tsx). Brand and landing pages
 *   are rewritten to cached routes like the catalogue's, where an unknown slug is a complete 404.
 * - Issue #34 item 10: such a path that looks like a file (`/apple-touch-icon.png`, `/wp-login.php`:
 *   its last segment has an extension) answers a small plain-text 404 instead of the error page,
 *   which weighs ~200 kB; bots and browsers ask for many of these. /favicon.ico is app/favicon.ico.
 * - Spec §4/§5 session (issue #14 item 12): a `token` cookie that is no longer valid (empty, or a
 *   three-part token whose expiry has passed) is cleared with its `token_exp` companion; a valid
 *   one whose `token_exp` went missing gets it back, so the page loads the user with it, and a
 *   token the API refuses is then cleared by the BFF (lib/api/session-cookie.ts). Without this a
 *   dead token stayed forever: the page never asked for the user, and every API call carried it.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { knownFacetValues, type KnownFacetValues } from '@/features/catalog/utils/known-facets';
import {
  articleListKey,
  CACHED_PREFIX,
  EMPTY_KEY,
  listingPageKey,
  queryRecord,
  searchPageKey,
} from '@/features/catalog/utils/page-cache-key';
import { parsePageParam } from '@/features/catalog/utils/page-param';
import {
  clearedTokenCookies,
  shouldUseSecureCookies,
  TOKEN_COOKIE,
  TOKEN_EXP_COOKIE,
  tokenCookies,
} from '@/lib/api/session-cookie';
import { decodeSegments, isSection, parseCatalogPath } from '@/lib/catalog-path';
import { env } from '@/lib/env';
import { isTokenValid } from '@/lib/validation/auth';

/** Where paths no route serves are rewritten: Next's compiled not-found page (status 404). */
export const NOT_FOUND_PATH = '/_not-found';

/**
 * First path segments served by a route other than the catalogue catch-all: the folders of
 * app/ and app/(shop)/ and the metadata files. Next needs literal strings in `config.matcher`, so
 * the list is repeated there; proxy.test.ts keeps both in step with the app folders.
 */
export const APP_SEGMENTS = [
  'about',
  'address',
  'admin',
  'api',
  'apple-icon.png',
  'auth',
  'basket',
  'blog',
  'brands',
  'card',
  'contacts',
  'cookie',
  'delivery-and-payments',
  'discount',
  'empty',
  'favicon.ico',
  'favorite',
  'fitting-conditions',
  'giftsert',
  'google-merchant.xml',
  'history-order',
  'icon.svg',
  'instagram',
  'landing',
  'media',
  'new',
  'news',
  'notify',
  'payment-sber',
  'payment-sbp',
  'personal-data-consent',
  'podarochnye-sertifikaty',
  'privacy-policy',
  'profile',
  'publick-offer',
  'recovery',
  'requisites',
  'reset',
  'return-goods',
  'robots.txt',
  'rules-discount',
  'sale',
  'search',
  'send',
  'sitemap',
  'sitemap-index.xml',
  'sitemap.xml',
  'story',
  'subscribe',
  'unsubscribe',
  'yml.xml',
  '_next',
] as const;
const appSegments: ReadonlySet<string> = new Set(APP_SEGMENTS);

/**
 * What may follow a first segment of {@link APP_SEGMENTS} (the rest of the path, "" for none), for
 * the segments whose routes take more than the bare segment; every other segment serves only
 * itself. Anything else would fall into the catalogue catch-all `[section]` and its per-request
 * `notFound()` (see the module comment). proxy.test.ts checks every page folder against it.
 */
export const APP_PATHS: Readonly<Record<string, RegExp>> = {
  api: /^/,
  media: /^/,
  _next: /^/,
  auth: /^\/[^/]+\/callback$/,
  basket: /^(?:\/success|\/delivery(?:\/confirm(?:\/[^/]+)*)?)?$/,
  blog: /^(?:\/[^/]+)?$/,
  brands: /^(?:\/[^/]+)?$/,
  'history-order': /^(?:\/\d{1,9})?$/,
  landing: /^\/[^/]+$/,
  news: /^(?:\/[^/]+)?$/,
  notify: /^\/confirm\/[^/]+$/, // issue #33: the back-in-stock confirmation link (app/(shop)/notify)
  'payment-sbp': /^(?:\/qr)?$/, // issue #29: the QR code of an СБП payment (app/(shop)/payment-sbp/qr)
  'podarochnye-sertifikaty': /^(?:\/[^/]+)*$/,
  reset: /^(?:\/[^/]+)?$/,
  sitemap: /^\/[^/]+$/,
  subscribe: /^\/confirm\/[^/]+$/,
  unsubscribe: /^\/[^/]+$/,
};

/**
 * The segment after the key under which product pages are cached: `/cached/-/product/{section}/…`
 * is app/(shop)/cached/[key]/product/[section]/[...path], apart from the listings'
 * cached/[key]/[section]/[[...path]], so that each page kind's client chunk holds only its own
 * islands (issue #30). No section is called so (lib/constants.ts SECTIONS; proxy.test.ts).
 */
export const CACHED_PRODUCT_SEGMENT = 'product';

/** Listing-like pages other than the catalogue, rewritten to their cached routes (cached/[key]/{segment}/[slug]). */
const CACHED_SLUG_PAGES: ReadonlySet<string> = new Set(['brands', 'landing']);

/** True when `?page=` is given and is not a page number (the listing would answer 404). */
function invalidPage(search: URLSearchParams): boolean {
  return search.has('page') && parsePageParam(queryRecord(search).page) === null;
}

/** `search` with only the parameters a landing page reads (page, sort): filters would only split its cache. */
function landingParams(search: URLSearchParams): URLSearchParams {
  const kept = new URLSearchParams();
  for (const [name, value] of search) if (name === 'page' || name === 'sort') kept.append(name, value);
  return kept;
}

/**
 * The path without trailing slashes, or null when nothing changes ("/" stays "/"; "//" → "/").
 * Exported for unit tests.
 */
export function stripTrailingSlashes(pathname: string): string | null {
  if (pathname.length <= 1 || !pathname.endsWith('/')) return null;
  const stripped = pathname.replace(/\/+$/, '');
  return stripped === '' ? '/' : stripped;
}

/**
 * Where a GET of `pathname?search` is served from: the internal cached route's pathname, or null
 * for the per-request route. `/cached/…` from outside, a first segment no route serves and a
 * catalogue path of the wrong shape map to {@link NOT_FOUND_PATH}, as do paths under a page of the shop
 * that {@link APP_PATHS} does not allow and an invalid `?page=` of a listing, search, brand or landing page.
 * Product pages ignore the query, so all their variants share one key, under their own cached
 * route (`/cached/-/product/…`, {@link CACHED_PRODUCT_SEGMENT}). A listing
 * filtered by a facet value not in `known` is not cached (issue #12; page-cache-key.ts).
 * Exported for unit tests.
 */
export function cachedPathname(
  pathname: string,
  search: URLSearchParams,
  known: KnownFacetValues | null,
): string | null {
  const [first = '', ...rest] = pathname.slice(1).split('/');
  if (first === CACHED_PREFIX) return NOT_FOUND_PATH;
  if (first !== '' && !isSection(first) && !appSegments.has(first)) return NOT_FOUND_PATH;
  if (appSegments.has(first) && !(APP_PATHS[first] ?? /^$/).test(pathname.slice(first.length + 1)))
    return NOT_FOUND_PATH;
  let key: string | null = null;
  if (pathname === '/search') {
    if (invalidPage(search)) return NOT_FOUND_PATH;
    key = searchPageKey(search, known);
  } else if (isSection(first)) {
    const route = parseCatalogPath(first, decodeSegments(rest));
    if (!route) return NOT_FOUND_PATH;
    if (route.kind === 'product') return `/${CACHED_PREFIX}/${EMPTY_KEY}/${CACHED_PRODUCT_SEGMENT}${pathname}`;
    if (invalidPage(search)) return NOT_FOUND_PATH;
    key = listingPageKey(search, known);
  } else if ((first === 'news' || first === 'blog') && rest.length === 0) {
    key = articleListKey(search);
  } else if (CACHED_SLUG_PAGES.has(first) && rest.length === 1) {
    if (invalidPage(search)) return NOT_FOUND_PATH;
    key = listingPageKey(first === 'landing' ? landingParams(search) : search, known);
  }
  return key === null ? null : `/${CACHED_PREFIX}/${key}${pathname}`;
}

/**
 * True when the last segment of `pathname` has a file extension (`.png`, `.php`, `.ico`): a
 * request for a file, not for a page of the shop, whose pages never have one. Exported for tests.
 */
export function looksLikeFile(pathname: string): boolean {
  return /\.[A-Za-z0-9]{1,8}$/.test(pathname.slice(pathname.lastIndexOf('/') + 1));
}

/** The small 404 of a file that does not exist (see the module comment). */
function fileNotFound(): NextResponse {
  return new NextResponse('Файл не найден', {
    status: 404,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=300' },
  });
}

/**
 * Set-Cookie values that repair the session cookies (see the module comment), or [] when nothing
 * is to change. `token`/`tokenExp`: the request's cookie values; `now` in ms. Exported for tests.
 */
export function sessionCookieRepair(
  token: string | undefined,
  tokenExp: string | undefined,
  secure: boolean,
  now = Date.now(),
): string[] {
  if (token === undefined) return [];
  if (!isTokenValid(token, now)) return clearedTokenCookies(secure);
  if (!tokenExp || !/^\d+$/.test(tokenExp)) return tokenCookies(token, secure, undefined, now);
  return [];
}

/** Redirects "/kupalniki/?page=2" → "/kupalniki?page=2" (308); rewrites cacheable pages (see above); repairs the session cookies. */
export function proxy(request: NextRequest) {
  const response = route(request);
  const repair = sessionCookieRepair(
    request.cookies.get(TOKEN_COOKIE)?.value,
    request.cookies.get(TOKEN_EXP_COOKIE)?.value,
    shouldUseSecureCookies(env.SITE_URL),
  );
  for (const value of repair) response.headers.append('set-cookie', value);
  return response;
}

function route(request: NextRequest): NextResponse {
  const { pathname, searchParams } = request.nextUrl;
  const target = stripTrailingSlashes(pathname);
  if (target !== null) {
    // A plain URL: NextURL would re-append the slash it saw (skipTrailingSlashRedirect keeps it).
    const url = new URL(request.url);
    url.pathname = target;
    return NextResponse.redirect(url, 308);
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') return NextResponse.next();
  const cached = cachedPathname(pathname, searchParams, knownFacetValues());
  if (cached === null) return NextResponse.next();
  if (cached === NOT_FOUND_PATH && looksLikeFile(pathname)) return fileNotFound();
  const url = request.nextUrl.clone();
  url.pathname = cached;
  // The query now lives in the key; only the router's cache-busting `_rsc` is kept.
  const rsc = searchParams.get('_rsc');
  url.search = rsc === null ? '' : `?_rsc=${encodeURIComponent(rsc)}`;
  return NextResponse.rewrite(url);
}

/**
 * Only the requests the proxy acts on (running it costs ~10% of a cached page's CPU, issue #7).
 * Next needs literal strings here: the sections are lib/constants.ts SECTIONS, kept in step by
 * proxy.test.ts.
 */
export const config = {
  matcher: [
    // Every page a visitor with a session cookie opens (spec §4: a dead token is cleared).
    { source: '/((?!api/|_next/|media/).*)', has: [{ type: 'cookie', key: 'token' }] },
    // A path ending in a slash (spec §2), except the BFF, Next internals and proxied media.
    '/((?!api/|_next/|media/).*/)',
    // Catalogue sections, search and the internal prefix (cached pages).
    '/(kupalniki|odezhda|obuv|aksessuary|bele|detskoe|muzhskoe|search|cached)',
    '/(kupalniki|odezhda|obuv|aksessuary|bele|detskoe|muzhskoe|cached)/:rest*',
    // Issue #14 item 6: deeper paths under the shop's pages (APP_PATHS; brand and landing pages
    // are also cached), and the segments that have no page of their own.
    '/((?!api/|_next/|media/)[^/]+)/:rest+',
    '/(landing|subscribe|unsubscribe|notify|auth|sitemap)',
    // Issue #34 item 10: the news and blog lists, rewritten to their cached routes.
    '/(news|blog)',
    // Issue #14 item 6: paths whose first segment no route serves (APP_SEGMENTS and the sections
    // excluded), so valid pages never run the proxy for it.
    '/((?!(?:kupalniki|odezhda|obuv|aksessuary|bele|detskoe|muzhskoe|cached|about|address|admin|api|apple-icon\\.png|auth|basket|blog|brands|card|contacts|cookie|delivery-and-payments|discount|empty|favicon\\.ico|favorite|fitting-conditions|giftsert|google-merchant\\.xml|history-order|icon\\.svg|instagram|landing|media|new|news|notify|payment-sber|payment-sbp|personal-data-consent|podarochnye-sertifikaty|privacy-policy|profile|publick-offer|recovery|requisites|reset|return-goods|robots\\.txt|rules-discount|sale|search|send|sitemap|sitemap-index\\.xml|sitemap\\.xml|story|subscribe|unsubscribe|yml\\.xml|_next)(?:/|$))[^/]+)/:rest*',
  ],
};
