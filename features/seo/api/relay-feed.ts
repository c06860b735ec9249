/**
 * The product feeds at the storefront's own origin (issue #15 "feeds out"): /yml.xml and
 * /google-merchant.xml relay GET {SHOP_API_URL}/api/v1/feeds/{name} byte for byte.
 *
 * Issue #28 item 9: the embedded API serves each feed as a static file built after catalogue
 * changes (server/services/feeds/feed-files.ts) with its brotli and gzip copies, `ETag`,
 * `Last-Modified` and 304. The relay passes all of that through untouched: the client's
 * `Accept-Encoding`, `If-None-Match` and `If-Modified-Since` go to the API, and its status (200,
 * 304), `Content-Encoding`, `Content-Length`, validators and `Vary` come back with the bytes as
 * they are. It uses node:http, not fetch: fetch decodes a gzip or brotli body, which would have
 * the storefront decompress 65 MB per download and send it uncompressed (or compress it again).
 * There is no deadline once the answer's head has arrived: a whole feed takes as long as the
 * client's network needs (the storefront server's idle-socket timeout still ends a stalled one).
 *
 * Against a retailer's own backend (SHOP_API_URL): a backend that serves the same path gets its
 * feed relayed the same way, whatever codings and validators it sends; one that does not (404)
 * gets a plain 404 here saying so, because a feed built by the storefront from the listing calls
 * of spec §7 would take thousands of calls and could not know stock per size — and a marketplace
 * must never receive an empty or half feed as if it were the catalogue. A 503 of the backend (the
 * embedded API before its first build) is passed on with its `Retry-After`; any other failure is a
 * 503 with `Retry-After`, which marketplaces retry.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';
import { apiUrl } from '@/lib/api/fetcher';

/** Feeds the API may serve. */
export type FeedName = 'yml.xml' | 'google-merchant.xml';

/** Cache-Control when the API sent none: shared caches 5 minutes, never for good (prices change). */
const DEFAULT_CACHE_CONTROL = 'public, max-age=0, s-maxage=300, stale-while-revalidate=300';

/** How long to wait for the API's answer head, ms (the body then streams without a deadline). */
export const FIRST_BYTE_TIMEOUT_MS = 10_000;

/** Request headers passed to the API: content coding and conditional GET. */
const REQUEST_HEADERS = ['accept-encoding', 'if-none-match', 'if-modified-since'] as const;

/** Answer headers passed back as they are. */
const ANSWER_HEADERS = [
  'content-type',
  'content-length',
  'content-encoding',
  'etag',
  'last-modified',
  'vary',
  'cache-control',
] as const;

function plain(status: number, text: string, extra: Record<string, string> = {}): Response {
  return new Response(`${text}\n`, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...extra },
  });
}

/**
 * GET `url` with `headers`; resolves with the answer once its head arrived, rejects when it does
 * not within {@link FIRST_BYTE_TIMEOUT_MS} or the connection fails. `signal` aborts it at any time.
 */
function getHead(url: URL, headers: Record<string, string>, signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, { method: 'GET', headers, signal });
    const timer = setTimeout(
      () => request.destroy(new Error('the feed API gave no answer in time')),
      FIRST_BYTE_TIMEOUT_MS,
    );
    request.once('response', (answer) => {
      clearTimeout(timer);
      resolve(answer);
    });
    request.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.end();
  });
}

/**
 * The feed `name` as a Response: 200 with the API's bytes and headers, 304 when the client's copy
 * is current, 404 when the backend has no such feed, 503 (`Retry-After`) when it cannot be reached
 * or has no feed yet.
 * @param options.url the upstream URL (tests); default `{SHOP_API_URL}/api/v1/feeds/{name}`.
 */
export async function relayFeed(name: FeedName, request: Request, options: { url?: string } = {}): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/xml' };
  for (const header of REQUEST_HEADERS) {
    const value = request.headers.get(header);
    if (value !== null) headers[header] = value;
  }
  let upstream: IncomingMessage;
  try {
    upstream = await getHead(new URL(options.url ?? apiUrl(`/v1/feeds/${name}`)), headers, request.signal);
  } catch {
    return plain(503, 'Фид временно недоступен: API магазина не отвечает. Повторите запрос позже.', {
      'Retry-After': '60',
    });
  }
  const status = upstream.statusCode ?? 502;
  if (status === 404) {
    upstream.resume();
    return plain(404, `Фид не настроен: API магазина не отдаёт /api/v1/feeds/${name} (docs/feeds.md).`);
  }
  if (status !== 200 && status !== 304) {
    upstream.resume();
    const retryAfter = upstream.headers['retry-after'];
    return plain(
      503,
      status === 503 && retryAfter
        ? 'Фид ещё собирается. Повторите запрос позже.'
        : 'Фид временно недоступен. Повторите запрос позже.',
      { 'Retry-After': typeof retryAfter === 'string' && /^\d+$/.test(retryAfter) ? retryAfter : '60' },
    );
  }
  const answer = new Headers({ 'X-Content-Type-Options': 'nosniff' });
  for (const header of ANSWER_HEADERS) {
    const value = upstream.headers[header];
    if (typeof value === 'string') answer.set(header, value);
  }
  if (!answer.has('cache-control')) answer.set('cache-control', DEFAULT_CACHE_CONTROL);
  if (status === 304) {
    upstream.resume();
    return new Response(null, { status: 304, headers: answer });
  }
  if (!answer.has('content-type')) answer.set('content-type', 'application/xml; charset=utf-8');
  // The client hanging up cancels the web stream, which destroys the upstream request.
  return new Response(Readable.toWeb(upstream) as ReadableStream<Uint8Array>, { status: 200, headers: answer });
}
