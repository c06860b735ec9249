/**
 * Conditional GET and content coding of the storefront's answers (issue #14 item 9), in the Node
 * layer in front of Next (storefront-server/serve.ts):
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
 * - **LCP preload** (issue #30): a held public page also gets a `Link: rel=preload` header for the
 *   pictures its head preloads with high priority (storefront-server/lcp-preload.ts).
 */
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import compression from 'compression';
import { lcpPreloadLink } from './lcp-preload.ts';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The writing methods of a response as this module replaces them (loosely typed: Node's overloads
 * are passed through as they came).
 */
interface Patchable {
  writeHead: (this: ServerResponse, status: number, ...rest: unknown[]) => ServerResponse;
  write: (this: ServerResponse, chunk?: unknown, encoding?: unknown, callback?: unknown) => boolean;
  end: (this: ServerResponse, chunk?: unknown, encoding?: unknown, callback?: unknown) => ServerResponse;
}

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
 */
export function weakEtag(body: Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/**
 * Whether `If-None-Match` names `etag` (weak comparison, RFC 9110 §13.1.2; `*` names any).
 * @param ifNoneMatch the request header
 * @param etag the current validator
 */
export function etagMatches(ifNoneMatch: string | undefined, etag: string | undefined): boolean {
  if (!ifNoneMatch || !etag) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const mine = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === mine);
}

/**
 * Whether an answer is a page shared caches may keep: HTML, 200, public, no cookie.
 * @param header reads a response header
 */
export function isPublicPage(status: number, header: (name: string) => unknown): boolean {
  if (status !== 200 || header('set-cookie') !== undefined) return false;
  if (!/^text\/html/i.test(String(header('content-type') ?? ''))) return false;
  const cc = String(header('cache-control') ?? '').toLowerCase();
  return /(^|,)\s*(public|s-maxage=\d+)/.test(cc) && !/(^|,)\s*(private|no-store)\b/.test(cc);
}

/** Whether an answer is per user: `private`/`no-store` or it sets a cookie. */
function isPrivate(header: (name: string) => unknown): boolean {
  return (
    header('set-cookie') !== undefined || /(^|,)\s*(private|no-store)\b/i.test(String(header('cache-control') ?? ''))
  );
}

const compress = compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } } });

/**
 * Encodes what Next writes to `res` for the client's `Accept-Encoding` (br first, then gzip) and
 * asks Next for the identity coding. Call once per request, after the micro-cache has recorded
 * the request's `Accept-Encoding` and before {@link holdPublicPage}.
 */
export function encodeAnswer(req: IncomingMessage, res: ServerResponse): void {
  const accept = req.headers['accept-encoding'];
  delete req.headers['accept-encoding'];
  if (typeof accept !== 'string') return;
  // What the middleware negotiates with; `br` is taken out for a private answer once its headers
  // are known (the middleware negotiates when the head is written).
  const asked = { method: req.method, headers: { 'accept-encoding': accept } };
  // The middleware reads only the method and Accept-Encoding of its request.
  compress(asked as never, res as never, () => {});
  const patched = res as unknown as Patchable;
  const compressedHead = patched.writeHead;
  patched.writeHead = function (status, ...rest) {
    patched.writeHead = compressedHead;
    const headers = rest.find((arg) => typeof arg === 'object' && arg !== null && !Array.isArray(arg));
    if (headers) setAll(this, headers as Record<string, unknown>);
    if (isPrivate((name) => this.getHeader(name))) asked.headers['accept-encoding'] = withoutBrotli(accept);
    return compressedHead.call(this, status, ...rest.filter((arg) => arg !== headers));
  };
}

/** An Accept-Encoding value without its `br` entry. */
export function withoutBrotli(accept: string): string {
  return accept
    .split(',')
    .filter((entry) => entry.split(';')[0]?.trim().toLowerCase() !== 'br')
    .join(',');
}

/**
 * Holds a cacheable public page (see {@link isPublicPage}) until it is complete, sends it with its
 * weak ETag, or 304 without a body when the request's `If-None-Match` names it. Other answers pass
 * through untouched. Only GET requests for documents; call last before handing the request to Next.
 */
export function holdPublicPage(req: IncomingMessage, res: ServerResponse): void {
  if (req.method !== 'GET' || NAVIGATION.some((name) => name in req.headers)) return;
  const ifNoneMatch = req.headers['if-none-match'];
  const patched = res as unknown as Patchable;
  const inner: Patchable = { writeHead: patched.writeHead, write: patched.write, end: patched.end };
  const restore = () => Object.assign(res, inner);
  let chunks: Buffer[] = [];
  let holding = false;
  patched.writeHead = function (status, ...rest) {
    if (holding) {
      // The same head again (an implicit header, flushHeaders) changes nothing; another status
      // (the request deadline's 503) replaces the page being held.
      if (status === this.statusCode) return this;
      holding = false;
      chunks = [];
    }
    const headers = rest.find((arg) => typeof arg === 'object' && arg !== null);
    if (headers && !Array.isArray(headers)) setAll(this, headers as Record<string, unknown>);
    if (!Array.isArray(headers) && isPublicPage(status, (name) => this.getHeader(name))) {
      holding = true;
      this.statusCode = status;
      return this;
    }
    restore();
    return inner.writeHead.call(this, status, ...rest.filter((arg) => typeof arg !== 'object' || Array.isArray(arg)));
  };
  patched.write = function (chunk, encoding, callback) {
    if (!holding && !this.headersSent) this.writeHead(this.statusCode);
    if (!holding) return inner.write.call(this, chunk, encoding, callback);
    keep(chunks, chunk, encoding);
    const done = [encoding, callback].find((arg) => typeof arg === 'function');
    if (typeof done === 'function') queueMicrotask(() => done());
    return true;
  };
  patched.end = function (chunk, encoding, callback) {
    if (!holding && !this.headersSent) this.writeHead(this.statusCode);
    if (!holding) return inner.end.call(this, chunk, encoding, callback);
    keep(chunks, chunk, encoding);
    holding = false;
    restore();
    const body = Buffer.concat(chunks);
    chunks = [];
    const etag = weakEtag(body);
    this.setHeader('etag', etag);
    // Issue #30: the page's LCP pictures announced before the browser parses the document.
    const preload = this.hasHeader('link') ? null : lcpPreloadLink(body);
    if (preload) this.setHeader('link', preload);
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
function setAll(res: ServerResponse, headers: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined) res.setHeader(name, value as string | number | readonly string[]);
}

function keep(chunks: Buffer[], chunk: unknown, encoding: unknown): void {
  if (chunk == null || typeof chunk === 'function') return;
  chunks.push(
    typeof chunk === 'string'
      ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
      : Buffer.from(chunk as Uint8Array),
  );
}
