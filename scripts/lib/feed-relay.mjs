/**
 * The product feeds /yml.xml and /google-merchant.xml relayed by the storefront server itself,
 * not by Next (issue #28 item 9). The shop API serves each feed as a file built after catalogue
 * changes, with brotli and gzip copies, `ETag`, `Last-Modified` and 304
 * (server/services/feeds/feed-files.ts). Next cannot pass such an answer on: its route handlers
 * drop `Content-Encoding` and `Content-Length` from every Response (next/dist/server/send-response.js
 * FORBIDDEN_HEADERS), so a gzip copy went out as if it were plain bytes and was gzipped a second
 * time. Here the client's `Accept-Encoding` and conditional headers go to the API, and its status,
 * codings, length and validators come back with the bytes as they are, streamed with
 * backpressure and no deadline once the head has arrived.
 *
 * The Next routes (app/yml.xml/route.ts, features/seo/api/relay-feed.ts) stay for `next dev` and
 * for `next start` behind nginx; they ask the API for the plain feed and let the server in front
 * compress it.
 */
import http from 'node:http';
import https from 'node:https';

/** The feed paths this relays (GET and HEAD). */
export const FEED_PATH = /^\/(yml\.xml|google-merchant\.xml)(\?|$)/;

/** How long to wait for the API's answer head, ms (the body then streams without a deadline). */
export const FEED_FIRST_BYTE_TIMEOUT_MS = 10_000;

const REQUEST_HEADERS = ['accept-encoding', 'if-none-match', 'if-modified-since'];
const ANSWER_HEADERS = [
  'content-type',
  'content-length',
  'content-encoding',
  'etag',
  'last-modified',
  'vary',
  'cache-control',
];
const DEFAULT_CACHE_CONTROL = 'public, max-age=0, s-maxage=300, stale-while-revalidate=300';

/**
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {string} text Russian, for the person or robot that asked
 * @param {Record<string, string>} [extra]
 */
function plain(res, status, text, extra = {}) {
  if (res.headersSent) return void res.destroy();
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...extra });
  res.end(`${text}\n`);
}

/**
 * Relays the feed the request names from `{apiUrl}/api/v1/feeds/{name}`: 200 or 304 with the API's
 * bytes and headers; 404 when the backend has no such feed; 503 with `Retry-After` while it has
 * none yet or cannot be reached. Only GET and HEAD; call it for URLs matching {@link FEED_PATH}.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {string} apiUrl the shop API's origin (SHOP_API_URL, else the embedded API)
 * @returns {boolean} false when the request is not a feed GET/HEAD (left for the caller)
 */
export function relayFeedRequest(req, res, apiUrl) {
  const name = FEED_PATH.exec(req.url ?? '')?.[1];
  if (!name || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
  const url = new URL(`/api/v1/feeds/${name}`, apiUrl);
  /** @type {Record<string, string>} */
  const headers = { accept: 'application/xml' };
  for (const header of REQUEST_HEADERS) {
    const value = req.headers[header];
    if (typeof value === 'string') headers[header] = value;
  }
  const upstream = (url.protocol === 'https:' ? https : http).request(url, { method: req.method, headers });
  const timer = setTimeout(() => upstream.destroy(new Error('no answer head in time')), FEED_FIRST_BYTE_TIMEOUT_MS);
  // The client hanging up ends the download from the API too.
  res.once('close', () => {
    clearTimeout(timer);
    if (!res.writableFinished) upstream.destroy();
  });
  upstream.once('error', () => {
    clearTimeout(timer);
    plain(res, 503, 'Фид временно недоступен: API магазина не отвечает. Повторите запрос позже.', {
      'Retry-After': '60',
    });
  });
  upstream.once('response', (answer) => {
    clearTimeout(timer);
    const status = answer.statusCode ?? 502;
    if (status === 404) {
      answer.resume();
      return plain(res, 404, `Фид не настроен: API магазина не отдаёт /api/v1/feeds/${name} (docs/feeds.md).`);
    }
    if (status !== 200 && status !== 304) {
      answer.resume();
      const retryAfter = answer.headers['retry-after'];
      return plain(
        res,
        503,
        status === 503 && retryAfter
          ? 'Фид ещё собирается. Повторите запрос позже.'
          : 'Фид временно недоступен. Повторите запрос позже.',
        { 'Retry-After': typeof retryAfter === 'string' && /^\d+$/.test(retryAfter) ? retryAfter : '60' },
      );
    }
    /** @type {Record<string, string>} */
    const out = { 'X-Content-Type-Options': 'nosniff' };
    for (const header of ANSWER_HEADERS) {
      const value = answer.headers[header];
      if (typeof value === 'string') out[header] = value;
    }
    out['cache-control'] ??= DEFAULT_CACHE_CONTROL;
    res.writeHead(status, out);
    if (status === 304 || req.method === 'HEAD') {
      answer.resume();
      return void res.end();
    }
    answer.pipe(res);
    // A failure mid-way cuts the connection: a half feed must never look complete.
    answer.once('error', () => res.destroy());
    answer.once('aborted', () => res.destroy());
  });
  upstream.end();
  return true;
}
