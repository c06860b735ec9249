/**
 * Issue #28 "/yml.xml at 100,000 products rebuilt ≤ 10 s after a change": a rebuild writes only
 * the changed products again (feed-writer.ts) and must give the XML a full build gives, byte for
 * byte, in all three codings (the pieces joined, the stitched gzip, the brotli copy made from
 * them), and keeps the files of segments without a change as they are. Changes: a price, a stock level, a product removed, one added in the
 * middle of the id range and one past the end, enough products added to one segment to split it,
 * and (through FeedFiles, which then builds in full) a category renamed.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { brotliDecompressSync, crc32, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { createTestApi, type TestApi } from '../../test-utils';
import { FeedFiles, type FeedName } from './feed-files';
import {
  piecePath,
  readFeed,
  writeBrotliCopy,
  writeChangedFeed,
  writeFullFeed,
  type FeedFormat,
  type WrittenFeed,
} from './feed-writer';
import { googleHead, googleItems, googleMerchantFeed, GOOGLE_TAIL } from './google-merchant';
import { crc32Combine } from './stitched-gzip';
import { ymlFeed, ymlHead, ymlOffers, YML_TAIL, type FeedOptions } from './yml';

const SITE = 'https://shop.example.ru';
const NOW = new Date('2026-03-01T09:30:00Z');
const options: FeedOptions = { siteUrl: SITE, shopName: 'Тест', now: NOW, pageSize: 7 };
const FORMATS: Record<FeedName, [FeedFormat, (db: TestApi['handle']['db'], o: FeedOptions) => AsyncGenerator<string>]> =
  {
    'yml.xml': [{ head: ymlHead, tail: YML_TAIL, render: ymlOffers }, ymlFeed],
    'google-merchant.xml': [{ head: googleHead, tail: GOOGLE_TAIL, render: googleItems }, googleMerchantFeed],
  };

let api: TestApi;
let dir: string;
let n = 0;

async function collect(gen: AsyncGenerator<string>): Promise<string> {
  let out = '';
  for await (const chunk of gen) out += chunk;
  return out;
}

/** A fresh segment folder. */
const segmentDir = async (): Promise<string> => {
  n += 1;
  const made = path.join(dir, `segments-${n}`);
  await mkdir(made, { recursive: true });
  return made;
};

/**
 * The feed as served (the pieces joined, and the gzip copy) and its brotli copy made as
 * feed-files.ts makes it, from the XML; each must equal `expected` and the sizes the build gave.
 */
async function expectFiles(segments: string, written: WrittenFeed, expected: string) {
  const xml = await buffer(readFeed(segments, written.parts, 'identity', written.gzipEnd));
  expect(xml.toString('utf8')).toBe(expected);
  expect(xml.length).toBe(written.sizes.identity);
  const gz = await buffer(readFeed(segments, written.parts, 'gzip', written.gzipEnd));
  expect(gz.length).toBe(written.sizes.gzip);
  expect(gunzipSync(gz).equals(xml)).toBe(true);
  const br = path.join(dir, `${n}-${Math.random()}.xml.br`);
  const source = readFeed(segments, written.parts, 'identity', written.gzipEnd);
  expect(await writeBrotliCopy(source, br, xml.length)).toBeGreaterThan(0);
  expect(brotliDecompressSync(await readFile(br)).equals(xml)).toBe(true);
}

/** ms since the epoch of the last change of each file of segment `name` in `segments`. */
async function mtimes(segments: string, name: string): Promise<number[]> {
  return Promise.all(
    (['identity', 'gzip'] as const).map(async (c) => (await stat(piecePath(segments, name, c))).mtimeMs),
  );
}

async function ids(): Promise<number[]> {
  return (await rows<{ id: number }>(api.handle.db, sql`select id from products order by id`)).map((r) => r.id);
}

/** A copy of product `src` (colours, sizes, pictures) under id `id`, with its own SKUs. */
async function copyProduct(src: number, id: number, name: string) {
  const db = api.handle.db;
  await db.execute(sql`insert into products (id, slug, name, type, brand_id, category_id, description, composition, material, country, care, price, old_price, is_new, popularity, weight, search_text, created_at)
    select ${id}, slug || '-' || ${id}, ${name}, type, brand_id, category_id, description, composition, material, country, care, price, old_price, is_new, popularity, weight, search_text, created_at
    from products where id = ${src}`);
  const offers = await rows<{ id: number; color_id: number; sort: number }>(
    db,
    sql`select id, color_id, sort from offers where product_id = ${src} order by id`,
  );
  for (const offer of offers) {
    const [made] = await rows<{ id: number }>(
      db,
      sql`insert into offers (product_id, color_id, ext_id, sort) values (${id}, ${offer.color_id}, ${`C${id}-${offer.id}`}, ${offer.sort}) returning id`,
    );
    await db.execute(sql`insert into offer_features (offer_id, kind, name, ext_id, stock, sort)
      select ${made!.id}, kind, name, 'C' || ${made!.id} || '-' || id, stock, sort from offer_features where offer_id = ${offer.id}`);
    await db.execute(sql`insert into product_images (product_id, offer_id, url, alt, is_main, width, height, sort, is_placeholder)
      select ${id}, ${made!.id}, url, alt, is_main, width, height, sort, is_placeholder from product_images where offer_id = ${offer.id}`);
  }
}

beforeAll(async () => {
  api = await createTestApi(60);
  dir = await mkdtemp(path.join(tmpdir(), 'feed-writer-test-'));
}, 120_000);

afterAll(async () => {
  await api?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('stitched gzip (issue #28)', () => {
  it('combines CRC-32s as zlib does', () => {
    const a = Buffer.from('<offer id="1">Платье</offer>\n'.repeat(999));
    const b = Buffer.from('<offer id="2">Юбка & "топ"</offer>\n'.repeat(1234));
    expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(Buffer.concat([a, b])));
    expect(crc32Combine(crc32(a), 0, 0)).toBe(crc32(a));
    expect(crc32Combine(0, crc32(b), b.length)).toBe(crc32(b));
  });
});

describe('incremental feed builds equal full builds (issue #28)', () => {
  for (const name of ['yml.xml', 'google-merchant.xml'] as const) {
    it(`${name}: price, stock, removal, additions and a split segment`, async () => {
      const [format, reference] = FORMATS[name];
      const db = api.handle.db;
      // A gap of 20 ids inside one segment's range, filled after the full build: it splits.
      const before = await ids();
      const gap = before.slice(8, 28);
      await db.execute(sql`delete from products where id = any(${`{${gap.join(',')}}`}::int[])`);
      const segments = await segmentDir();
      const first = await writeFullFeed(db, format, options, segments, { segmentProducts: 8 });
      await expectFiles(segments, first, await collect(reference(db, options)));
      expect(first.layout.segments.length).toBeGreaterThan(4);
      expect(first.rendered).toBe(first.layout.products);

      const all = await ids();
      const [a, b, c, d] = [all[3]!, all[12]!, all[20]!, all[25]!];
      const top = all.at(-1)!;
      await db.execute(sql`update products set price = price + 111 where id = ${a}`);
      await db.execute(
        sql`update offer_features set stock = 0 where offer_id in (select id from offers where product_id = ${b})`,
      );
      await db.execute(sql`delete from products where id = ${c}`);
      // Re-added under the same id with other goods, and a new id past the end.
      await copyProduct(d, c, 'Вернувшееся платье');
      await copyProduct(d, top + 1, 'Новое платье & «кавычки»');
      for (const [i, id] of gap.entries()) await copyProduct(all[i]!, id, `Вставка ${i}`);
      const changed = [a, b, c, top + 1, ...gap, a];
      const untouched = first.layout.segments.at(-2)!;
      const untouchedSince = await mtimes(segments, untouched.name);
      const second = await writeChangedFeed(db, format, options, first.layout, changed);
      const expected = await collect(reference(db, options));
      expect(expected).toContain('Вернувшееся платье');
      expect(expected).toContain('Вставка 19');
      await expectFiles(segments, second, expected);
      expect(second.hash).not.toBe(first.hash);
      // A segment without a change is the same files, not written again.
      expect(second.parts).toContain(untouched.name);
      expect(await mtimes(segments, untouched.name)).toEqual(untouchedSince);
      expect(second.layout.segments.every((s) => s.ids.length <= 16)).toBe(true);
      // Only the changed products were made again; the filled gap split its segment.
      expect(second.rendered).toBe(4 + gap.length);
      expect(second.layout.segments.length).toBeGreaterThan(first.layout.segments.length);

      // A rebuild with one price changed copies everything else and renders one product.
      const one = (await ids())[5]!;
      await db.execute(sql`update products set price = price + 7 where id = ${one}`);
      const third = await writeChangedFeed(db, format, options, second.layout, [one]);
      expect(third.rendered).toBe(1);
      // One new piece; every other (the head too: the same date here) is the previous build's.
      expect(third.parts.filter((p) => !second.parts.includes(p))).toHaveLength(1);
      const again = await writeChangedFeed(db, format, options, third.layout, []);
      await expectFiles(segments, again, await collect(reference(db, options)));
      expect(again.rendered).toBe(0);
      // Nothing changed between them: the same validator.
      expect(again.hash).toBe(third.hash);
    }, 60_000);
  }
});

describe('reading a build from its pieces (issue #28)', () => {
  /** Open file descriptors of this process (Linux). */
  const openFds = async () => (await readdir('/proc/self/fd')).length;

  it('a download left mid-way closes its file; a missing piece fails the stream', async () => {
    const [format] = FORMATS['yml.xml'];
    const segments = await segmentDir();
    const built = await writeFullFeed(api.handle.db, format, options, segments, { segmentProducts: 4 });
    expect(built.parts.length).toBeGreaterThan(5);
    const fds = await openFds();
    const download = readFeed(segments, built.parts, 'gzip', built.gzipEnd);
    await new Promise((resolve) => download.once('data', resolve));
    download.destroy();
    await new Promise((resolve) => download.once('close', resolve));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await openFds()).toBe(fds);

    await rm(piecePath(segments, built.parts[3]!, 'identity'));
    await expect(buffer(readFeed(segments, built.parts, 'identity', built.gzipEnd))).rejects.toThrow(/ENOENT/);
    expect(await openFds()).toBe(fds);
  });
});

describe('FeedFiles builds incrementally from the change log (issue #28)', () => {
  let files: FeedFiles;
  let feedDir: string;
  const built: { name: string; full?: boolean; rendered?: number }[] = [];

  beforeAll(async () => {
    feedDir = await mkdtemp(path.join(tmpdir(), 'feed-files-incremental-'));
    files = new FeedFiles(api.handle.db, {
      dir: feedDir,
      intervalMs: 0,
      siteUrl: SITE,
      shopName: 'Тест',
      segmentProducts: 8,
      // Pieces of a replaced build go as soon as nobody reads them (the API waits a minute).
      oldBuildGraceMs: 0,
      onBuilt: (feed) => built.push(feed),
    });
    await files.start();
    await files.idle();
  }, 60_000);

  afterAll(async () => {
    await files?.stop();
    if (feedDir) await rm(feedDir, { recursive: true, force: true });
  });

  /** The feed as served, in all three codings, against the reference of its date. */
  async function compare(name: FeedName) {
    const feed = files.feed(name)!;
    const xml = (await buffer(files.open(feed, 'identity'))).toString('utf8');
    expect(gunzipSync(await buffer(files.open(feed, 'gzip'))).toString('utf8')).toBe(xml);
    expect(brotliDecompressSync(await buffer(files.open(feed, 'br'))).toString('utf8')).toBe(xml);
    const reference = await collect(FORMATS[name][1](api.handle.db, { ...options, now: new Date(feed.builtAt) }));
    expect(xml).toBe(reference);
    return xml;
  }

  it('first a full build, then one of the changed products only', async () => {
    expect(built.map((b) => [b.name, b.full])).toEqual([
      ['yml.xml', true],
      ['google-merchant.xml', true],
    ]);
    const [id] = await ids();
    await api.handle.db.execute(sql`update products set price = 4321 where id = ${id}`);
    built.length = 0;
    files.markDirty();
    await files.idle();
    expect(built.map((b) => [b.name, b.full, b.rendered])).toEqual([
      ['yml.xml', false, 1],
      ['google-merchant.xml', false, 1],
    ]);
    expect(await compare('yml.xml')).toContain('<price>4321</price>');
    await compare('google-merchant.xml');
  }, 60_000);

  it('a change already applied is not applied again; a category renamed gives a full build', async () => {
    built.length = 0;
    files.markDirty();
    await files.idle();
    expect(built.map((b) => b.rendered)).toEqual([0, 0]);
    const [category] = await rows<{ id: number }>(
      api.handle.db,
      sql`select category_id as id from products order by id limit 1`,
    );
    await api.handle.db.execute(
      sql`update categories set name = 'Переименованная «категория»' where id = ${category!.id}`,
    );
    built.length = 0;
    files.markDirty();
    await files.idle();
    expect(built.map((b) => b.full)).toEqual([true, true]);
    await compare('yml.xml');
    expect(await compare('google-merchant.xml')).toContain('Переименованная «категория»');
  }, 60_000);

  it('a download keeps reading its build after a rebuild; unused pieces are removed after it', async () => {
    const segments = files.segmentDir('yml.xml');
    const old = files.feed('yml.xml')!;
    const oldXml = await compare('yml.xml');
    // A download of the gzip copy begins and stops after its first chunk (a slow client).
    const download = files.open(old, 'gzip');
    const chunks: Buffer[] = [];
    const first = await new Promise<Buffer>((resolve) =>
      download.once('data', (chunk: Buffer) => {
        download.pause();
        resolve(chunk);
      }),
    );
    chunks.push(first);
    const [id] = await ids();
    await api.handle.db.execute(sql`update products set price = 7654 where id = ${id}`);
    built.length = 0;
    files.markDirty();
    await files.idle();
    const now = files.feed('yml.xml')!;
    expect(now.hash).not.toBe(old.hash);
    const gone = old.parts.filter((p) => !now.parts.includes(p));
    expect(gone.length).toBeGreaterThan(0);
    // Held by the download: still there after the rebuild's sweep.
    for (const part of gone) await stat(piecePath(segments, part, 'gzip'));
    download.on('data', (chunk: Buffer) => chunks.push(chunk));
    download.resume();
    await new Promise((resolve) => download.once('close', resolve));
    expect(gunzipSync(Buffer.concat(chunks)).toString('utf8')).toBe(oldXml);
    await files.idle();
    // Released: the old build's own pieces are removed, the current build's are all there.
    const left = new Set(await readdir(segments));
    for (const part of gone) expect(left.has(`${part}.gz`) || left.has(`${part}.xml`)).toBe(false);
    for (const part of now.parts) expect(left.has(`${part}.xml`) && left.has(`${part}.gz`)).toBe(true);
    expect([...left].filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(await compare('yml.xml')).toContain('<price>7654</price>');
  }, 60_000);
});
