/**
 * Issue #28 item 9 "feeds out are fast": the feeds are files built after catalogue changes
 * (coalesced) and served as static files by GET /api/v1/feeds/*: 503 before the first build,
 * `ETag` / `Last-Modified` and 304, the brotli or gzip copy the client accepts, `Content-Length`.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readServerEnv } from '../../env';
import { createTestApi, type TestApi } from '../../test-utils';
import { startChangeEvents, type ChangeEvents } from '../change-events';
import { FeedFiles, startFeedFiles } from './feed-files';
import type { AddressInfo } from 'node:net';

const SITE = readServerEnv().SITE_URL;
const YML = '/api/v1/feeds/yml.xml';
/** Shortest time between two builds in these tests, ms. */
const INTERVAL_MS = 3000;

let api: TestApi;
let dir: string;
let files: FeedFiles;
let events: ChangeEvents;
const built: string[] = [];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await api.app.request(url, { headers });
  return { res, body: Buffer.from(await res.arrayBuffer()) };
}

beforeAll(async () => {
  api = await createTestApi(40);
  dir = await mkdtemp(path.join(tmpdir(), 'feed-files-test-'));
  files = startFeedFiles(api.handle.db, {
    dir,
    intervalMs: INTERVAL_MS,
    siteUrl: SITE,
    shopName: 'Тест',
    onBuilt: (feed) => built.push(feed.name),
  });
  events = await startChangeEvents(api.handle, { pollMs: 60_000, onRound: () => files.markDirty() });
}, 120_000);

afterAll(async () => {
  await events?.stop();
  await files?.stop();
  await api?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('feed files (issue #28 item 9)', () => {
  it('answers 503 with Retry-After and a Russian message before the first build, never a partial feed', async () => {
    // startFeedFiles began the first build; it has not finished yet (it reads the database).
    const { res, body } = await get(YML);
    expect(res.status).toBe(503);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(body.toString()).toMatch(/Фид ещё собирается/);
    await files.idle();
    expect(built.sort()).toEqual(['google-merchant.xml', 'yml.xml']);
  });

  it('serves the built file with ETag, Last-Modified, Content-Length and Vary', async () => {
    const { res, body } = await get(YML);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(res.headers.get('etag')).toMatch(/^"[\w-]{27}"$/);
    expect(new Date(res.headers.get('last-modified')!).getTime()).toBeGreaterThan(Date.now() - 120_000);
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(Number(res.headers.get('content-length'))).toBe(body.length);
    const xml = body.toString('utf8');
    expect(xml.startsWith('<?xml')).toBe(true);
    expect(xml.trimEnd().endsWith('</yml_catalog>')).toBe(true);
    expect(xml).toContain('<offer ');
  });

  it('answers 304 without a body to If-None-Match naming the ETag, and to a later If-Modified-Since', async () => {
    const first = await get(YML);
    const etag = first.res.headers.get('etag')!;
    const again = await get(YML, { 'if-none-match': etag });
    expect(again.res.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.res.headers.get('etag')).toBe(etag);
    // Another validator: the whole feed.
    expect((await get(YML, { 'if-none-match': '"something-else"' })).res.status).toBe(200);
    const lastModified = first.res.headers.get('last-modified')!;
    expect((await get(YML, { 'if-modified-since': lastModified })).res.status).toBe(304);
    const before = new Date(Date.parse(lastModified) - 60_000).toUTCString();
    expect((await get(YML, { 'if-modified-since': before })).res.status).toBe(200);
  });

  it('sends the brotli or gzip copy the client accepts, the same XML, each with its own ETag', async () => {
    const plain = await get(YML);
    const br = await get(YML, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.res.headers.get('content-encoding')).toBe('br');
    expect(Number(br.res.headers.get('content-length'))).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    const gz = await get(YML, { 'accept-encoding': 'gzip' });
    expect(gz.res.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    const etags = new Set([plain, br, gz].map((r) => r.res.headers.get('etag')));
    expect(etags.size).toBe(3);
    // The compressed copy's validator answers 304 for that coding.
    const cached = await get(YML, { 'accept-encoding': 'br', 'if-none-match': br.res.headers.get('etag')! });
    expect(cached.res.status).toBe(304);
    expect(cached.res.headers.get('content-encoding')).toBe('br');
    // q-values: gzip preferred over br.
    expect((await get(YML, { 'accept-encoding': 'br;q=0.5, gzip' })).res.headers.get('content-encoding')).toBe('gzip');
  });

  it('pipes the file into the socket under @hono/node-server, with its length and coding', async () => {
    const server = serve({ fetch: api.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${YML}`;
      const plain = await get(YML);
      const raw = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
        request(url, { headers: { 'accept-encoding': 'br' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
          .on('error', reject)
          .end();
      });
      expect(raw.headers['content-encoding']).toBe('br');
      expect(raw.headers.etag).toMatch(/-br"$/);
      expect(Number(raw.headers['content-length'])).toBe(raw.body.length);
      expect(brotliDecompressSync(raw.body).equals(plain.body)).toBe(true);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('rebuilds once after a burst of catalogue changes, not before the interval, with the change in it', async () => {
    // A build that has just begun: the interval counts from it.
    files.markDirty();
    await files.idle();
    const before = files.builds;
    const etagBefore = (await get(YML)).res.headers.get('etag');
    const [product] = await api.handle.db
      .execute(sql`select id from products order by id limit 1`)
      .then((r) => (r as unknown as { rows: { id: number }[] }).rows);
    // Three changes, each its own change-event round.
    for (const price of [12_345, 12_346, 12_347]) {
      await api.handle.db.execute(sql`update products set price = ${price} where id = ${product!.id}`);
      await events.flush();
    }
    // The last build began less than INTERVAL_MS ago: the rebuild waits for it.
    expect(files.builds).toBe(before);
    await files.idle();
    expect(files.builds).toBe(before + 1);
    // And nothing more follows on its own.
    await sleep(INTERVAL_MS + 300);
    await files.idle();
    expect(files.builds).toBe(before + 1);
    const after = await get(YML);
    expect(after.res.headers.get('etag')).not.toBe(etagBefore);
    expect(after.body.toString()).toContain('<price>12347</price>');
    expect(after.body.toString()).not.toContain('<price>12346</price>');
  }, 30_000);

  it('leaves no temporary files and keeps the files of the build it serves', async () => {
    expect((await readdir(dir)).filter((n) => n.endsWith('.tmp'))).toEqual([]);
    const current = files.feed('yml.xml')!;
    expect(await readdir(dir)).toContain(current.files.br.file);
    const pieces = await readdir(files.segmentDir('yml.xml'));
    expect(pieces.filter((n) => n.endsWith('.tmp'))).toEqual([]);
    for (const part of current.parts) expect(pieces).toEqual(expect.arrayContaining([`${part}.xml`, `${part}.gz`]));
  });
});
