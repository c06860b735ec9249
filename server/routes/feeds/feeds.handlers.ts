/**
 * Handlers of the product feeds: GET /api/v1/feeds/yml.xml (Yandex Market) and
 * GET /api/v1/feeds/google-merchant.xml (Google Merchant Center). Issue #15 streamed them from the
 * database on every request; issue #28 item 9 serves the files built after catalogue changes
 * (server/services/feeds/feed-files.ts) as static files: `ETag` and `Last-Modified`, 304 to
 * `If-None-Match` / `If-Modified-Since`, the brotli or gzip copy the client accepts with
 * `Content-Encoding` and `Vary: Accept-Encoding`, `Content-Length`, read from disk as it is sent.
 * The brotli copy is made after a build is published: until it is there (and only a copy made from
 * this build's XML counts, `brotliReady`) the gzip copy is served to clients that accept both.
 * Before the first build there is no feed to give: 503 with `Retry-After`, never an empty or half
 * feed. The storefront relays them at /yml.xml and /google-merchant.xml byte for byte
 * (features/seo/api/relay-feed.ts).
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import Negotiator from 'negotiator';
import { etagMatches } from '../../../storefront-server/page-validators.ts';
import {
  brotliReady,
  feedFilesFor,
  type BuiltFeed,
  type FeedCoding,
  type FeedName,
} from '../../services/feeds/feed-files';
import type { AppEnv } from '../../types';
import type { Context } from 'hono';
import type { ServerResponse } from 'node:http';

type Ctx = Context<AppEnv>;

/**
 * Cache-Control of a feed: shared caches (a CDN, nginx) keep it 5 minutes and may answer a stale
 * copy 5 minutes more while they fetch a new one; browsers always ask again (with the validators,
 * so an unchanged feed costs a 304). Never longer: prices and stock change.
 */
export const FEED_CACHE_CONTROL = 'public, max-age=0, s-maxage=300, stale-while-revalidate=300';

/** Seconds a client is asked to wait before the first build is done. */
export const FEED_RETRY_AFTER_S = 30;

/** Russian text of the 503 before the first build. */
export const FEED_NOT_READY = 'Фид ещё собирается после запуска магазина. Повторите запрос через минуту.';

const SUFFIX: Record<FeedCoding, string> = { identity: '', gzip: '-gz', br: '-br' };

/**
 * The strong validator of one coding of a build: the XML's SHA-1, with the coding as a suffix
 * (each coding is a representation of its own, RFC 9110 §8.8.3).
 */
export function feedEtag(feed: BuiltFeed, coding: FeedCoding): string {
  return `"${feed.hash}${SUFFIX[coding]}"`;
}

const WITH_BROTLI: FeedCoding[] = ['br', 'gzip', 'identity'];
const WITHOUT_BROTLI: FeedCoding[] = ['gzip', 'identity'];

/**
 * The coding to send for `accept` (q-values, `*`, `identity;q=0` as `negotiator` reads them; equal
 * preferences go to br, then gzip). Undefined: the client accepts none of them (406).
 * @param brotli whether the build has its brotli copy yet (else only gzip and identity are offered)
 */
export function feedCoding(accept: string | undefined, brotli = true): FeedCoding | undefined {
  const offered = brotli ? WITH_BROTLI : WITHOUT_BROTLI;
  return new Negotiator({ headers: { 'accept-encoding': accept } }).encoding(offered, offered) as
    FeedCoding | undefined;
}

/**
 * Whether the client's copy is current: `If-None-Match` naming this coding's ETag, or, without
 * `If-None-Match`, an `If-Modified-Since` not before the build (RFC 9110 §13.2.2 order).
 */
function notModified(c: Ctx, etag: string, feed: BuiltFeed): boolean {
  const ifNoneMatch = c.req.header('if-none-match');
  if (ifNoneMatch !== undefined) return etagMatches(ifNoneMatch, etag);
  const since = Date.parse(c.req.header('if-modified-since') ?? '');
  return Number.isFinite(since) && Math.floor(feed.builtAt / 1000) * 1000 <= since;
}

function serveFeed(c: Ctx, name: FeedName): Response {
  const files = feedFilesFor(c.var.db);
  const feed = files.feed(name);
  if (!feed) {
    return new Response(`${FEED_NOT_READY}\n`, {
      status: 503,
      headers: {
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': 'no-store',
        'Retry-After': String(FEED_RETRY_AFTER_S),
      },
    });
  }
  // Brotli only when this build's own copy is made (never an older build's under this ETag).
  const coding = feedCoding(c.req.header('accept-encoding'), brotliReady(feed));
  const headers: Record<string, string> = {
    'Content-Type': 'application/xml; charset=utf-8',
    'Cache-Control': FEED_CACHE_CONTROL,
    'Last-Modified': new Date(feed.builtAt).toUTCString(),
    Vary: 'Accept-Encoding',
    'X-Content-Type-Options': 'nosniff',
  };
  if (coding === undefined && feedCoding(c.req.header('accept-encoding')) === 'br') {
    // Accepts brotli alone (`br, identity;q=0`), and this build's copy is still being made.
    return new Response(`${FEED_NOT_READY}\n`, {
      status: 503,
      headers: {
        ...headers,
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': 'no-store',
        'Retry-After': '10',
      },
    });
  }
  if (coding === undefined) {
    return new Response('Фид отдаётся как есть, в gzip или в brotli.\n', {
      status: 406,
      headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' },
    });
  }
  const etag = feedEtag(feed, coding);
  headers.ETag = etag;
  if (coding !== 'identity') headers['Content-Encoding'] = coding;
  if (notModified(c, etag, feed)) return new Response(null, { status: 304, headers });
  headers['Content-Length'] = String(feed.files[coding].size);
  if (c.req.method === 'HEAD') return new Response(null, { status: 200, headers });
  // This build's files, read as they are sent; the build is held until the stream closes, so a
  // rebuild meanwhile removes none of its pieces (feed-files.ts).
  const file = files.open(feed, coding);
  // Under @hono/node-server the file is piped into the socket: through a web ReadableStream each
  // chunk took a promise round trip, and serving the brotli copy of a 150 MB feed managed
  // 27 MB/s (docs/feeds.md "Measured"). app.request() (tests) has no socket.
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  if (outgoing && typeof outgoing.writeHead === 'function') {
    outgoing.writeHead(200, headers);
    pipeline(file, outgoing).catch(() => {
      // The client left mid-way: nothing to report; pipeline closed the file.
    });
    return RESPONSE_ALREADY_SENT;
  }
  return new Response(Readable.toWeb(file) as ReadableStream<Uint8Array>, { status: 200, headers });
}

/** GET /v1/feeds/yml.xml: the Yandex Market YML feed, from its last build. */
export function yml(c: Ctx) {
  return serveFeed(c, 'yml.xml');
}

/** GET /v1/feeds/google-merchant.xml: the Google Merchant RSS 2.0 feed, from its last build. */
export function googleMerchant(c: Ctx) {
  return serveFeed(c, 'google-merchant.xml');
}
