/**
 * Issue #28 item 9: the storefront server relays the feeds before Next, so the API's built gzip
 * and brotli copies go out once compressed, with their length and validators (Next's route
 * handlers drop Content-Encoding: a copy passed through Next went out compressed twice).
 */
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import { Readable, Writable } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  activeFeedDownloads,
  FEED_DOWNLOAD_RATE_KBPS_DEFAULT,
  FEED_DOWNLOADS_DEFAULT,
  pipePaced,
  readFeedRelaySettings,
  relayFeedRequest,
  type FeedRelaySettings,
} from './feed-relay.ts';
import type { AddressInfo } from 'node:net';

const XML = '<?xml version="1.0"?><yml_catalog>' + '<offer>Платье</offer>'.repeat(5000) + '</yml_catalog>';
const BR = brotliCompressSync(XML);
const GZ = gzipSync(XML);

let api: Server;
let shop: Server;
let shopUrl: string;
let seen: IncomingHttpHeaders;
let mode: 'ok' | 'building' | 'missing' | 'big' = 'ok';
/** The relay's settings in these tests (unpaced unless a test sets them). */
let relaySettings: FeedRelaySettings = { bytesPerSecond: 0, maxDownloads: 0 };
/** A plain body of 512 KiB for mode 'big', and when the API wrote its last byte. */
const BIG = Buffer.alloc(512 * 1024, 'a');
let bigWritten = 0;

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
    if (mode === 'big') {
      res.writeHead(200, { 'content-type': 'application/xml', 'content-length': String(BIG.length) });
      return void res.end(BIG, () => (bigWritten = performance.now()));
    }
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
    if (!relayFeedRequest(req, res, apiUrl, relaySettings)) res.writeHead(418).end('not a feed');
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

describe('feed downloads are background traffic (issue #28)', () => {
  afterEach(() => {
    vi.useRealTimers();
    relaySettings = { bytesPerSecond: 0, maxDownloads: 0 };
    mode = 'ok';
  });

  it('reads FEED_DOWNLOAD_RATE_KBPS and FEED_DOWNLOADS, 0 meaning no limit, and refuses bad values', () => {
    expect(readFeedRelaySettings({})).toEqual({
      bytesPerSecond: FEED_DOWNLOAD_RATE_KBPS_DEFAULT * 1024,
      maxDownloads: FEED_DOWNLOADS_DEFAULT,
    });
    expect(readFeedRelaySettings({ FEED_DOWNLOAD_RATE_KBPS: '0', FEED_DOWNLOADS: '' })).toEqual({
      bytesPerSecond: 0,
      maxDownloads: FEED_DOWNLOADS_DEFAULT,
    });
    expect(readFeedRelaySettings({ FEED_DOWNLOAD_RATE_KBPS: '1024', FEED_DOWNLOADS: '2' }).bytesPerSecond).toBe(
      1024 * 1024,
    );
    expect(() => readFeedRelaySettings({ FEED_DOWNLOAD_RATE_KBPS: '4 MB' })).toThrow(/FEED_DOWNLOAD_RATE_KBPS="4 MB"/);
    expect(() => readFeedRelaySettings({ FEED_DOWNLOADS: '-1' })).toThrow(/FEED_DOWNLOADS/);
  });

  it('paces a download: N bytes at R bytes/s end at N/R, never ahead of the schedule (fake time)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const chunk = 16 * 1024;
    const chunks = 64; // 1 MiB
    const rate = 256 * 1024;
    const start = Date.now();
    const arrivals: { at: number; bytes: number }[] = [];
    let bytes = 0;
    const dest = new Writable({
      write(data: Buffer, _encoding, callback) {
        bytes += data.length;
        arrivals.push({ at: Date.now() - start, bytes });
        callback();
      },
    });
    const finished = new Promise((resolve) => dest.on('finish', resolve));
    const source = Readable.from(
      (function* () {
        for (let i = 0; i < chunks; i += 1) yield Buffer.alloc(chunk, i);
      })(),
      { objectMode: false },
    );
    pipePaced(source, dest, { bytesPerSecond: rate, now: () => Date.now() });
    await vi.advanceTimersByTimeAsync(10_000);
    await finished;
    expect(bytes).toBe(chunk * chunks);
    // Each chunk went out no earlier than its share of the rate allows (the first at once).
    for (const { at, bytes: upTo } of arrivals) expect(at).toBeGreaterThanOrEqual(((upTo - chunk) / rate) * 1000 - 1);
    // And the pacing does not lag: the last chunk left at (N − one chunk) / R, ≈ 3.94 s.
    expect(arrivals.at(-1)!.at).toBeLessThanOrEqual(((chunk * chunks) / rate) * 1000);
    expect(arrivals.at(-1)!.at).toBeGreaterThanOrEqual(3900);
  });

  it('keeps at most one chunk above the high-water mark of a slow client in the relay', async () => {
    const chunk = 64 * 1024;
    let maxQueued = 0;
    let pulled = 0;
    const dest = new Writable({
      highWaterMark: 16 * 1024,
      write(_data, _encoding, callback) {
        setImmediate(callback);
      },
    });
    const source = new Readable({
      highWaterMark: chunk,
      read() {
        pulled += 1;
        // What the relay holds: unread bytes of the source, and bytes waiting in the client's stream.
        maxQueued = Math.max(maxQueued, dest.writableLength + this.readableLength);
        this.push(pulled > 200 ? null : Buffer.alloc(chunk));
      },
    });
    const finished = new Promise((resolve) => dest.on('finish', resolve));
    // A rate far above what the client takes: backpressure alone holds the source back.
    pipePaced(source, dest, { bytesPerSecond: 1024 ** 3 });
    await finished;
    expect(pulled).toBe(201);
    expect(maxQueued).toBeLessThanOrEqual(chunk + 16 * 1024 + chunk);
  });

  it('relays a feed at the configured rate, the whole body, and takes one download slot meanwhile', async () => {
    mode = 'big';
    relaySettings = { bytesPerSecond: 1024 * 1024, maxDownloads: 1 };
    const t0 = performance.now();
    const first = get('/yml.xml');
    // The second download while the first is under way: refused with Retry-After.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(activeFeedDownloads()).toBe(1);
    const second = await get('/yml.xml');
    expect(second.status).toBe(503);
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);
    expect(second.body.toString()).toContain('Повторите запрос');
    // A conditional request answered 304 is no download: not refused.
    mode = 'ok';
    expect((await get('/yml.xml', { 'if-none-match': '"f-br"' })).status).toBe(304);
    mode = 'big';
    const done = await first;
    const elapsed = performance.now() - t0;
    expect(done.status).toBe(200);
    expect(done.body.equals(BIG)).toBe(true);
    // 512 KiB at 1 MiB/s: at least (512 KiB − one 64 KiB socket read) / rate = 437 ms, however
    // idle the machine (a lower bound only: load can only make it slower).
    expect(elapsed).toBeGreaterThanOrEqual(400);
    expect(activeFeedDownloads()).toBe(0);
    expect(bigWritten).toBeGreaterThan(0);
  });
});
