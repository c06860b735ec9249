/**
 * The product feeds at the storefront's own origin through Next (issue #15 "feeds out"):
 * /yml.xml and /google-merchant.xml relay GET {SHOP_API_URL}/api/v1/feeds/{name}.
 *
 * In production the storefront server answers these paths itself, before Next
 * (storefront-server/feed-relay.ts, issue #28 item 9): it passes the API's built gzip and brotli copies
 * on as they are, with `Content-Encoding`, `Content-Length`, `ETag`, `Last-Modified` and 304.
 * This route is what `next dev`, or `next start` behind nginx, serves. It asks the API for the
 * plain feed (`Accept-Encoding: identity`) because Next drops `Content-Encoding` and
 * `Content-Length` from a route handler's Response (next/dist/server/send-response.js): a
 * compressed copy passed on here went out compressed twice. The server in front (Next's own
 * compression, nginx) may compress it; the validators (`If-None-Match`, `If-Modified-Since`) go
 * to the API and 304 comes back. It uses node:http, and there is no deadline once the answer's
 * head has arrived: a whole feed takes as long as the client's network needs.
 *
 * Against a retailer's own backend (SHOP_API_URL): a backend that serves the same path gets its
 * feed relayed the same way; one that does not (404) gets a plain 404 here saying so, because a
 * feed built by the storefront from the listing calls of spec §7 would take thousands of calls and
 * could not know stock per size — and a marketplace must never receive an empty or half feed as if
 * it were the catalogue. A 503 of the backend (the embedded API before its first build) is passed
 * on with its `Retry-After`; any other failure is a 503 with `Retry-After`, which marketplaces
 * retry.
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

/** Request headers passed to the API: the conditional GET (the coding is always identity, above). */
const REQUEST_HEADERS = ['if-none-match', 'if-modified-since'] as const;

/** Answer headers passed back as they are. */
const ANSWER_HEADERS = ['content-type', 'etag', 'last-modified', 'vary', 'cache-control'] as const;

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
  const headers: Record<string, string> = { accept: 'application/xml', 'accept-encoding': 'identity' };
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
