/**
 * A shared HTTP "micro-cache" in front of Next's request handler (issue #7: cached catalogue pages
 * at ≥ 1,000 requests/s on 2 cores). Next answers a cached (ISR) page from its own cache, but
 * still spends 1–2.5 ms of CPU per request on routing, proxy.ts and writing the stored HTML and
 * RSC payload; this cache answers a hot page from memory for a short time (`maxAgeMs`, default
 * 1 s: the "microcaching" of nginx), so a page requested 1,000 times a second reaches Next about
 * once a second per worker. It behaves as a shared cache should (RFC 9111), decided by the
 * http-cache-semantics library:
 *
 * - only GET requests for documents: requests with Next's client-navigation headers (`rsc`,
 *   `next-router-*`), `next-action`, `range` or `authorization` always go to Next;
 * - only `200` answers that a shared cache may store (`s-maxage`/`public, max-age`, as Next sends
 *   for ISR and static pages; never `private`/`no-store` pages such as the basket or the profile)
 *   and that set no cookie; a `Vary` on anything but Next's router headers and `Accept-Encoding`
 *   is not stored;
 * - an entry is fresh for at most `maxAgeMs` and never past its own freshness (`s-maxage` minus
 *   `Age`); a request that asks for a fresh answer (`Cache-Control: no-cache`, `max-age=0` on
 *   reload) goes to Next;
 * - when an entry has expired, one request goes to Next to refresh it while the others are still
 *   answered with the expired copy, for at most `staleMs` (RFC 5861 stale-while-revalidate; Next
 *   itself allows a year): without it, every connection that asked in the instant an entry
 *   expired went to Next at once and the slowest answers took 4× longer. With a `refresh` option
 *   the refresh of a copy that aged out is a request of its own in the background
 *   (storefront-server/serve.ts), so no client waits for it; after a revalidation (`expire`) the first
 *   request still renders the page itself, which shows the change sooner;
 * - a client of a page with no copy it may be sent (never stored yet, or too old) waits for a
 *   render of it already under way and gets that render's answer (`waitFor`, nginx's
 *   `proxy_cache_lock`), instead of every such client going to Next at once;
 * - one entry per URL and `Accept-Encoding` value (a gzip answer is never sent to a client that
 *   did not ask for it); at most `maxBytes` of bodies, least recently used dropped first (lru-cache).
 *
 * Each cluster worker has its own cache (memory: at most `maxBytes` per worker). A served entry
 * carries `X-Micro-Cache: HIT` and an `Age`; a request whose `If-None-Match` names the entry's
 * ETag gets 304 without a body (issue #14 item 9).
 */
import CachePolicy from 'http-cache-semantics';
import { LRUCache } from 'lru-cache';
import { etagMatches } from './page-validators.ts';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Request headers that make an answer per-user or a client navigation: never from the cache. */
const BYPASS = [
  'rsc',
  'next-router-state-tree',
  'next-router-prefetch',
  'next-router-segment-prefetch',
  'next-action',
  'range',
  'authorization',
];
/** Request headers an answer may vary on and still be stored (those Next names in `Vary`). */
const VARY_OK = new Set([
  'rsc',
  'next-router-state-tree',
  'next-router-prefetch',
  'next-router-segment-prefetch',
  'accept-encoding',
]);
/** Larger bodies are not stored (bytes). */
const MAX_BODY = 4 * 1024 * 1024;

/** An answer the cache may send: its http-cache-semantics policy, status and encoded body. */
export interface StoredAnswer {
  policy: CachePolicy;
  status: number;
  body: Buffer;
}

/** A stored page (under its URL and the client's Accept-Encoding). */
interface Entry extends StoredAnswer {
  /** The cache's generation when its render began. */
  generation: number;
  /** Epoch ms until which it is sent as it is. */
  freshUntil: number;
  /** Epoch ms until which it is still sent while a refresh is under way. */
  staleUntil: number;
  /** A refresh of it is under way. */
  refreshing: boolean;
  /** Expired by a revalidation (the next request renders it itself). */
  revalidated?: boolean;
}

/** An expiry or clear, as {@link PageMicroCache#record} keeps it. */
interface CacheEvent {
  generation: number;
  /** Epoch ms. */
  at: number;
  staleMs?: number;
  match?: (url: string) => boolean;
  clear?: boolean;
}

/** Renders under way of one page that may be stored, and the clients waiting for them. */
interface Pending {
  renders: number;
  waiters: Array<(copy?: StoredAnswer | null) => void>;
}

/** Options of {@link PageMicroCache}; see its docstring. */
export interface PageMicroCacheOptions {
  maxBytes?: number;
  maxAgeMs?: number;
  staleMs?: number;
  revalidatedStaleMs?: number;
  lockMs?: number;
  refresh?: (req: IncomingMessage, failed: () => void) => boolean;
}

/**
 * The cache of one server process.
 *   bytes of bodies kept (default 64 MiB), how long an entry is fresh in ms (default 1,000; 0 turns
 *   the cache off), how long after that an expired entry may still answer while a refresh is under
 *   way (default 5,000 ms), and the same after a revalidation (`expire`; default 1,000 ms).
 *   `refresh(req, failed)`: starts a background request for the page of `req` whose answer goes
 *   through {@link PageMicroCache#capture} and returns true, or returns false when it cannot (too
 *   many under way: `req` still gets the expired copy, and a later request tries again); calls
 *   `failed()` if that request never completes. Without it, the first request after an entry
 *   expired goes to Next and waits for the render. `lockMs` (default 3,000): the longest
 *   {@link PageMicroCache#waitFor} waits.
 */
export class PageMicroCache {
  private readonly refresh: PageMicroCacheOptions['refresh'];
  private readonly lockMs: number;
  /** Renders under way of pages that may be stored: key → { renders, waiters }. */
  private readonly pending: Map<string, Pending>;
  /** Pages whose last answer could not be stored (private, an error…): their clients never wait. */
  private readonly unstorable: LRUCache<string, true>;
  private readonly maxAgeMs: number;
  private readonly staleMs: number;
  private readonly revalidatedStaleMs: number;
  private readonly entries: LRUCache<string, Entry>;
  private generation: number;
  /** Recent expiries and clears, oldest first. */
  private readonly events: CacheEvent[];

  constructor({
    maxBytes = 64 * 1024 * 1024,
    maxAgeMs = 1000,
    staleMs = 5000,
    revalidatedStaleMs = 1000,
    refresh = undefined,
    lockMs = 3000,
  }: PageMicroCacheOptions = {}) {
    this.refresh = refresh;
    this.lockMs = lockMs;
    this.pending = new Map();
    this.unstorable = new LRUCache({ max: 10_000, ttl: 60_000 });
    this.maxAgeMs = maxAgeMs;
    this.staleMs = staleMs;
    this.revalidatedStaleMs = revalidatedStaleMs;
    this.entries = new LRUCache({
      maxSize: Math.max(1, maxBytes),
      sizeCalculation: (entry) => entry.body.length + 512,
    });
    this.generation = 0;
    this.events = [];
  }

  /** Records an expiry or clear; keeps the last minute's (longer renders are not kept anyway). */
  private record(event: Omit<CacheEvent, 'generation'>): void {
    this.generation += 1;
    this.events.push({ ...event, generation: this.generation });
    const old = event.at - 60_000;
    while (this.events.length > 1 && this.events[0]!.at < old) this.events.shift();
  }

  /**
   * The first expiry or clear, after generation `since`, that concerns `url` (undefined if none).
   */
  private eventSince(
    since: number,
    url: string | undefined,
  ): CacheEvent | { clear: true; at?: undefined; staleMs?: undefined } | undefined {
    if (since === this.generation) return undefined;
    // older than the oldest event kept: as unknown as a clear
    if (this.events.length > 0 && since < this.events[0]!.generation - 1) return { clear: true };
    return this.events.find((e) => e.generation > since && (e.clear || !e.match || e.match(url ?? '')));
  }

  /**
   * Drops every entry. An answer being recorded meanwhile is not stored.
   */
  clear(): void {
    this.record({ at: Date.now(), clear: true });
    this.entries.clear();
  }

  /**
   * A revalidation of any tag (issue #13, storefront-server/serve.ts): every entry is expired now. The next
   * request for a page goes to Next and refreshes it, while the others are still answered with the
   * old copy for at most `staleMs` (so under a bulk change only one request per page and worker
   * waits for the new render, and no copy outlives the change by more than that). An answer being
   * recorded meanwhile is not stored: it may have been rendered from what was just changed; the
   * next request refreshes instead. Such an answer stands in for the old copy (it began rendering
   * later) with the same bound: until `staleMs` after the first expiry that followed its start.
   * @param staleMs ms the old copies may still answer (default `revalidatedStaleMs`)
   * @param match only the pages whose URL (path and query) it accepts
   *   are expired (default: every page); e.g. only a product's page for its `product:<pk>` tag
   */
  expire(staleMs: number = this.revalidatedStaleMs, match?: (url: string) => boolean): void {
    const now = Date.now();
    this.record({ at: now, staleMs, match });
    for (const [entryKey, entry] of this.entries.entries()) {
      if (match && !match(entryKey.slice(0, entryKey.indexOf('\n')))) continue;
      entry.freshUntil = Math.min(entry.freshUntil, now - 1);
      entry.staleUntil = Math.min(entry.staleUntil, now + staleMs);
      entry.refreshing = false;
      entry.revalidated = true;
    }
  }

  /**
   * Answers `req` from the cache when a fresh entry matches it.
   * @returns true when the answer was sent (the caller must not handle the request).
   */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (!this.cacheable(req)) return false;
    const entry = this.entries.get(key(req));
    if (!entry || !entry.policy.satisfiesWithoutRevalidation(asRequest(req))) return false;
    const now = Date.now();
    if (now > entry.freshUntil) {
      // Too old to send. Kept (never sent) so that a render of it counts as a refresh of a known
      // page, which other requests may wait for (waitFor).
      if (now > entry.staleUntil) return false;
      if (!entry.refreshing) {
        // a background request, or else this one, refreshes the entry (capture() replaces or drops it)
        entry.refreshing = true;
        const entryKey = key(req);
        const failed = () => {
          const current = this.entries.peek(entryKey);
          if (current) current.refreshing = false;
        };
        // After a revalidation this request renders the page itself: the freshness bench measured a
        // background refresh 0.2-0.5 s later there (docs/caching.md); an aged-out copy refreshes in
        // the background.
        if (!this.refresh || entry.revalidated) return false;
        // too many under way: this client gets the copy too, and a later request tries again
        if (!this.refresh(req, failed)) entry.refreshing = false;
      }
    }
    this.send(req, res, entry);
    return true;
  }

  /**
   * Sends a stored answer (an entry, or the render a request waited for: {@link PageMicroCache#waitFor}).
   */
  send(req: IncomingMessage, res: ServerResponse, copy: StoredAnswer): void {
    const headers = copy.policy.responseHeaders();
    // Issue #14 item 9: the ETag the page was stored with (storefront-server/page-validators.ts).
    if (etagMatches(req.headers['if-none-match'], typeof headers.etag === 'string' ? headers.etag : undefined)) {
      for (const name of ['content-length', 'content-type', 'content-encoding']) delete headers[name];
      res.writeHead(304, { ...headers, 'x-micro-cache': 'HIT' });
      res.end();
      return;
    }
    res.writeHead(copy.status, { ...headers, 'content-length': copy.body.length, 'x-micro-cache': 'HIT' });
    res.end(copy.body);
  }

  /**
   * When `req`'s page has no copy it may send and a render of it is under way (a refresh, in the
   * background or by another request, or the first request for it), a promise that resolves when
   * that render ends or after `lockMs`: the caller then tries {@link PageMicroCache#serve} again
   * and else goes to Next (nginx's `proxy_cache_lock`). Without it, every client that asked in that
   * time went to Next, each answer was encoded again, and under a bulk change (issue #13) or on a
   * page a worker had not stored yet the waiting ones were turned away with 503 by the admission
   * gate. Null when there is nothing to wait for; a page whose last answer could not be stored
   * (private, a cookie, an error) never waits, for a minute after that answer.
   *
   * The promise resolves with that render's answer when it may be shared (status 200, public),
   * even when it is not kept because it straddled a revalidation: as when clients join a render
   * Next already has under way, they get its result ({@link PageMicroCache#send}); null otherwise.
   */
  waitFor(req: IncomingMessage): Promise<StoredAnswer | null> | null {
    if (!this.cacheable(req)) return null;
    const pending = this.pending.get(key(req));
    if (!pending) return null;
    return new Promise((resolve) => {
      const done = (copy: StoredAnswer | null = null) => {
        clearTimeout(timer);
        resolve(copy);
      };
      const timer = setTimeout(() => done(), this.lockMs);
      pending.waiters.push(done);
    });
  }

  /**
   * Records the answer Next writes to `res` for `req` and stores it when the request finishes, if
   * it may be stored (see the module docstring). Call before handing the request to Next.
   */
  capture(req: IncomingMessage, res: ServerResponse): void {
    if (!this.cacheable(req)) return;
    // Next rewrites req.url while it handles the request (e.g. "size=S,M" → "size=S%2CM"):
    // the entry is filed under the URL the client asked for.
    const entryKey = key(req);
    const generation = this.generation;
    const request = { url: req.url, method: req.method, headers: { ...req.headers } };
    // A render of a page that may be stored: others may wait for it (waitFor).
    let pending: Pending | null | undefined = null;
    if (this.entries.has(entryKey) || !this.unstorable.has(entryKey)) {
      pending = this.pending.get(entryKey);
      if (!pending) this.pending.set(entryKey, (pending = { renders: 0, waiters: [] }));
      pending.renders += 1;
    }
    /** The answer of this render, when it may be shared with the clients that waited for it. */
    let shared: StoredAnswer | null = null;
    const settle = () => {
      if (!pending) return;
      const ended = pending;
      pending = null;
      ended.renders -= 1;
      if (ended.renders === 0 && this.pending.get(entryKey) === ended) this.pending.delete(entryKey);
      for (const wake of ended.waiters.splice(0)) wake(shared);
    };
    const chunks: Buffer[] = [];
    let size = 0;
    const keep = (chunk: unknown, encoding: unknown) => {
      if (size > MAX_BODY || chunk == null || typeof chunk === 'function') return;
      const buffer =
        typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
          : Buffer.from(chunk as Uint8Array);
      size += buffer.length;
      chunks.push(buffer);
    };
    // Node's overloads are passed through as they came.
    const patched = res as unknown as {
      write: (this: ServerResponse, ...args: unknown[]) => boolean;
      end: (this: ServerResponse, ...args: unknown[]) => ServerResponse;
    };
    const write = patched.write;
    const end = patched.end;
    patched.write = function (...args) {
      keep(args[0], args[1]);
      return write.apply(this, args);
    };
    patched.end = function (...args) {
      keep(args[0], args[1]);
      return end.apply(this, args);
    };
    // An answer that may not be stored (any more) also ends the expired copy; an aborted one lets
    // the next request refresh.
    const drop = () => {
      this.unstorable.set(entryKey, true);
      this.entries.delete(entryKey);
    };
    res.once('close', () => {
      const entry = this.entries.peek(entryKey);
      if (!res.writableFinished && entry) entry.refreshing = false;
      settle();
    });
    res.once('finish', () => {
      try {
        store();
      } finally {
        settle();
      }
    });
    const store = () => {
      const straddled = this.eventSince(generation, request.url);
      // Rendered across a revalidation: never kept as fresh, and the next request refreshes.
      const release = () => {
        const entry = this.entries.peek(entryKey);
        if (entry) entry.refreshing = false;
      };
      if (res.statusCode !== 200 || size > MAX_BODY) return straddled ? release() : drop();
      const headers = stringHeaders(res.getHeaders());
      if (headers['set-cookie'] || !varyAllowed(headers.vary)) return straddled ? release() : drop();
      this.unstorable.delete(entryKey);
      const policy = new CachePolicy(request, { status: res.statusCode, headers }, { shared: true });
      const fresh = Math.min(policy.timeToLive(), this.maxAgeMs);
      if (!policy.storable() || fresh <= 0) return straddled ? release() : drop();
      const body = Buffer.concat(chunks, size);
      shared = { policy, status: res.statusCode, body };
      if (straddled) {
        // It may miss what that expiry changed, but it began after the expired copy's render did:
        // it stands in for that copy, never fresh, and no longer than `staleMs` after that expiry
        // (under a bulk change, with revalidations every second, few renders finish between two).
        const old = this.entries.peek(entryKey);
        const staleUntil = straddled.clear ? undefined : straddled.at + (straddled.staleMs ?? 0);
        if (
          straddled.clear ||
          staleUntil === undefined ||
          staleUntil <= Date.now() ||
          (old && old.generation >= generation)
        )
          return release();
        this.entries.set(entryKey, {
          policy,
          status: res.statusCode,
          body,
          generation,
          freshUntil: Date.now() - 1,
          staleUntil,
          refreshing: false,
          revalidated: true,
        });
        return;
      }
      const freshUntil = Date.now() + fresh;
      this.entries.set(entryKey, {
        policy,
        status: res.statusCode,
        body,
        generation,
        freshUntil,
        staleUntil: freshUntil + this.staleMs,
        refreshing: false,
      });
    };
  }

  /** Whether `req` may be answered from, or stored in, the cache. */
  cacheable(req: IncomingMessage): boolean {
    return this.maxAgeMs > 0 && req.method === 'GET' && !BYPASS.some((name) => name in req.headers);
  }
}

/**
 * Which micro-cache copies a revalidation concerns (issue #13, app/api/revalidate): for tags that
 * are all `product:<pk>` (the re-expiries of a round, a retailer's webhook for one product) only
 * those products' pages, the catalogue URLs whose first all-digit segment is the pk
 * (lib/catalog-path.ts: `/S/{sub}/{pk}/{slug}`, `/S/{sub}/{catSub}/{pk}/{slug}`); for any other
 * tag or any path, every page (undefined).
 */
export function pagesOfTags(
  tags: readonly string[],
  paths: readonly string[] = [],
): ((url: string) => boolean) | undefined {
  if (paths.length > 0 || tags.length === 0) return undefined;
  const pks = new Set<string>();
  for (const tag of tags) {
    const m = /^product:(\d{1,10})$/.exec(tag);
    if (!m) return undefined;
    pks.add(String(Number(m[1])));
  }
  return (url) => {
    const segments = (url.split('?')[0] ?? '').split('/');
    const pk = segments.find((segment, i) => i >= 2 && /^\d{1,9}$/.test(segment));
    return pk !== undefined && pks.has(String(Number(pk)));
  };
}

function key(req: IncomingMessage): string {
  return `${req.url}\n${req.headers['accept-encoding'] ?? ''}`;
}

function asRequest(req: IncomingMessage): CachePolicy.Request {
  return { url: req.url ?? '/', method: req.method ?? 'GET', headers: req.headers };
}

function varyAllowed(vary: string | string[] | undefined): boolean {
  if (!vary) return true;
  return String(vary)
    .split(',')
    .every((name) => VARY_OK.has(name.trim().toLowerCase()));
}

/** Response headers as strings (Node keeps numbers, e.g. a `content-length` set as a number). */
function stringHeaders(headers: Record<string, unknown>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.map(String) : String(value);
  }
  return out;
}
