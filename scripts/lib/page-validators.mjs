/**
 * Conditional GET and content coding of the storefront's answers (issue #14 item 9), in the Node
 * layer in front of Next (scripts/serve.mjs):
 *
 * - **ETag / 304** (RFC 9110 §8.8.3, §13.1.2): a cacheable public HTML page (200, `Cache-Control`
 *   with `public` or `s-maxage`, neither `private` nor `no-store`, no `Set-Cookie`; the catalogue,
 *   product and content pages Next caches) is held until Next has written all of it, and gets a
 *   weak ETag from a hash of its body. A request whose `If-None-Match` names it gets 304 without a
 *   body. Weak, because one page is sent in several content codings (the bytes differ, the page
 *   does not). Next's own ETags stay off (next.config.ts `generateEtags: false`): they hashed every
 *   page, also private ones. Cached pages are written by Next in one piece, so holding them back
 *   costs no time to first byte; a page rendered on a cache miss is sent when it is complete.
 * - **brotli** (RFC 9110 §8.4): Next only knows gzip, so Next is asked for the identity coding and
 *   the expressjs `compression` middleware (1.8) encodes here, preferring br (quality
 *   {@link BROTLI_QUALITY}: docs/content-coding.md, `node scripts/bench-compression.mjs`) over gzip,
 *   with `Vary: Accept-Encoding`. Private pages and answers that set a cookie keep gzip as before
 *   (no new coding next to per-user secrets).
 */
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import compression from 'compression';

/** Brotli quality: 4 took a third of gzip 6's CPU per page and sent 30% fewer bytes (docs/content-coding.md). */
export const BROTLI_QUALITY = 4;

/** Request headers of Next's client navigation (RSC payloads): not pages, never held back. */
const NAVIGATION = [
  'rsc',
  'next-router-state-tree',
  'next-router-prefetch',
  'next-router-segment-prefetch',
  'next-action',
];

/**
 * The weak validator of a body: `W/"` + 27 characters of its SHA-1 (base64url) + `"`.
 * @param {Buffer} body
 * @returns {string}
 */
export function weakEtag(body) {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/**
 * Whether `If-None-Match` names `etag` (weak comparison, RFC 9110 §13.1.2; `*` names any).
 * @param {string | undefined} ifNoneMatch the request header
 * @param {string | undefined} etag the current validator
 * @returns {boolean}
 */
export function etagMatches(ifNoneMatch, etag) {
  if (!ifNoneMatch || !etag) return false;
  const opaque = (tag) => tag.trim().replace(/^W\//, '');
  const mine = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === mine);
}

/**
 * Whether an answer is a page shared caches may keep: HTML, 200, public, no cookie.
 * @param {number} status
 * @param {(name: string) => unknown} header reads a response header
 * @returns {boolean}
 */
export function isPublicPage(status, header) {
  if (status !== 200 || header('set-cookie') !== undefined) return false;
  if (!/^text\/html/i.test(String(header('content-type') ?? ''))) return false;
  const cc = String(header('cache-control') ?? '').toLowerCase();
  return /(^|,)\s*(public|s-maxage=\d+)/.test(cc) && !/(^|,)\s*(private|no-store)\b/.test(cc);
}

/** Whether an answer is per user: `private`/`no-store` or it sets a cookie. */
function isPrivate(header) {
  return (
    header('set-cookie') !== undefined || /(^|,)\s*(private|no-store)\b/i.test(String(header('cache-control') ?? ''))
  );
}

const compress = compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } } });

/**
 * Encodes what Next writes to `res` for the client's `Accept-Encoding` (br first, then gzip) and
 * asks Next for the identity coding. Call once per request, after the micro-cache has recorded
 * the request's `Accept-Encoding` and before {@link holdPublicPage}.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 */
export function encodeAnswer(req, res) {
  const accept = req.headers['accept-encoding'];
  delete req.headers['accept-encoding'];
  if (typeof accept !== 'string') return;
  // What the middleware negotiates with; `br` is taken out for a private answer once its headers
  // are known (the middleware negotiates when the head is written).
  const asked = { method: req.method, headers: { 'accept-encoding': accept } };
  // Next, the micro-cache, the admission gate and the deadline already listen for 'close' (up to
  // 10); the middleware adds one more, which is expected, not a leak.
  res.setMaxListeners(Math.max(res.getMaxListeners(), 16));
  compress(asked, res, () => {});
  const compressedHead = res.writeHead;
  res.writeHead = function (status, ...rest) {
    res.writeHead = compressedHead;
    const headers = rest.find((arg) => typeof arg === 'object' && arg !== null && !Array.isArray(arg));
    if (headers) setAll(this, headers);
    if (isPrivate((name) => this.getHeader(name))) asked.headers['accept-encoding'] = withoutBrotli(accept);
    return compressedHead.call(this, status, ...rest.filter((arg) => arg !== headers));
  };
}

/** An Accept-Encoding value without its `br` entry. */
export function withoutBrotli(accept) {
  return accept
    .split(',')
    .filter((entry) => entry.split(';')[0]?.trim().toLowerCase() !== 'br')
    .join(',');
}

/**
 * Holds a cacheable public page (see {@link isPublicPage}) until it is complete, sends it with its
 * weak ETag, or 304 without a body when the request's `If-None-Match` names it. Other answers pass
 * through untouched. Only GET requests for documents; call last before handing the request to Next.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 */
export function holdPublicPage(req, res) {
  if (req.method !== 'GET' || NAVIGATION.some((name) => name in req.headers)) return;
  const ifNoneMatch = req.headers['if-none-match'];
  const inner = { writeHead: res.writeHead, write: res.write, end: res.end };
  const restore = () => Object.assign(res, inner);
  /** @type {Buffer[]} */
  let chunks = [];
  let holding = false;
  res.writeHead = function (status, ...rest) {
    if (holding) {
      // The same head again (an implicit header, flushHeaders) changes nothing; another status
      // (the request deadline's 503) replaces the page being held.
      if (status === this.statusCode) return this;
      holding = false;
      chunks = [];
    }
    const headers = rest.find((arg) => typeof arg === 'object' && arg !== null);
    if (headers && !Array.isArray(headers)) setAll(this, headers);
    if (!Array.isArray(headers) && isPublicPage(status, (name) => this.getHeader(name))) {
      holding = true;
      this.statusCode = status;
      return this;
    }
    restore();
    return inner.writeHead.call(this, status, ...rest.filter((arg) => typeof arg !== 'object' || Array.isArray(arg)));
  };
  res.write = function (chunk, encoding, callback) {
    if (!holding && !this.headersSent) this.writeHead(this.statusCode);
    if (!holding) return inner.write.call(this, chunk, encoding, callback);
    keep(chunks, chunk, encoding);
    const done = [encoding, callback].find((arg) => typeof arg === 'function');
    if (done) queueMicrotask(() => done());
    return true;
  };
  res.end = function (chunk, encoding, callback) {
    if (!holding && !this.headersSent) this.writeHead(this.statusCode);
    if (!holding) return inner.end.call(this, chunk, encoding, callback);
    keep(chunks, chunk, encoding);
    holding = false;
    restore();
    const body = Buffer.concat(chunks);
    chunks = [];
    const etag = weakEtag(body);
    this.setHeader('etag', etag);
    const done = [chunk, encoding, callback].find((arg) => typeof arg === 'function');
    if (etagMatches(ifNoneMatch, etag)) {
      for (const name of ['content-length', 'content-type', 'content-encoding']) this.removeHeader(name);
      inner.writeHead.call(this, 304);
      return inner.end.call(this, done);
    }
    this.setHeader('content-length', body.length);
    inner.writeHead.call(this, this.statusCode);
    return inner.end.call(this, body, done);
  };
}

/** Copies the headers given to writeHead onto the response, so they can be read before it. */
function setAll(res, headers) {
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value);
}

function keep(chunks, chunk, encoding) {
  if (chunk == null || typeof chunk === 'function') return;
  chunks.push(
    typeof chunk === 'string'
      ? Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8')
      : Buffer.from(chunk),
  );
}
