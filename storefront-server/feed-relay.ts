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
 *
 * Feed downloads are background traffic (issue #28 "eight concurrent downloads leave cached pages
 * at their usual p99"): every byte relayed is read and written by the same worker processes that
 * serve the pages, and eight downloads at full speed (80–140 MB/s) took the page p99 from 7 ms to
 * 95–156 ms. So each download is paced to `FEED_DOWNLOAD_RATE_KBPS` ({@link pipePaced}: the API is
 * read only as fast as the rate and the client allow, a chunk at a time), and a worker relays at
 * most `FEED_DOWNLOADS` bodies at once; past that it answers 503 with `Retry-After` (a marketplace
 * retries; conditional requests answered 304 and HEAD take no slot). docs/feeds.md "Measured".
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import type { Readable, Writable } from 'node:stream';

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
 * Default KB/s (1 KB = 1,024 bytes) of one feed download through the relay. Marketplaces fetch a
 * feed a few times a day and accept gzip: the 53 MB gzip copy of 100,000 products takes 13 s at
 * 4 MB/s, the 1.5 GB plain XML 6 minutes. docs/feeds.md "Measured" has the page p99 by rate.
 */
export const FEED_DOWNLOAD_RATE_KBPS_DEFAULT = 4096;

/** Default most feed bodies one worker process relays at once (two workers: eight). */
export const FEED_DOWNLOADS_DEFAULT = 4;

/** Seconds a download refused for {@link FEED_DOWNLOADS_DEFAULT} is asked to wait. */
export const FEED_BUSY_RETRY_AFTER_S = 60;

/** Pacing and limit of the relay. */
export interface FeedRelaySettings {
  /** Most bytes per second of one download; 0: not paced. */
  bytesPerSecond: number;
  /** Most bodies relayed at once by this process; 0: no limit. */
  maxDownloads: number;
}

/**
 * An integer setting in [0, max].
 */
function intSetting(env: Record<string, string | undefined>, name: string, fallback: number, max: number) {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > max)
    throw new Error(
      `Invalid settings (README "Configuration"):\n  ${name}=${JSON.stringify(raw)}: expected an integer from 0 to ${max}`,
    );
  return value;
}

/**
 * The relay's settings from the environment: `FEED_DOWNLOAD_RATE_KBPS` (default
 * {@link FEED_DOWNLOAD_RATE_KBPS_DEFAULT}, 0: unpaced) and `FEED_DOWNLOADS` (default
 * {@link FEED_DOWNLOADS_DEFAULT}, 0: no limit).
 * @throws Error naming the variable when a value is not an integer in range
 */
export function readFeedRelaySettings(env: Record<string, string | undefined>): FeedRelaySettings {
  return {
    bytesPerSecond: intSetting(env, 'FEED_DOWNLOAD_RATE_KBPS', FEED_DOWNLOAD_RATE_KBPS_DEFAULT, 10_000_000) * 1024,
    maxDownloads: intSetting(env, 'FEED_DOWNLOADS', FEED_DOWNLOADS_DEFAULT, 10_000),
  };
}

/** Read at import, so that a bad value stops storefront-server/serve.ts at start, not at the first download. */
const SETTINGS = readFeedRelaySettings(process.env);

/** Feed bodies this process is relaying now. */
let active = 0;

/** Feed bodies this process is relaying now (tests). */
export function activeFeedDownloads(): number {
  return active;
}

/**
 * Pipes `source` into `dest` at most `bytesPerSecond` on average since the start, honouring
 * backpressure: after each chunk that puts the download ahead of its schedule, or that `dest`
 * cannot take at once (`write` false), `source` is paused until both the schedule and `drain`
 * allow, so no more than one chunk waits in `dest` above its high-water mark, and a paused
 * HTTP response stops reading its socket (the API then stops sending). The first chunk goes at
 * once; the last is written at `start + (bytes − last chunk) / rate` at the earliest.
 * @param dest ended when `source` ends
 * @param options `now` in ms (tests: fake time)
 */
export function pipePaced(
  source: Readable,
  dest: Writable,
  { bytesPerSecond, now = () => performance.now() }: { bytesPerSecond: number; now?: () => number },
): void {
  const start = now();
  let sent = 0;
  let timer: NodeJS.Timeout | undefined;
  source.on('data', (chunk: Buffer) => {
    sent += chunk.length;
    const ok = dest.write(chunk);
    const delay = start + (sent * 1000) / bytesPerSecond - now();
    if (ok && delay <= 0) return;
    source.pause();
    let waits = 0;
    const resume = () => {
      waits -= 1;
      if (waits === 0 && !dest.destroyed) source.resume();
    };
    if (!ok) {
      waits += 1;
      dest.once('drain', resume);
    }
    if (delay > 0) {
      waits += 1;
      timer = setTimeout(resume, delay);
    }
  });
  source.once('end', () => dest.end());
  dest.once('close', () => clearTimeout(timer));
}

/**
 * A short plain-text answer (or a cut connection once the head is sent).
 * @param text Russian, for the person or robot that asked
 */
function plain(res: ServerResponse, status: number, text: string, extra: Record<string, string> = {}): void {
  if (res.headersSent) return void res.destroy();
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...extra });
  res.end(`${text}\n`);
}

/**
 * Relays the feed the request names from `{apiUrl}/api/v1/feeds/{name}`: 200 or 304 with the API's
 * bytes and headers; 404 when the backend has no such feed; 503 with `Retry-After` while it has
 * none yet or cannot be reached. Only GET and HEAD; call it for URLs matching {@link FEED_PATH}.
 * @param apiUrl the shop API's origin (SHOP_API_URL, else the embedded API)
 * @param settings pacing and limit (default: from the environment)
 * @returns false when the request is not a feed GET/HEAD (left for the caller)
 */
export function relayFeedRequest(
  req: IncomingMessage,
  res: ServerResponse,
  apiUrl: string,
  settings: FeedRelaySettings = SETTINGS,
): boolean {
  const name = FEED_PATH.exec(req.url ?? '')?.[1];
  if (!name || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
  const url = new URL(`/api/v1/feeds/${name}`, apiUrl);
  const headers: Record<string, string> = { accept: 'application/xml' };
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
    const body = status === 200 && req.method !== 'HEAD';
    if (body && settings.maxDownloads > 0 && active >= settings.maxDownloads) {
      // Background traffic: a marketplace retries a 503 later; pages keep the worker.
      upstream.destroy();
      return plain(res, 503, 'Фид сейчас скачивают другие. Повторите запрос через минуту.', {
        'Retry-After': String(FEED_BUSY_RETRY_AFTER_S),
      });
    }
    const out: Record<string, string> = { 'X-Content-Type-Options': 'nosniff' };
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
    active += 1;
    res.once('close', () => (active -= 1));
    if (settings.bytesPerSecond > 0) pipePaced(answer, res, { bytesPerSecond: settings.bytesPerSecond });
    else answer.pipe(res);
    // A failure mid-way cuts the connection: a half feed must never look complete.
    answer.once('error', () => res.destroy());
    answer.once('aborted', () => res.destroy());
  });
  upstream.end();
  return true;
}
