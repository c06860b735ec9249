/**
 * Issue #28 item 9: the storefront server relays the feeds before Next, so the API's built gzip
 * and brotli copies go out once compressed, with their length and validators (Next's route
 * handlers drop Content-Encoding: a copy passed through Next went out compressed twice).
 */
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relayFeedRequest } from './feed-relay.mjs';
import type { AddressInfo } from 'node:net';

const XML = '<?xml version="1.0"?><yml_catalog>' + '<offer>Платье</offer>'.repeat(5000) + '</yml_catalog>';
const BR = brotliCompressSync(XML);
const GZ = gzipSync(XML);

let api: Server;
let shop: Server;
let shopUrl: string;
let seen: IncomingHttpHeaders;
let mode: 'ok' | 'building' | 'missing' = 'ok';

/** GET on the storefront server: status, headers and the raw (still encoded) body. */
function get(path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = request(`${shopUrl}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  api = createServer((req, res) => {
    seen = req.headers;
    if (mode === 'missing') return void res.writeHead(404).end('{}');
    if (mode === 'building') return void res.writeHead(503, { 'retry-after': '30' }).end('building');
    const common = { etag: '"f-br"', 'last-modified': 'Tue, 01 Dec 2026 10:00:00 GMT', vary: 'Accept-Encoding' };
    if (req.headers['if-none-match'] === '"f-br"') return void res.writeHead(304, common).end();
    const br = req.headers['accept-encoding']?.includes('br');
    const body = br ? BR : GZ;
    res.writeHead(200, {
      ...common,
      'content-type': 'application/xml; charset=utf-8',
      'content-encoding': br ? 'br' : 'gzip',
      'content-length': String(body.length),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
  const apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  shop = createServer((req, res) => {
    if (!relayFeedRequest(req, res, apiUrl)) res.writeHead(418).end('not a feed');
  });
  await new Promise<void>((r) => shop.listen(0, '127.0.0.1', r));
  shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => shop.close(r));
  await new Promise((r) => api.close(r));
});

describe('relayFeedRequest', () => {
  it('passes the API’s brotli copy once compressed, with its length and validators', async () => {
    mode = 'ok';
    const res = await get('/yml.xml', { 'accept-encoding': 'gzip, deflate, br' });
    expect(seen['accept-encoding']).toBe('gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-length']).toBe(String(BR.length));
    expect(res.headers.etag).toBe('"f-br"');
    expect(res.headers['last-modified']).toBe('Tue, 01 Dec 2026 10:00:00 GMT');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toContain('s-maxage=300');
    expect(brotliDecompressSync(res.body).toString()).toBe(XML);
  });

  it('answers 304 to a current copy and HEAD without a body', async () => {
    expect((await get('/google-merchant.xml', { 'if-none-match': '"f-br"' })).status).toBe(304);
    const head = await get('/yml.xml?utm=1', { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(GZ.length));
    expect(head.body.length).toBe(0);
  });

  it('says in Russian when the backend has no feed (404) or builds it (503 with Retry-After)', async () => {
    mode = 'missing';
    const missing = await get('/yml.xml');
    expect(missing.status).toBe(404);
    expect(missing.body.toString()).toContain('Фид не настроен');
    mode = 'building';
    const building = await get('/yml.xml');
    expect(building.status).toBe(503);
    expect(building.headers['retry-after']).toBe('30');
    expect(building.body.toString()).toContain('собирается');
    mode = 'ok';
  });

  it('leaves other paths and methods to the caller', async () => {
    expect((await get('/yml.xml.bak')).status).toBe(418);
    expect((await get('/yml.xml', {}, 'POST')).status).toBe(418);
  });
});
