/**
 * Issue #28 "Products as the retailer sees them" and "Categories the shopper can reach", on a
 * Tilda-style YML feed (tests/fixtures/import/yml-model.yml): offers without `group_id` sharing
 * `<model>` become one product with colour and size variants, the placeholder vendor is not a
 * brand, sizes come in size order, an empty size is reported, the catch-all root adds no level,
 * and «Платья миди» of the feed is the same category as «Платья миди» of the 1C exchange.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { brands, categories, colors, offerFeatures, offers, productImages, products } from '../../db/schema';
import { createTestApi, type TestApi } from '../../test-utils';
import { importCommerceMlFile, newCmlSession } from './commerceml';
import { formatReport, importYml } from './index';
import type { WriterOptions } from './writer';

const FIXTURES = path.resolve(__dirname, '../../../tests/fixtures/import');

let api: TestApi;
let png: Buffer;
let tmp: string;
const fetchImpl = (async () =>
  new Response(new Uint8Array(png), { status: 200, headers: { 'content-type': 'image/png' } })) as typeof fetch;
const opts = (over: Partial<WriterOptions> = {}): WriterOptions & { fetchImpl: typeof fetch } => ({
  defaultSection: 'odezhda',
  pictures: { mediaDir: path.join(tmp, 'media'), timeoutMs: 2000, fetchImpl },
  fetchImpl,
  ...over,
});

/** Products imported from the feed's offers 101–202 (but 106, which has no size), with their sizes by colour in shop order. */
async function imported() {
  const list = await api.handle.db
    .select({
      id: products.id,
      extId: products.extId,
      name: products.name,
      article: products.article,
      brand: brands.name,
      category: categories.path,
      color: colors.name,
      size: offerFeatures.name,
    })
    .from(offerFeatures)
    .innerJoin(offers, eq(offers.id, offerFeatures.offerId))
    .innerJoin(colors, eq(colors.id, offers.colorId))
    .innerJoin(products, eq(products.id, offers.productId))
    .innerJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(inArray(offerFeatures.extId, ['101', '102', '103', '104', '105', '201', '202']))
    .orderBy(asc(products.id), asc(offers.sort), asc(offerFeatures.sort));
  const byProduct = new Map<
    number,
    { name: string; article: string | null; brand: string; category: string; sizes: Record<string, string[]> }
  >();
  for (const r of list) {
    const p = byProduct.get(r.id) ?? {
      name: r.name,
      article: r.article,
      brand: r.brand,
      category: r.category,
      sizes: {},
    };
    (p.sizes[r.color] ??= []).push(r.size);
    byProduct.set(r.id, p);
  }
  return [...byProduct.values()];
}

beforeAll(async () => {
  api = await createTestApi(30);
  tmp = await mkdtemp(path.join(os.tmpdir(), 'yml-grouping-'));
  png = await sharp({ create: { width: 30, height: 40, channels: 3, background: '#c00' } })
    .png()
    .toBuffer();
  // The same retailer's 1C exchange came first: it made «Одежда › Платья миди».
  const session = newCmlSession();
  for (const f of ['import0_1.xml', 'import0_2.xml'])
    await importCommerceMlFile(api.handle.db, path.join(FIXTURES, 'cml31/full', f), session, {
      priceType: 'Розничная',
      baseDir: path.join(FIXTURES, 'cml31/full'),
      pictures: null,
    });
});
afterAll(async () => {
  await api?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe('YML feed without group_id (issue #28)', () => {
  it('an import without grouping makes one product per offer; grouping by model then merges them', async () => {
    const first = await importYml(api.handle.db, path.join(FIXTURES, 'yml-model.yml'), opts({ ymlGroupBy: 'none' }));
    expect(first.products.created).toBe(8);
    const grouped = await importYml(api.handle.db, path.join(FIXTURES, 'yml-model.yml'), opts());
    // The offers moved into two products; the eight look-alikes are gone, and nothing else.
    expect(grouped.products.created).toBe(2);
    expect(grouped.products.merged).toBe(7); // offer 106 (no size) was skipped, its old product stays
    const left = await rows<{ n: number }>(
      api.handle.db,
      sql`select count(*)::int as n from products where ext_id in ('101','102','103','104','105','201','202')`,
    );
    expect(left[0]!.n).toBe(0);
  });

  it('groups colour variants sharing <model> into one product, sizes in size order, no placeholder vendor', async () => {
    const [dress, blouse] = await imported();
    expect(dress).toEqual({
      name: 'Платья миди 5331',
      article: '5331',
      brand: 'Без бренда',
      category: 'odezhda/platya-midi',
      sizes: { Красный: ['42', '44', '46'], Чёрный: ['42', '46'] },
    });
    expect(blouse).toMatchObject({ name: 'Блузка 5332', category: 'odezhda/bluzki', sizes: { Белый: ['S', 'M'] } });
  });

  it('reports the empty size, and the feed’s «Платья миди» is the 1C one, with no «Каталог» level', async () => {
    const report = await importYml(api.handle.db, path.join(FIXTURES, 'yml-model.yml'), { ...opts(), force: true });
    expect(report.skipped).toEqual([expect.objectContaining({ id: '106', reason: expect.stringContaining('размер') })]);
    expect(report.rowsChanged).toBe(0);
    const text = formatReport(report);
    expect(text).toContain('Предложений в файле: 8 = записано 7 + пропущено 1');
    const cats = await api.handle.db
      .select({ path: categories.path })
      .from(categories)
      .where(inArray(categories.name, ['Платья миди', 'Каталог', 'Блузки']));
    expect(cats.map((c) => c.path).sort()).toEqual(['odezhda/bluzki', 'odezhda/platya-midi']);
  });

  it('marks the placeholder of goods without a picture, and real pictures as real', async () => {
    const images = await api.handle.db
      .select({ name: products.name, placeholder: productImages.isPlaceholder })
      .from(productImages)
      .innerJoin(products, eq(products.id, productImages.productId))
      .where(inArray(products.name, ['Платья миди 5331', 'Блузка 5332']));
    expect(images.filter((i) => i.name === 'Блузка 5332').every((i) => i.placeholder)).toBe(true);
    expect(images.filter((i) => i.name === 'Платья миди 5331').every((i) => !i.placeholder)).toBe(true);
  });

  it('names a vendor that stands on nearly every offer, and an owner’s list keeps it from being a brand', async () => {
    const text = (await readFile(path.join(FIXTURES, 'yml-model.yml'), 'utf8')).replaceAll('Название', 'Атлас');
    const offersXml = text.slice(text.indexOf('<offer '), text.indexOf('</offers>'));
    const many = text.replace('</offers>', `${offersXml.replaceAll(/id="(\d+)"/g, 'id="x$1"').repeat(3)}</offers>`);
    const file = path.join(tmp, 'feed.yml');
    await writeFile(file, many);
    const report = await importYml(api.handle.db, file, opts({ ymlGroupBy: 'none', pictures: null }));
    expect(report.notes.join('\n')).toContain('Производитель «Атлас» указан у 32 из 32 предложений');
    await importYml(api.handle.db, file, opts({ ymlGroupBy: 'none', pictures: null, notBrands: 'Атлас' }));
    const brandNames = await api.handle.db
      .select({ name: brands.name })
      .from(products)
      .innerJoin(brands, eq(brands.id, products.brandId))
      .where(eq(products.extId, 'x101'));
    expect(brandNames).toEqual([{ name: 'Без бренда' }]);
  });
});
