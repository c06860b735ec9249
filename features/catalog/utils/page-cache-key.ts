/**
 * Cache keys of catalogue and search pages (issue #7 "cached catalogue pages serve ≥ 1,000
 * requests/s"). A listing, product or search page renders the same HTML for every visitor (the
 * per-user parts are client islands), and what it shows depends only on its path and on the
 * query parameters that `parseListingQuery`, `parsePageParam` and the search text read. proxy.ts
 * rewrites such a request to an internal ISR route, `/{CACHED_PREFIX}/{key}/…path`, whose `key`
 * path segment carries that query in canonical form (base64url of the query string, `-` when
 * empty); Next caches each (path, key) page and
 * revalidates it in the background (the routes' `revalidate`), so repeated requests are served
 * from the cache instead of being rendered.
 *
 * Canonical means: unknown parameters (utm_*, gclid, typos) dropped, list values and keys in one
 * order, `price_from/price_to` folded into `price`, page 1 omitted. Equal keys render equal pages.
 * A request that cannot be keyed (an invalid page number, a search text over
 * {@link MAX_SEARCH_TEXT} characters, a key over {@link MAX_KEY_LENGTH}) is left to the dynamic
 * route, which renders it per request (and answers 404 where it must), so the set of cached pages
 * stays bounded by what shoppers can reach from the links the shop writes.
 *
 * Issue #12 item 13: a facet value the catalogue does not have (`?brand=zz123`) never reaches a
 * key either. Dropping it would show the unfiltered listing under a filtered URL, so such a
 * request is rendered per request instead (an empty listing, not cached); the values that exist
 * come from features/catalog/utils/known-facets.ts. Without that set (before its first load),
 * filtered listings render per request too.
 */
import {
  LIST_PARAMS,
  listingQuery,
  parseListingQuery,
  type ListingState,
  type ListParam,
  type RawQuery,
} from './listing-query';
import { parsePageParam } from './page-param';
import type { KnownFacetValues } from './known-facets';

/** First path segment of the internal cached routes (app/(shop)/cached/[key]/…). */
export const CACHED_PREFIX = 'cached';
/** The key of a page without query parameters. */
export const EMPTY_KEY = '-';
/** Longest key in characters; longer queries render per request. */
export const MAX_KEY_LENGTH = 600;
/** Longest search text that is cached, in characters (the search box allows 100). */
export const MAX_SEARCH_TEXT = 100;

/** `URLSearchParams` as the record Next passes to pages (repeated keys → arrays). */
export function queryRecord(params: URLSearchParams): RawQuery {
  const record: Record<string, string | string[]> = {};
  for (const [key, value] of params) {
    const prior = record[key];
    record[key] = prior === undefined ? value : Array.isArray(prior) ? [...prior, value] : [prior, value];
  }
  return record;
}

/** base64url of UTF-8 text: a path segment no router or proxy re-encodes or decodes. */
function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(key: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(key)) return null;
  try {
    const binary = atob(key.replace(/-/g, '+').replace(/_/g, '/'));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

function encodeKey(query: Record<string, string>): string | null {
  const text = new URLSearchParams(query).toString();
  if (text === '') return EMPTY_KEY;
  const key = toBase64Url(text);
  return key.length > MAX_KEY_LENGTH ? null : key;
}

/** True when every list filter value of `state` is one the catalogue has (no list filter: true). */
export function onlyKnownValues(state: ListingState, known: KnownFacetValues | null): boolean {
  for (const [param, key] of Object.entries(LIST_PARAMS) as [ListParam, (typeof LIST_PARAMS)[ListParam]][]) {
    const list = state.filters[key];
    if (!list?.length) continue;
    if (!known || !list.every((value) => known[param].has(value))) return false;
  }
  return true;
}

/**
 * The key of a listing page's query (filters, sort, page), or null when the page number is
 * invalid, a facet value is not in `known` (or `known` is null and a list facet is set) or the key
 * is too long.
 */
export function listingPageKey(params: URLSearchParams, known: KnownFacetValues | null): string | null {
  const query = queryRecord(params);
  const page = parsePageParam(query.page);
  if (page === null) return null;
  const state = parseListingQuery(query);
  if (!onlyKnownValues(state, known)) return null;
  return encodeKey(listingQuery(state, page));
}

/**
 * The key of a search page's query (`searchParam`, filters, sort, page), or null when it cannot
 * be cached (see the module docstring; facet values as for `listingPageKey`).
 */
export function searchPageKey(params: URLSearchParams, known: KnownFacetValues | null): string | null {
  const query = queryRecord(params);
  const page = parsePageParam(query.page);
  const raw = query.searchParam;
  const text = ((Array.isArray(raw) ? raw[0] : raw) ?? '').trim();
  if (page === null || text.length > MAX_SEARCH_TEXT) return null;
  const state = parseListingQuery(query);
  if (!onlyKnownValues(state, known)) return null;
  return encodeKey(listingQuery(state, page, { searchParam: text || undefined }));
}

/**
 * The key of a news or blog list page (`/news?offset=N`, issue #34 item 10): only a whole `offset`
 * of 1…99 999 is kept (other values show the first articles, as the page reads them), so the
 * list has one cached page per offset its "Показать ещё" links reach.
 */
export function articleListKey(params: URLSearchParams): string {
  const n = Number(params.get('offset'));
  return Number.isInteger(n) && n > 0 && n < 100_000 ? (encodeKey({ offset: String(n) }) ?? EMPTY_KEY) : EMPTY_KEY;
}

/**
 * The query record a cached route renders, from its `key` segment; null for a key no request
 * could have produced (the route answers 404).
 */
export function queryFromKey(key: string): RawQuery | null {
  if (key === EMPTY_KEY) return {};
  const text = fromBase64Url(key);
  return text === null ? null : queryRecord(new URLSearchParams(text));
}
