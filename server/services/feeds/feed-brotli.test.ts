/**
 * Issue #28 "/yml.xml at 100,000 products rebuilt ≤ 10 s after a change": the brotli copy (1.5 GB
 * of XML through brotli, about 5 s) is made after the XML and gzip are published. Meanwhile the
 * feed is served in gzip; a brotli copy is served only when it was made from the current build's
 * XML, never an older build's body under the new ETag. The copy is held back here by a gate on
 * `writeBrotliCopy`, so the window is not a matter of timing.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { feedCoding } from '../../routes/feeds/feeds.handlers';
import { createTestApi, type TestApi } from '../../test-utils';
import { brotliReady, FeedFiles, startFeedFiles, type BuiltFeed } from './feed-files';

/** Brotli copies wait for `gate.open` (a new promise each time the test closes it). */
const gate = vi.hoisted(() => {
  const state = { wait: Promise.resolve(), open: () => {}, close: () => {}, started: 0 };
  state.close = () => {
    state.wait = new Promise<void>((resolve) => (state.open = resolve));
  };
  return state;
});

vi.mock('./feed-writer', async (importOriginal) => {
  const real = await importOriginal<typeof import('./feed-writer')>();
  return {
    ...real,
    writeBrotliCopy: async (...args: Parameters<typeof real.writeBrotliCopy>) => {
      gate.started += 1;
      await gate.wait;
      return real.writeBrotliCopy(...args);
    },
  };
});

const YML = '/api/v1/feeds/yml.xml';
let api: TestApi;
let dir: string;
let files: FeedFiles;

async function get(headers: Record<string, string>) {
  const res = await api.app.request(YML, { headers });
  return { res, body: Buffer.from(await res.arrayBuffer()) };
}

/** Waits until `name` has a build other than `not` (builds are published before brotli). */
async function published(not?: BuiltFeed): Promise<BuiltFeed> {
  for (let i = 0; i < 600; i += 1) {
    const feed = files.feed('yml.xml');
    if (feed && feed.hash !== not?.hash) return feed;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('no new build');
}

beforeAll(async () => {
  gate.close();
  api = await createTestApi(20);
  dir = await mkdtemp(path.join(tmpdir(), 'feed-brotli-test-'));
  files = startFeedFiles(api.handle.db, {
    dir,
    intervalMs: 0,
    siteUrl: 'https://shop.example.ru',
    shopName: 'Тест',
  });
}, 120_000);

afterAll(async () => {
  gate.open();
  await files?.stop();
  await api?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('brotli copy made after publishing (issue #28)', () => {
  it('offers br only when the build has its own copy', () => {
    expect(feedCoding('gzip, deflate, br', true)).toBe('br');
    expect(feedCoding('gzip, deflate, br', false)).toBe('gzip');
    expect(feedCoding('br', false)).toBe('identity');
  });

  it('serves gzip while the copy is made, then br under the same build’s ETag', async () => {
    const feed = await published();
    expect(brotliReady(feed)).toBe(false);
    const gz = await get({ 'accept-encoding': 'gzip, deflate, br' });
    expect(gz.res.status).toBe(200);
    expect(gz.res.headers.get('content-encoding')).toBe('gzip');
    expect(gz.res.headers.get('etag')).toBe(`"${feed.hash}-gz"`);
    const xml = gunzipSync(gz.body);
    // A client that takes brotli alone is asked to come back shortly, not sent another build's.
    const onlyBr = await get({ 'accept-encoding': 'br, identity;q=0' });
    expect(onlyBr.res.status).toBe(503);
    expect(onlyBr.res.headers.get('retry-after')).toBe('10');
    // The manifest on disk names no brotli copy yet.
    const manifest = JSON.parse(await readFile(path.join(dir, 'yml.json'), 'utf8')) as BuiltFeed;
    expect(manifest.hash).toBe(feed.hash);
    expect(brotliReady(manifest)).toBe(false);

    gate.open();
    await files.idle();
    const withBr = files.feed('yml.xml')!;
    expect(withBr.hash).toBe(feed.hash);
    expect(withBr.files.br.of).toBe(feed.hash);
    const br = await get({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.res.headers.get('content-encoding')).toBe('br');
    expect(br.res.headers.get('etag')).toBe(`"${feed.hash}-br"`);
    expect(Number(br.res.headers.get('content-length'))).toBe(br.body.length);
    expect(brotliDecompressSync(br.body).equals(xml)).toBe(true);
    expect(brotliReady(JSON.parse(await readFile(path.join(dir, 'yml.json'), 'utf8')) as BuiltFeed)).toBe(true);
  }, 60_000);

  it('after a change, never the previous build’s brotli body: gzip of the new build until its own copy', async () => {
    const old = files.feed('yml.xml')!;
    expect(brotliReady(old)).toBe(true);
    gate.close();
    const started = gate.started;
    const [product] = await api.handle.db
      .execute(sql`select id from products order by id limit 1`)
      .then((r) => (r as unknown as { rows: { id: number }[] }).rows);
    await api.handle.db.execute(sql`update products set price = 54321 where id = ${product!.id}`);
    files.markDirty();
    const feed = await published(old);
    expect(brotliReady(feed)).toBe(false);
    const res = await get({ 'accept-encoding': 'br' });
    expect(res.res.headers.get('content-encoding')).toBeNull();
    expect(res.res.headers.get('etag')).toBe(`"${feed.hash}"`);
    const gz = await get({ 'accept-encoding': 'gzip, br' });
    expect(gz.res.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toContain('<price>54321</price>');
    // The old build's ETag in brotli is no longer current: a client holding it gets the new body.
    const again = await get({ 'accept-encoding': 'gzip, br', 'if-none-match': `"${old.hash}-br"` });
    expect(again.res.status).toBe(200);
    expect(again.res.headers.get('etag')).toBe(`"${feed.hash}-gz"`);

    gate.open();
    await files.idle();
    expect(gate.started).toBeGreaterThan(started);
    const br = await get({ 'accept-encoding': 'br' });
    expect(br.res.headers.get('etag')).toBe(`"${files.feed('yml.xml')!.hash}-br"`);
    expect(brotliDecompressSync(br.body).toString()).toContain('<price>54321</price>');
  }, 60_000);

  it('a copy of a build superseded meanwhile is not published over the newer build', async () => {
    gate.close();
    const old = files.feed('yml.xml')!;
    const [product] = await api.handle.db
      .execute(sql`select id from products order by id limit 1`)
      .then((r) => (r as unknown as { rows: { id: number }[] }).rows);
    await api.handle.db.execute(sql`update products set price = 54322 where id = ${product!.id}`);
    files.markDirty();
    const first = await published(old);
    await api.handle.db.execute(sql`update products set price = 54323 where id = ${product!.id}`);
    files.markDirty();
    const second = await published(first);
    gate.open();
    await files.idle();
    const current = files.feed('yml.xml')!;
    expect(current.hash).toBe(second.hash);
    expect(current.files.br.of).toBe(second.hash);
    const br = await get({ 'accept-encoding': 'br' });
    expect(brotliDecompressSync(br.body).toString()).toContain('<price>54323</price>');
  }, 60_000);
});
