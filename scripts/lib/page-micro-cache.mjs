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
 *   expired went to Next at once and the slowest answers took 4× longer;
 * - one entry per URL and `Accept-Encoding` value (a gzip answer is never sent to a client that
 *   did not ask for it); at most `maxBytes` of bodies, least recently used dropped first (lru-cache).
 *
 * Each cluster worker has its own cache (memory: at most `maxBytes` per worker). A served entry
 * carries `X-Micro-Cache: HIT` and an `Age`; a request whose `If-None-Match` names the entry's
 * ETag gets 304 without a body (issue #14 item 9).
 */
import CachePolicy from 'http-cache-semantics';
import { LRUCache } from 'lru-cache';
import { etagMatches } from './page-validators.mjs';

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

/**
 * The cache of one server process.
 * @param {{ maxBytes?: number, maxAgeMs?: number, staleMs?: number, revalidatedStaleMs?: number }} [options]
 *   bytes of bodies kept (default 64 MiB), how long an entry is fresh in ms (default 1,000; 0 turns
 *   the cache off), how long after that an expired entry may still answer while a refresh is under
 *   way (default 5,000 ms), and the same after a revalidation (`expire`; default 1,000 ms).
 */
export class PageMicroCache {
  constructor({ maxBytes = 64 * 1024 * 1024, maxAgeMs = 1000, staleMs = 5000, revalidatedStaleMs = 1000 } = {}) {
    this.maxAgeMs = maxAgeMs;
    this.staleMs = staleMs;
    this.revalidatedStaleMs = revalidatedStaleMs;
    this.entries = new LRUCache({
      maxSize: Math.max(1, maxBytes),
      sizeCalculation: (entry) => entry.body.length + 512,
    });
    this.generation = 0;
  }

  /**
   * Drops every entry. An answer being recorded meanwhile is not stored.
   */
  clear() {
    this.generation += 1;
    this.entries.clear();
  }

  /**
   * A revalidation of any tag (issue #13, scripts/serve.mjs): every entry is expired now. The next
   * request for a page goes to Next and refreshes it, while the others are still answered with the
   * old copy for at most `staleMs` (so under a bulk change only one request per page and worker
   * waits for the new render, and no copy outlives the change by more than that). An answer being
   * recorded meanwhile is not stored: it may have been rendered from what was just changed; the
   * next request refreshes instead.
   * @param {number} [staleMs] ms the old copies may still answer (default `revalidatedStaleMs`)
   */
  expire(staleMs = this.revalidatedStaleMs) {
    this.generation += 1;
    const now = Date.now();
    for (const entry of this.entries.values()) {
      entry.freshUntil = Math.min(entry.freshUntil, now - 1);
      entry.staleUntil = Math.min(entry.staleUntil, now + staleMs);
      entry.refreshing = false;
    }
  }

  /**
   * Answers `req` from the cache when a fresh entry matches it.
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @returns {boolean} true when the answer was sent (the caller must not handle the request).
   */
  serve(req, res) {
    if (!this.cacheable(req)) return false;
    const entry = this.entries.get(key(req));
    if (!entry || !entry.policy.satisfiesWithoutRevalidation(asRequest(req))) return false;
    const now = Date.now();
    if (now > entry.freshUntil) {
      if (now > entry.staleUntil) {
        this.entries.delete(key(req));
        return false;
      }
      if (!entry.refreshing) {
        // this request refreshes the entry (capture() replaces or drops it)
        entry.refreshing = true;
        return false;
      }
    }
    const headers = entry.policy.responseHeaders();
    // Issue #14 item 9: the ETag the page was stored with (scripts/lib/page-validators.mjs).
    if (etagMatches(req.headers['if-none-match'], headers.etag)) {
      for (const name of ['content-length', 'content-type', 'content-encoding']) delete headers[name];
      res.writeHead(304, { ...headers, 'x-micro-cache': 'HIT' });
      res.end();
      return true;
    }
    res.writeHead(entry.status, { ...headers, 'content-length': entry.body.length, 'x-micro-cache': 'HIT' });
    res.end(entry.body);
    return true;
  }

  /**
   * Records the answer Next writes to `res` for `req` and stores it when the request finishes, if
   * it may be stored (see the module docstring). Call before handing the request to Next.
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   */
  capture(req, res) {
    if (!this.cacheable(req)) return;
    // Next rewrites req.url while it handles the request (e.g. "size=S,M" → "size=S%2CM"):
    // the entry is filed under the URL the client asked for.
    const entryKey = key(req);
    const generation = this.generation;
    const request = { url: req.url, method: req.method, headers: { ...req.headers } };
    const chunks = [];
    let size = 0;
    const keep = (chunk, encoding) => {
      if (size > MAX_BODY || chunk == null || typeof chunk === 'function') return;
      const buffer =
        typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8')
          : Buffer.from(chunk);
      size += buffer.length;
      chunks.push(buffer);
    };
    const write = res.write;
    const end = res.end;
    res.write = function (chunk, encoding, callback) {
      keep(chunk, encoding);
      return write.call(this, chunk, encoding, callback);
    };
    res.end = function (chunk, encoding, callback) {
      keep(chunk, encoding);
      return end.call(this, chunk, encoding, callback);
    };
    // An answer that may not be stored (any more) also ends the expired copy; an aborted one lets
    // the next request refresh.
    const drop = () => this.entries.delete(entryKey);
    res.once('close', () => {
      const entry = this.entries.peek(entryKey);
      if (!res.writableFinished && entry) entry.refreshing = false;
    });
    res.once('finish', () => {
      if (generation !== this.generation) {
        // Rendered across a revalidation: not kept, and the next request refreshes the old copy.
        const entry = this.entries.peek(entryKey);
        if (entry) entry.refreshing = false;
        return;
      }
      if (res.statusCode !== 200 || size > MAX_BODY) return drop();
      const headers = stringHeaders(res.getHeaders());
      if (headers['set-cookie'] || !varyAllowed(headers.vary)) return drop();
      const policy = new CachePolicy(request, { status: res.statusCode, headers }, { shared: true });
      const fresh = Math.min(policy.timeToLive(), this.maxAgeMs);
      if (!policy.storable() || fresh <= 0) return drop();
      const body = Buffer.concat(chunks, size);
      const freshUntil = Date.now() + fresh;
      this.entries.set(entryKey, {
        policy,
        status: res.statusCode,
        body,
        freshUntil,
        staleUntil: freshUntil + this.staleMs,
        refreshing: false,
      });
    });
  }

  /** Whether `req` may be answered from, or stored in, the cache. */
  cacheable(req) {
    return this.maxAgeMs > 0 && req.method === 'GET' && !BYPASS.some((name) => name in req.headers);
  }
}

function key(req) {
  return `${req.url}\n${req.headers['accept-encoding'] ?? ''}`;
}

function asRequest(req) {
  return { url: req.url, method: req.method, headers: req.headers };
}

function varyAllowed(vary) {
  if (!vary) return true;
  return vary.split(',').every((name) => VARY_OK.has(name.trim().toLowerCase()));
}

/** Response headers as strings (Node keeps numbers, e.g. a `content-length` set as a number). */
function stringHeaders(headers) {
  const out = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.map(String) : String(value);
  }
  return out;
}
