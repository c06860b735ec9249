/**
 * Issue #15 YML import through the code path of `npm run import` (importYml): every messy-feed
 * quirk of the issue ("Whatever the input") on a hand-written fixture, idempotent re-import,
 * change events, and malformed XML changing nothing.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { categories, offerFeatures, offers, productImages, products } from '../../db/schema';
import { createTestApi, type TestApi } from '../../test-utils';
import { formatReport, ImportError, importYml } from './index';
import type { WriterOptions } from './writer';

const FIXTURES = path.resolve(__dirname, '../../../tests/fixtures/import');

let api: TestApi;
let media: string;
let png: Buffer;
const fetched: string[] = [];

/** Pictures: every cdn address answers a small PNG except missing.jpg (404). */
const fetchImpl = (async (url: string | URL | Request) => {
  const u = String(url);
  fetched.push(u);
  if (u.includes('missing')) return new Response('нет', { status: 404 });
  return new Response(new Uint8Array(png), { status: 200, headers: { 'content-type': 'image/png' } });
}) as typeof fetch;

const opts = (): WriterOptions & { fetchImpl: typeof fetch } => ({
  categoryMap: 'Сумки=aksessuary/sumki',
  defaultSection: 'odezhda',
  pictures: { mediaDir: media, timeoutMs: 2000, fetchImpl },
  fetchImpl,
});

const changeCount = async () =>
  Number(
    (await rows<{ n: number }>(api.handle.db, sql`select coalesce(max(id), 0)::int as n from catalog_changes`))[0]!.n,
  );

beforeAll(async () => {
  api = await createTestApi(30);
  media = await mkdtemp(path.join(os.tmpdir(), 'import-media-'));
  png = await sharp({ create: { width: 30, height: 40, channels: 3, background: '#c00' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await api?.close();
  if (media) await rm(media, { recursive: true, force: true });
});

describe('YML import (issue #15)', () => {
  it('imports a messy feed: groups, params in any case, BOM, spaces, price 0, relative and broken pictures', async () => {
    const report = await importYml(api.handle.db, path.join(FIXTURES, 'messy.yml'), opts());
    expect(report.products).toEqual({ created: 2, updated: 0, unchanged: 0, merged: 0 });
    expect(report.sizes.created).toBe(4);
    // Price 0 is skipped with a reason naming the offer.
    expect(report.skipped).toEqual([
      expect.objectContaining({
        id: '2001',
        name: 'Купальник «Бриз»',
        reason: expect.stringContaining('нулевой ценой'),
      }),
    ]);
    // The unreachable picture is named; the product still imports with the placeholder.
    expect(report.pictures.failed).toEqual([
      expect.objectContaining({ url: 'https://cdn.example.ru/missing.jpg', product: 'Сумка-шопер плетёная' }),
    ]);
    // Relative path resolved against the shop's <url>.
    expect(fetched).toContain('https://shop.example.ru/upload/leto-blue.jpg');
    expect(formatReport(report)).toContain('2001 «Купальник «Бриз»»: цена 0 ₽');

    const db = api.handle.db;
    const [dress] = await db.select().from(products).where(eq(products.extId, '500'));
    expect(dress).toMatchObject({ name: 'Платье «Лето» с поясом', price: 4490, oldPrice: null, material: 'лён' });
    expect(dress!.description).toBe('Лёгкое платье из льна.\nПояс в комплекте.');
    const [cat] = await db.select().from(categories).where(eq(categories.id, dress!.categoryId));
    expect(cat).toMatchObject({ section: 'odezhda', name: 'Платья мини', extId: '11' });
    const dressOffers = await db.select().from(offers).where(eq(offers.productId, dress!.id));
    expect(dressOffers).toHaveLength(2); // red and blue
    const sizes = await db
      .select()
      .from(offerFeatures)
      .where(
        inArray(
          offerFeatures.offerId,
          dressOffers.map((o) => o.id),
        ),
      );
    expect(Object.fromEntries(sizes.map((s) => [s.extId, [s.name, s.stock]]))).toEqual({
      '1001': ['42', 3],
      '1002': ['44', 10], // no `available`: available, no count → AVAILABLE_STOCK
      '1003': ['42', 0], // available="false"
    });
    const dressImages = await db.select().from(productImages).where(eq(productImages.productId, dress!.id));
    expect(dressImages.every((i) => /^\/media\/import\/[0-9a-f]{32}\.webp$/.test(i.url))).toBe(true);
    const stored = await readFile(path.join(media, dressImages[0]!.url.replace('/media/', '')));
    expect((await sharp(stored).metadata()).format).toBe('webp');

    const [bag] = await db.select().from(products).where(eq(products.extId, '3001'));
    expect(bag).toMatchObject({ name: 'Сумка-шопер плетёная', price: 2500.5, type: 'bag' });
    const [bagCat] = await db.select().from(categories).where(eq(categories.id, bag!.categoryId));
    expect(bagCat!.path).toBe('aksessuary/sumki'); // IMPORT_CATEGORY_MAP
    const bagSizes = await rows<{ name: string }>(
      db,
      sql`select f.name from offer_features f join offers o on o.id = f.offer_id where o.product_id = ${bag!.id}`,
    );
    expect(bagSizes).toEqual([{ name: 'ONE SIZE' }]); // no size param
    const bagImages = await db.select().from(productImages).where(eq(productImages.productId, bag!.id));
    expect(bagImages.map((i) => i.url)).toEqual(['/media/p/bag/bezhevyj/0-0.webp']); // placeholder
  });

  it('re-importing the same feed changes 0 rows and fetches no picture again, not even a failed one', async () => {
    const before = await changeCount();
    fetched.length = 0;
    // Issue #28: the same bytes as the last import are not read again at all.
    const same = await importYml(api.handle.db, path.join(FIXTURES, 'messy.yml'), opts());
    expect(same.unchangedSince).toBeDefined();
    expect(same.rowsChanged).toBe(0);
    expect(formatReport(same)).toContain('Фид не изменился');
    // Read again when asked: still 0 rows, and the address that failed an hour ago is not fetched
    // again within IMPORT_PICTURE_RETRY_HOURS.
    const report = await importYml(api.handle.db, path.join(FIXTURES, 'messy.yml'), { ...opts(), force: true });
    expect(report.rowsChanged).toBe(0);
    expect(report.products).toEqual({ created: 0, updated: 0, unchanged: 2, merged: 0 });
    expect(await changeCount()).toBe(before);
    expect(fetched).toEqual([]);
    expect(report.pictures.notRetried).toBe(1);
    expect(formatReport(report)).toContain('не запрашивались снова');
    // Once the retry time is over, the unchanged feed is read again for that picture.
    const o = opts();
    const again = await importYml(api.handle.db, path.join(FIXTURES, 'messy.yml'), {
      ...o,
      pictures: { ...o.pictures!, retryHours: 0 },
    });
    expect(again.unchangedSince).toBeUndefined();
    expect(fetched).toEqual(['https://cdn.example.ru/missing.jpg']);
    expect(again.rowsChanged).toBe(0);
  });

  it('a changed price and stock update the same product (no duplicate) and are a change event', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'yml-'));
    const feed = (await readFile(path.join(FIXTURES, 'messy.yml'), 'utf8'))
      .replace('<price>4490</price>', '<price>3990</price>')
      .replace('<count>3</count>', '<count>7</count>');
    await writeFile(path.join(dir, 'feed.yml'), feed);
    const before = await changeCount();
    const report = await importYml(api.handle.db, path.join(dir, 'feed.yml'), opts());
    await rm(dir, { recursive: true });
    expect(report.products).toEqual({ created: 0, updated: 1, unchanged: 1, merged: 0 });
    const all = await api.handle.db.select().from(products).where(eq(products.extId, '500'));
    expect(all).toHaveLength(1);
    expect(all[0]!.price).toBe(3990);
    const changed = await rows<{ product_id: number }>(
      api.handle.db,
      sql`select distinct product_id from catalog_changes where id > ${before}`,
    );
    expect(changed.map((c) => c.product_id)).toEqual([all[0]!.id]);
  });

  it('malformed XML is refused with its line and changes nothing', async () => {
    const before = await changeCount();
    const count = async () =>
      (await rows<{ n: number }>(api.handle.db, sql`select count(*)::int as n from products`))[0]!.n;
    const products0 = await count();
    const error = await importYml(api.handle.db, path.join(FIXTURES, 'broken.yml'), opts()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportError);
    expect((error as ImportError).message).toMatch(/^Ошибка XML в строке 12, столбец \d+: unexpected close tag/);
    expect(await count()).toBe(products0);
    expect(await changeCount()).toBe(before);
  });
});

describe('YML: VAT rate and mandatory marking for receipts (issue #29)', () => {
  const FEED = path.join(FIXTURES, 'yml-vat.yml');
  const receiptFields = async () =>
    Object.fromEntries(
      (
        await api.handle.db
          .select({ extId: products.extId, vatRate: products.vatRate, markingRequired: products.markingRequired })
          .from(products)
          .where(inArray(products.extId, ['70', '801', '901', '902']))
      ).map((p) => [p.extId, [p.vatRate, p.markingRequired]]),
    );
  /** The feed with `edit` applied, written to a temporary file; returns the import's report. */
  const importEdited = async (edit: (feed: string) => string, over: Partial<WriterOptions> = {}) => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'yml-vat-'));
    await writeFile(path.join(dir, 'feed.yml'), edit(await readFile(FEED, 'utf8')));
    try {
      return await importYml(api.handle.db, path.join(dir, 'feed.yml'), { ...opts(), ...over });
    } finally {
      await rm(dir, { recursive: true });
    }
  };

  it('reads <vat> of the offer, of its group or of the shop, and the marking param', async () => {
    const report = await importYml(api.handle.db, FEED, opts());
    expect(report.products.created).toBe(4);
    expect(await receiptFields()).toEqual({
      '70': ['22', true], // VAT_20 on one size of the group → 22 %; «Маркировка» = «Обувь»
      '801': ['10', false], // «Обязательная маркировка» = «нет»
      '901': ['22', false], // the shop's <vat>
      '902': [null, false], // VAT_13: unknown, the shop default
    });
    expect(report.notes).toEqual([
      'НДС: ставка 20% заменена на 22% (с 1 января 2026) — 2\u00A0предложения; исправьте ставку в фиде',
      'НДС: неизвестная ставка «VAT_13» — 1\u00A0предложение (например, 902); для них в чеке будет ставка магазина по умолчанию (SHOP_VAT_RATE)',
    ]);
    expect(report.skipped).toEqual([]);
    expect(formatReport(report)).toContain('неизвестная ставка «VAT_13»');
  });

  it('a feed changing only one rate updates that product alone, and it is a change event', async () => {
    const before = await changeCount();
    const report = await importEdited((feed) => feed.replace('<vat>VAT_10</vat>', '<vat>NO_VAT</vat>'));
    expect(report.products).toEqual({ created: 0, updated: 1, unchanged: 3, merged: 0 });
    expect((await receiptFields())['801']).toEqual(['none', false]);
    const [tee] = await api.handle.db.select({ id: products.id }).from(products).where(eq(products.extId, '801'));
    const changed = await rows<{ product_id: number }>(
      api.handle.db,
      sql`select distinct product_id from catalog_changes where id > ${before}`,
    );
    expect(changed.map((c) => c.product_id)).toEqual([tee!.id]);
  });

  it('a feed without <vat> keeps the rates; IMPORT_MARKING_CATEGORIES marks whole categories', async () => {
    const report = await importEdited((feed) => feed.replace(/<vat>[^<]*<\/vat>/g, '').replace('8990', '8490'), {
      markingCategories: 'aksessuary/sumki',
    });
    expect(report.notes).toEqual([]);
    expect(report.products).toEqual({ created: 0, updated: 2, unchanged: 2, merged: 0 });
    expect(await receiptFields()).toEqual({
      '70': ['22', true],
      '801': ['none', false],
      '901': ['22', true], // aksessuary/sumki
      '902': [null, false],
    });
  });
});
