/**
 * The response class of the storefront's HTTP server (storefront-server/serve.ts), passed to
 * `createServer` once rather than wrapping every response. It also quotes the ETags Next's image
 * optimizer sends bare (issue #14 item 9).
 */
import { type IncomingMessage, type OutgoingHttpHeader, type OutgoingHttpHeaders, ServerResponse } from 'node:http';

/** What `writeHead` takes after the status: a reason phrase and/or the headers. */
/**
 * 'close' listeners one page response may carry before Node warns of a leak. A listing rendered
 * per request had 11 when its head was written in a production worker (this layer: gate slot,
 * socket watch, deadline, micro-cache, compression; Next: router, proxy.ts and request signals,
 * `onClose` hooks, its stream writer) and more while it streams; Node's default of 10 made the
 * workers log MaxListenersExceededWarning for ordinary pages (issue #31 item 5). Per response, so
 * a real leak (growth across requests) still passes it.
 */
export const RESPONSE_MAX_LISTENERS = 32;

export type WriteHeadRest = [
  reasonOrHeaders?: string | OutgoingHttpHeaders | OutgoingHttpHeader[],
  headers?: OutgoingHttpHeaders | OutgoingHttpHeader[],
];

/**
 * Also drops `x-middleware-rewrite`, which Next sends with every page proxy.ts rewrote (issue #12;
 * the client router reads `x-nextjs-rewritten-path` instead).
 *
 * Next 16.4 sends `Location` twice when a cached (ISR) page answers with a redirect (the stored
 * header is appended to the one the redirect sets). One value is what HTTP allows (RFC 9110
 * §10.2.2) and what clients expect, so on this response class later values of `location` replace
 * earlier ones (passed to `createServer` once, not wrapped per request).
 */
export class SingleLocationResponse extends ServerResponse {
  /** The query of a GET/HEAD request ("a=1&b=2", no "?"), "" for none. */
  readonly requestQuery: string;

  constructor(req: IncomingMessage) {
    super(req);
    this.setMaxListeners(RESPONSE_MAX_LISTENERS);
    // Taken before Next sees the request: it may rewrite `req.url` while routing.
    this.requestQuery = req.method === 'GET' || req.method === 'HEAD' ? queryOf(req.url) : '';
  }

  /**
   * Issue #14: a permanent redirect keeps the request's query (a feed's `?color=&size=`, `utm_*`).
   * The catalogue's redirect of an old product URL to its current one is rendered by the cached
   * product route, which never sees the query (proxy.ts keys all variants of a product page as one).
   */
  writeHead(statusCode: number, ...rest: WriteHeadRest): this {
    if (statusCode === 301 || statusCode === 308) {
      const location = this.getHeader('location');
      const kept = withQuery(location, this.requestQuery);
      if (kept !== location) super.setHeader('location', kept as string);
    }
    return super.writeHead(statusCode, ...(rest as [string, OutgoingHttpHeaders]));
  }

  setHeader(name: string, value: number | string | readonly string[]): this {
    // Issue #12: the internal path of a rewritten page (proxy.ts → /cached/{key}/…) is nobody's business.
    if (String(name).toLowerCase() === 'x-middleware-rewrite') return this;
    if (String(name).toLowerCase() === 'etag') return super.setHeader(name, quoteEtag(value) as string);
    return super.setHeader(name, isLocation(name) && Array.isArray(value) ? value[0] : value);
  }

  appendHeader(name: string, value: string | readonly string[]): this {
    if (String(name).toLowerCase() === 'x-middleware-rewrite') return this;
    return isLocation(name) ? this.setHeader(name, value) : super.appendHeader(name, value);
  }
}

/**
 * Issue #14 item 9: Next's image optimizer sends its ETag as a bare hash (`ETag: abc…`), which
 * RFC 9110 §8.8.3 does not allow (an entity tag is quoted); the value is quoted here, and
 * {@link unquoteImageValidators} gives Next the bare hash back from `If-None-Match`.
 */
export function quoteEtag(value: unknown): unknown {
  return typeof value === 'string' && /^[A-Za-z0-9_-]+$/.test(value) ? `"${value}"` : value;
}

/**
 * Takes the quotes off the entity tags of a `/_next/image` request's `If-None-Match`, so Next's
 * optimizer, which compares them with its bare hash, still answers 304.
 */
export function unquoteImageValidators(req: IncomingMessage): void {
  const value = req.headers['if-none-match'];
  if (typeof value !== 'string' || !req.url?.startsWith('/_next/image')) return;
  req.headers['if-none-match'] = value.replace(/(^|,)\s*(W\/)?"([A-Za-z0-9_-]+)"/g, '$1$2$3');
}

function isLocation(name: string): boolean {
  return String(name).toLowerCase() === 'location';
}

/**
 * The query of a request target ("/a?x=1" → "x=1"), "" for none.
 */
function queryOf(url: string | undefined): string {
  const at = url?.indexOf('?') ?? -1;
  return url === undefined || at < 0 ? '' : url.slice(at + 1);
}

/**
 * `location` with `query` appended, when it is a path of this site ("/…", not "//…") without a
 * query of its own; otherwise `location` unchanged. Exported for unit tests.
 * @param query the request's query, without "?"
 */
export function withQuery(location: unknown, query: string): unknown {
  if (!query || typeof location !== 'string' || !location.startsWith('/') || location.startsWith('//')) return location;
  const hash = location.indexOf('#');
  const path = hash < 0 ? location : location.slice(0, hash);
  if (path.includes('?')) return location;
  return `${path}?${query}${hash < 0 ? '' : location.slice(hash)}`;
}
