/**
 * Conditional GET and brotli in front of Next (issue #14 item 9, storefront-server/serve.ts), against a
 * stand-in for Next that answers as Next does: identity coding when no Accept-Encoding reaches it,
 * public pages with s-maxage, private ones with a cookie, streamed pages in chunks.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawGet } from './http-get.test-helper.ts';
import { PageMicroCache } from './page-micro-cache.ts';
import { encodeAnswer, etagMatches, holdPublicPage, isPublicPage, weakEtag, withoutBrotli } from './page-validators.ts';
import { armDeadline } from './request-deadline.ts';
import { quoteEtag, SingleLocationResponse, unquoteImageValidators } from './storefront-response.ts';
import type { AddressInfo } from 'node:net';

const PAGE = `<!DOCTYPE html><html lang="ru"><body>${'<a href="/kupalniki">Купальники</a>'.repeat(200)}</body></html>`;
let server: Server<typeof IncomingMessage, typeof SingleLocationResponse>;
let port = 0;
/** Accept-Encoding values the stand-in for Next saw (it must see none). */
const seenByNext: Array<string | undefined> = [];
let microCache: PageMicroCache;

beforeAll(async () => {
  microCache = new PageMicroCache({ maxAgeMs: 60_000 });
  server = createServer({ ServerResponse: SingleLocationResponse }, (req, res) => {
    if (req.url?.startsWith('/cached') && microCache.serve(req, res)) return;
    if (req.url?.startsWith('/cached')) microCache.capture(req, res);
    encodeAnswer(req, res);
    holdPublicPage(req, res);
    unquoteImageValidators(req);
    seenByNext.push(req.headers['accept-encoding']);
    const path = req.url ?? '/';
    if (path.startsWith('/_next/image')) {
      // Next's optimizer: a bare hash, 304 when If-None-Match holds it bare
      res.setHeader('ETag', 'AbC-123_x');
      res.setHeader('content-type', 'image/avif');
      if (req.headers['if-none-match'] === 'AbC-123_x') {
        res.statusCode = 304;
        res.end();
        return;
      }
      res.end(Buffer.alloc(2000, 1));
      return;
    }
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.setHeader('vary', 'rsc, next-router-state-tree, Accept-Encoding');
    if (path.startsWith('/private')) {
      res.setHeader('cache-control', 'private, no-cache, no-store, max-age=0, must-revalidate');
      res.setHeader('set-cookie', 'token=x; Path=/; HttpOnly');
    } else {
      res.setHeader('cache-control', 's-maxage=300, stale-while-revalidate=31535700');
    }
    if (path.startsWith('/late')) {
      // issue #12 request deadline: a page still held when it passes is replaced by the 503 page
      armDeadline(res, 50, (late) => {
        late.writeHead(503, { 'content-type': 'text/html; charset=utf-8', 'retry-after': '5' });
        late.end('Сервис перегружен');
      });
      res.writeHead(200);
      res.write(PAGE.slice(0, 1000));
      setTimeout(() => res.end(PAGE.slice(1000)), 150);
      return;
    }
    if (path.startsWith('/streamed')) {
      res.writeHead(200);
      res.write(PAGE.slice(0, 1000));
      setTimeout(() => res.end(PAGE.slice(1000)), 20);
      return;
    }
    res.end(PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => server?.close());

function get(path: string, headers: Record<string, string> = {}) {
  return rawGet(port, path, headers);
}

/** The body as the client reads it after undoing its content coding. */
function decoded(res: { headers: IncomingHttpHeaders; body: Buffer }): string {
  const coding = res.headers['content-encoding'];
  const raw = coding === 'br' ? brotliDecompressSync(res.body) : coding === 'gzip' ? gunzipSync(res.body) : res.body;
  return raw.toString('utf8');
}

describe('public pages: weak ETag and 304 (issue #14 item 9)', () => {
  it('sends a weak ETag of the page and 304 without a body when If-None-Match names it', async () => {
    const first = await get('/kupalniki');
    expect(first.status).toBe(200);
    expect(first.headers.etag).toBe(weakEtag(Buffer.from(PAGE)));
    expect(first.headers['content-length']).toBe(String(Buffer.byteLength(PAGE)));
    const again = await get('/kupalniki', { 'if-none-match': first.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['cache-control']).toContain('s-maxage=300');
    // a changed page: the old validator no longer matches
    expect((await get('/kupalniki', { 'if-none-match': 'W/"old"' })).status).toBe(200);
  });

  it('keeps the ETag across codings: a page fetched with gzip validates a brotli request', async () => {
    const gzip = await get('/kupalniki', { 'accept-encoding': 'gzip' });
    const br = await get('/kupalniki', { 'accept-encoding': 'br' });
    expect(gzip.headers.etag).toBe(br.headers.etag);
    expect((await get('/kupalniki', { 'accept-encoding': 'br', 'if-none-match': gzip.headers.etag! })).status).toBe(
      304,
    );
  });

  it('holds a streamed public page until it is complete, then validates it the same way', async () => {
    const streamed = await get('/streamed');
    expect(streamed.body.toString()).toBe(PAGE);
    expect(streamed.headers.etag).toBe(weakEtag(Buffer.from(PAGE)));
  });

  it('sends the 503 of the request deadline in place of a page still held when the deadline passes', async () => {
    const res = await get('/late', { 'accept-encoding': 'br' });
    expect(res.status).toBe(503);
    expect(res.headers.etag).toBeUndefined();
    expect(decoded(res)).toBe('Сервис перегружен');
  });

  it('gives private pages and answers with a cookie no ETag and no 304', async () => {
    const res = await get('/private/lk', { 'if-none-match': '*' });
    expect(res.status).toBe(200);
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers['set-cookie']).toBeDefined();
  });

  it('answers 304 from the micro-cache too, with the stored ETag', async () => {
    const first = await get('/cached/odezhda', { 'accept-encoding': 'br' });
    const hit = await get('/cached/odezhda', { 'accept-encoding': 'br', 'if-none-match': first.headers.etag! });
    expect(hit.headers['x-micro-cache']).toBe('HIT');
    expect(hit.status).toBe(304);
    expect(hit.body.length).toBe(0);
    const full = await get('/cached/odezhda', { 'accept-encoding': 'br' });
    expect(full.headers['x-micro-cache']).toBe('HIT');
    expect(full.headers['content-encoding']).toBe('br');
    expect(decoded(full)).toBe(PAGE);
  });
});

describe('content coding: brotli where asked, gzip otherwise (issue #14 item 9)', () => {
  it('sends brotli to a client that accepts it, gzip to one that does not, identity to none', async () => {
    const br = await get('/kupalniki', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(decoded(br)).toBe(PAGE);
    expect(br.body.length).toBeLessThan(Buffer.byteLength(PAGE) / 5);
    const gzip = await get('/kupalniki', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip)).toBe(PAGE);
    const none = await get('/kupalniki');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body.toString()).toBe(PAGE);
    // Next itself never compresses: it gets no Accept-Encoding
    expect(seenByNext.every((value) => value === undefined)).toBe(true);
  });

  it('keeps private answers and answers that set a cookie on gzip', async () => {
    const res = await get('/private/lk', { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(decoded(res)).toBe(PAGE);
  });
});

describe('/_next/image validators (issue #14 item 9)', () => {
  it('quotes the bare hash Next sends and still answers 304 to the quoted If-None-Match', async () => {
    const first = await get('/_next/image?url=%2Fmedia%2Fa.jpg&w=390&q=75');
    expect(first.headers.etag).toBe('"AbC-123_x"');
    const again = await get('/_next/image?url=%2Fmedia%2Fa.jpg&w=390&q=75', { 'if-none-match': first.headers.etag! });
    expect(again.status).toBe(304);
  });

  it('leaves quoted and weak tags alone', () => {
    expect(quoteEtag('W/"abc"')).toBe('W/"abc"');
    expect(quoteEtag('"abc"')).toBe('"abc"');
    expect(quoteEtag('abc')).toBe('"abc"');
  });
});

describe('helpers', () => {
  it('compares entity tags weakly and understands lists and *', () => {
    expect(etagMatches('W/"a"', '"a"')).toBe(true);
    expect(etagMatches('"b", W/"a"', 'W/"a"')).toBe(true);
    expect(etagMatches('*', 'W/"a"')).toBe(true);
    expect(etagMatches('"b"', 'W/"a"')).toBe(false);
    expect(etagMatches(undefined, 'W/"a"')).toBe(false);
  });

  it('tells public pages from the rest', () => {
    const headers = (h: Record<string, string>) => (name: string) => h[name];
    expect(
      isPublicPage(200, headers({ 'content-type': 'text/html; charset=utf-8', 'cache-control': 's-maxage=300' })),
    ).toBe(true);
    expect(isPublicPage(200, headers({ 'content-type': 'text/html', 'cache-control': 'public, max-age=60' }))).toBe(
      true,
    );
    expect(isPublicPage(200, headers({ 'content-type': 'text/html', 'cache-control': 'private, s-maxage=1' }))).toBe(
      false,
    );
    expect(
      isPublicPage(200, headers({ 'content-type': 'text/html', 'cache-control': 's-maxage=1', 'set-cookie': 'a=1' })),
    ).toBe(false);
    expect(isPublicPage(200, headers({ 'content-type': 'text/x-component', 'cache-control': 's-maxage=1' }))).toBe(
      false,
    );
    expect(isPublicPage(404, headers({ 'content-type': 'text/html', 'cache-control': 's-maxage=1' }))).toBe(false);
  });

  it('takes br out of an Accept-Encoding list', () => {
    expect(withoutBrotli('gzip, deflate, br, zstd')).toBe('gzip, deflate, zstd');
    expect(withoutBrotli('br;q=1.0, gzip;q=0.8')).toBe(' gzip;q=0.8');
  });

  it('does not touch If-None-Match outside /_next/image', () => {
    const req = { url: '/kupalniki', headers: { 'if-none-match': '"abc"' } };
    unquoteImageValidators(req as never);
    expect(req.headers['if-none-match']).toBe('"abc"');
  });
});
