/**
 * Issue #15 "feeds out", issue #28 item 9: the storefront's /yml.xml and /google-merchant.xml relay
 * the shop API's answer byte for byte — compressed bodies stay compressed, validators, 304 and
 * Content-Length pass through, a long download is never cut; a backend without the feed gives a
 * clear 404, one without a feed yet or an unreachable one a 503 to retry.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relayFeed } from './relay-feed';
import type { AddressInfo } from 'node:net';

const XML = '<?xml version="1.0"?><yml_catalog>' + '<offer/>'.repeat(5000) + '</yml_catalog>';
const GZ = gzipSync(XML);

let server: Server;
let base: string;
let seen: IncomingHttpHeaders;

beforeAll(async () => {
  server = createServer((req, res) => {
    seen = req.headers;
    if (req.url === '/missing') return void res.writeHead(404).end('{"status":"error"}');
    if (req.url === '/building') return void res.writeHead(503, { 'retry-after': '30' }).end('Фид ещё собирается');
    if (req.url === '/broken') return void res.writeHead(500).end('x');
    const common = { etag: '"abc-gz"', 'last-modified': 'Tue, 01 Dec 2026 10:00:00 GMT', vary: 'Accept-Encoding' };
    if (req.headers['if-none-match'] === '"abc-gz"') return void res.writeHead(304, common).end();
    if (req.url === '/slow') {
      // Streams for longer than the wait for the answer's head.
      res.writeHead(200, { 'content-type': 'application/xml; charset=utf-8' });
      res.write('<rss>');
      setTimeout(() => res.end('</rss>'), 300);
      return;
    }
    if (req.headers['accept-encoding'] !== 'identity') {
      res.writeHead(200, { ...common, 'content-encoding': 'gzip', 'content-length': String(GZ.length) });
      return void res.end(GZ);
    }
    res.writeHead(200, {
      ...common,
      etag: '"abc"',
      'content-type': 'application/xml; charset=utf-8',
      'content-length': String(Buffer.byteLength(XML)),
      'cache-control': 'public, max-age=0, s-maxage=300',
    });
    res.end(XML);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const request = (headers: Record<string, string> = {}) => new Request('http://shop.test/yml.xml', { headers });

describe('relayFeed', () => {
  it('asks the API for the plain feed (Next drops Content-Encoding) and passes validators and cache header', async () => {
    const res = await relayFeed('yml.xml', request({ 'accept-encoding': 'gzip, br' }), { url: `${base}/feed` });
    expect(seen['accept-encoding']).toBe('identity');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('etag')).toBe('"abc"');
    expect(res.headers.get('last-modified')).toBe('Tue, 01 Dec 2026 10:00:00 GMT');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=300');
    // The XML itself: whatever compresses it next compresses it once.
    expect(await res.text()).toBe(XML);
  });

  it('passes If-None-Match on and the 304 back without a body', async () => {
    const res = await relayFeed('yml.xml', request({ 'if-none-match': '"abc-gz"' }), { url: `${base}/feed` });
    expect(seen['if-none-match']).toBe('"abc-gz"');
    expect(res.status).toBe(304);
    expect(res.headers.get('etag')).toBe('"abc-gz"');
    expect(await res.text()).toBe('');
  });

  it('does not cut a feed that streams after its head', async () => {
    const res = await relayFeed('google-merchant.xml', request(), { url: `${base}/slow` });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('<rss></rss>');
  });

  it('says in Russian that a backend without feeds has none (404), never an empty feed', async () => {
    const res = await relayFeed('google-merchant.xml', request(), { url: `${base}/missing` });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('text/plain');
    expect(await res.text()).toContain('Фид не настроен');
  });

  it('answers 503 with Retry-After before the first build, when the API fails or cannot be reached', async () => {
    const building = await relayFeed('yml.xml', request(), { url: `${base}/building` });
    expect(building.status).toBe(503);
    expect(building.headers.get('retry-after')).toBe('30');
    expect(await building.text()).toContain('собирается');
    expect((await relayFeed('yml.xml', request(), { url: `${base}/broken` })).status).toBe(503);
    const down = await relayFeed('yml.xml', request(), { url: 'http://127.0.0.1:1/feed' });
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe('60');
  });
});
