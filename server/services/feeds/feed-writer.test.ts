/**
 * Issue #28 "/yml.xml at 100,000 products rebuilt ≤ 10 s after a change": a rebuild writes only
 * the changed products again (feed-writer.ts) and must give the XML a full build gives, byte for
 * byte, in all three files. Changes: a price, a stock level, a product removed, one added in the
 * middle of the id range and one past the end, enough products added to one segment to split it,
 * and (through FeedFiles, which then builds in full) a category renamed.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, crc32, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { createTestApi, type TestApi } from '../../test-utils';
import { FeedFiles, type FeedName } from './feed-files';
import { writeBrotliCopy, writeChangedFeed, writeFullFeed, type FeedFormat, type FeedPaths } from './feed-writer';
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

const pathsFor = (): FeedPaths => {
  n += 1;
  return {
    identity: path.join(dir, `${n}.xml`),
    gzip: path.join(dir, `${n}.xml.gz`),
    br: path.join(dir, `${n}.xml.br`),
  };
};

/**
 * The three files decompressed; each must equal `expected`. A build without a brotli copy (the
 * API's default: made afterwards) gets it here as feed-files.ts makes it, from the XML file.
 */
async function expectFiles(paths: FeedPaths, expected: string) {
  const xml = await readFile(paths.identity);
  expect(xml.toString('utf8')).toBe(expected);
  expect(gunzipSync(await readFile(paths.gzip)).equals(xml)).toBe(true);
  const br = paths.br ?? `${paths.identity}.later.br`;
  if (!paths.br) expect(await writeBrotliCopy(paths.identity, br, xml.length)).toBeGreaterThan(0);
  expect(brotliDecompressSync(await readFile(br)).equals(xml)).toBe(true);
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
      const full = pathsFor();
      const first = await writeFullFeed(db, format, options, full, { segmentProducts: 8 });
      await expectFiles(full, await collect(reference(db, options)));
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
      // Without the brotli copy, as the API builds: it is made afterwards from the XML.
      const { br: _inline, ...next } = pathsFor();
      const second = await writeChangedFeed(db, format, options, next, first.layout, changed);
      const expected = await collect(reference(db, options));
      expect(expected).toContain('Вернувшееся платье');
      expect(expected).toContain('Вставка 19');
      await expectFiles(next, expected);
      expect(second.hash).not.toBe(first.hash);
      expect(second.layout.segments.every((s) => s.ids.length <= 16)).toBe(true);
      // Only the changed products were made again; the filled gap split its segment.
      expect(second.rendered).toBe(4 + gap.length);
      expect(second.layout.segments.length).toBeGreaterThan(first.layout.segments.length);

      // A rebuild with one price changed copies everything else and renders one product.
      const one = (await ids())[5]!;
      await db.execute(sql`update products set price = price + 7 where id = ${one}`);
      const third = await writeChangedFeed(db, format, options, pathsFor(), second.layout, [one]);
      expect(third.rendered).toBe(1);
      const last = pathsFor();
      const again = await writeChangedFeed(db, format, options, last, third.layout, []);
      await expectFiles(last, await collect(reference(db, options)));
      expect(again.rendered).toBe(0);
      // Nothing changed between them: the same validator.
      expect(again.hash).toBe(third.hash);
    }, 60_000);
  }
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
      onBuilt: (feed) => built.push(feed),
    });
    await files.start();
    await files.idle();
  }, 60_000);

  afterAll(async () => {
    await files?.stop();
    if (feedDir) await rm(feedDir, { recursive: true, force: true });
  });

  /** The served XML with its date taken out, and the reference's. */
  async function compare(name: FeedName) {
    const feed = files.feed(name)!;
    const xml = await readFile(files.pathOf(feed, 'identity'), 'utf8');
    expect(gunzipSync(await readFile(files.pathOf(feed, 'gzip'))).toString('utf8')).toBe(xml);
    expect(brotliDecompressSync(await readFile(files.pathOf(feed, 'br'))).toString('utf8')).toBe(xml);
    const reference = await collect(FORMATS[name][1](api.handle.db, { ...options, now: new Date(feed.builtAt) }));
    expect(xml).toBe(reference);
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
    await compare('yml.xml');
    await compare('google-merchant.xml');
    expect(await readFile(files.pathOf(files.feed('yml.xml')!, 'identity'), 'utf8')).toContain('<price>4321</price>');
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
    await compare('google-merchant.xml');
    const google = await readFile(files.pathOf(files.feed('google-merchant.xml')!, 'identity'), 'utf8');
    expect(google).toContain('Переименованная «категория»');
  }, 60_000);
});
