/**
 * Issue #28 "A retailer's own catalogue, shown right": a 1C 8.3 CommerceML 3.1 exchange as 1C
 * splits it (classifier alone in import0_1.xml, goods in import0_2.xml, offers, prices and stock
 * in three more files), then a later goods-only exchange and a stock-only one, each in a new
 * session as a new exchange would be (fixtures: tests/fixtures/import/cml31, each quirk described
 * at its top). Nothing a shopper or 1C reads may carry a GUID.
 */
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import {
  brands,
  categories,
  colors,
  offerFeatures,
  offers,
  orderItems,
  productImages,
  products,
} from '../../db/schema';
import { call, createTestApi, oneItemOrder, orderFixture, type TestApi } from '../../test-utils';
import { ordersDocument } from '../order-exchange';
import { importCommerceMlFile, newCmlSession, type CmlSession } from './commerceml';
import { formatReport } from './index';
import type { ImportReport } from './types';
import type { WriterOptions } from './writer';

const FIXTURES = path.resolve(__dirname, '../../../tests/fixtures/import/cml31');
const GUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const DRESS = 'd1a00000-0000-4000-8000-000000005420';
const BLOUSE = 'd1a00000-0000-4000-8000-000000005421';

let api: TestApi;
let tmp: string;

/** Runs the files of one exchange, in order, in one session; returns each file's report. */
async function exchange(
  folder: string,
  files: string[],
  session: CmlSession = newCmlSession(),
  over: Partial<WriterOptions> = {},
) {
  const upload = path.join(tmp, `${folder}-${Math.random().toString(36).slice(2, 6)}`);
  await cp(path.join(FIXTURES, folder), upload, { recursive: true });
  if (folder === 'full') {
    await mkdir(path.join(upload, 'import_files/d1'), { recursive: true });
    await sharp({ create: { width: 60, height: 80, channels: 3, background: '#1f3a93' } })
      .jpeg()
      .toFile(path.join(upload, 'import_files/d1/adelina.jpg'));
  }
  const reports: ImportReport[] = [];
  for (const f of files)
    reports.push(
      await importCommerceMlFile(api.handle.db, path.join(upload, f), session, {
        priceType: 'Розничная',
        baseDir: upload,
        pictures: { mediaDir: path.join(tmp, 'media'), timeoutMs: 2000 },
        ...over,
      }),
    );
  return reports;
}

/** Sizes of a product by colour, in the order the shop shows them. */
async function sizesOf(extId: string) {
  const list = await api.handle.db
    .select({ color: colors.name, hex: colors.hex, size: offerFeatures.name, stock: offerFeatures.stock })
    .from(offerFeatures)
    .innerJoin(offers, eq(offers.id, offerFeatures.offerId))
    .innerJoin(colors, eq(colors.id, offers.colorId))
    .innerJoin(products, eq(products.id, offers.productId))
    .where(eq(products.extId, extId))
    .orderBy(asc(offers.sort), asc(offerFeatures.sort));
  const out: Record<string, string[]> = {};
  for (const r of list) (out[r.color] ??= []).push(r.size);
  return { byColor: out, rows: list };
}

const productRow = async (extId: string) =>
  (
    await api.handle.db
      .select({
        id: products.id,
        name: products.name,
        article: products.article,
        material: products.material,
        price: products.price,
        vatRate: products.vatRate,
        markingRequired: products.markingRequired,
        brand: brands.name,
        category: categories.path,
      })
      .from(products)
      .innerJoin(brands, eq(brands.id, products.brandId))
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(eq(products.extId, extId))
  )[0]!;

/** The offers of a file add up: written + skipped + waiting for prices. */
function expectCountsAddUp(r: ImportReport) {
  const skipped = r.skipped.reduce((s, x) => s + x.offers, 0);
  expect(r.sizes.created + r.sizes.updated + r.sizes.unchanged + skipped + r.deferred).toBe(r.offers);
}

beforeAll(async () => {
  api = await createTestApi(30);
  tmp = await mkdtemp(path.join(os.tmpdir(), 'cml31-'));
});
afterAll(async () => {
  await api?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe('1C CommerceML 3.1 exchange (issue #28)', () => {
  let reports: ImportReport[];

  it('resolves every property value through the classifier of another file', async () => {
    reports = await exchange('full', [
      'import0_1.xml',
      'import0_2.xml',
      'offers0_1.xml',
      'prices0_1.xml',
      'rests0_1.xml',
    ]);
    const dress = await sizesOf(DRESS);
    // The colour listed under «Оттенок» but used under «Цвет» is found by its own Ид; the
    // service colour property whose values are unresolvable GUIDs does not win.
    expect(Object.keys(dress.byColor)).toEqual(['Синий', 'Бордовый']);
    expect(dress.rows.find((r) => r.color === 'Бордовый')!.hex).not.toBe('#9a9a9e');
    const blouse = await sizesOf(BLOUSE);
    expect(Object.keys(blouse.byColor)).toEqual(['Молочный']);
    expect(await productRow(DRESS)).toMatchObject({ material: 'Вискоза', price: 6990, article: '5420' });
    expect(await productRow(BLOUSE)).toMatchObject({ material: '', article: '5421-Б', price: 3490 });
    const offersReport = reports[2]!;
    expect(offersReport.notes.join('\n')).toMatch(/«Цвет \(служебный\)».*не найдено в классификаторе/);
  });

  it('sorts sizes in size order and reports the empty size instead of a second ONE SIZE', async () => {
    const dress = await sizesOf(DRESS);
    expect(dress.byColor['Синий']).toEqual(['36', '38', '40', '42', '44']);
    expect(dress.byColor['Бордовый']).toEqual(['40', '42']);
    expect((await sizesOf(BLOUSE)).byColor['Молочный']).toEqual(['XS', 'S', 'M']);
    expect(dress.rows.every((r) => r.stock === 3)).toBe(true);
    // Each file that names the offer reports it (prices and stock files too: their counts add up).
    const all = reports.flatMap((r) => r.skipped);
    expect(all.length).toBeGreaterThan(0);
    for (const s of all)
      expect(s).toMatchObject({ id: `${DRESS}#c6`, reason: expect.stringContaining('не указан размер') });
  });

  it('does not take the seller’s legal name for a brand, and counts add up without the discounts section', async () => {
    expect((await productRow(DRESS)).brand).toBe('Без бренда');
    expect((await productRow(BLOUSE)).brand).toBe('Без бренда');
    // 11 offers in offers0_1.xml; the one its «Скидки» lists again is not an offer of the package.
    expect(reports[2]!.offers).toBe(11);
    for (const r of reports) expectCountsAddUp(r);
    expect(reports[2]!.deferred).toBe(10);
    expect(reports[3]!.sizes.created).toBe(10);
    const text = reports.map(formatReport).join('\n');
    expect(text).not.toContain(tmp);
    expect(text).toContain('Предложений в файле: 11 = записано 0 + пропущено 1 + ждут цен из следующего файла 10');
  });

  it('puts the group under the section once, and the product page, facets and order export show no GUID', async () => {
    const dress = await productRow(DRESS);
    expect(dress.category).toBe('odezhda/platya-midi');
    const detail = await call(api, 'GET', `/api/v1/product_offer/?pk=${dress.id}`);
    expect(detail.status).toBe(200);
    // SKUs (ext_id) are the basket's keys, not words on the page; everything else is words.
    const shown = JSON.stringify(detail.json, (key, value: unknown) => (key === 'ext_id' ? undefined : value));
    expect(shown).not.toMatch(GUID);
    expect(detail.json.name).toBe('Платье миди «Аделина»');
    const facets = await call(api, 'GET', '/api/v1/all/filters/odezhda/platya-midi/');
    expect(facets.status).toBe(200);
    expect(JSON.stringify(facets.json)).not.toMatch(GUID);
    expect(JSON.stringify(facets.json)).toContain('Бордовый');
    // The blouse has no material (its value was blank): no blank value in the Материал facet.
    const materials = (facets.json.materials ?? facets.json.filters?.materials ?? []) as Array<{ value: string }>;
    expect(materials.map((m) => m.value)).toEqual(['Вискоза']);

    // An order of the dress goes to 1C with its colour and size named, not referenced.
    const fixture = await orderFixture(api, 5);
    const size = (
      await api.handle.db
        .select({ offerId: offerFeatures.offerId, extId: offerFeatures.extId })
        .from(offerFeatures)
        .where(eq(offerFeatures.extId, `${DRESS}#c2`))
    )[0]!;
    const order = await call(
      api,
      'POST',
      '/api/v1/order/',
      oneItemOrder(
        { moscow: fixture.moscow, size },
        { fio: 'Соколова Анна Петровна', email: 'anna@example.ru', phone: '+7(903)-555-03-03' },
      ),
    );
    expect(order.status, JSON.stringify(order.json)).toBeLessThan(300);
    const document = await ordersDocument(api.handle.db);
    expect(document).toContain('Платье миди «Аделина»');
    // 1C keys lines by its own Ид (товар#характеристика); names and values are words.
    const withoutIds = document.replace(/<Ид>[^<]*<\/Ид>/g, '');
    expect(withoutIds).not.toMatch(GUID);
  });

  it('reads the VAT rate and the marking of each good, and the order line copies them (issue #29)', async () => {
    // The dress: СтавкиНалогов «20» (out of date since 2026: 22, reported), ВидМаркировки «Легпром».
    expect(await productRow(DRESS)).toMatchObject({ vatRate: '22', markingRequired: true });
    // The blouse: requisite «СтавкаНДС» = «НДС 10%», «Обязательная маркировка» = «Нет».
    expect(await productRow(BLOUSE)).toMatchObject({ vatRate: '10', markingRequired: false });
    expect(reports[1]!.notes).toContainEqual(
      expect.stringContaining('ставка 20% заменена на 22% (с 1 января 2026) — 1\u00A0товар'),
    );
    expect(formatReport(reports[1]!)).toContain('исправьте ставку в 1С');
    const [line] = await api.handle.db
      .select({ vatRate: orderItems.vatRate, markingRequired: orderItems.markingRequired })
      .from(orderItems)
      .where(eq(orderItems.productName, 'Платье миди «Аделина»'));
    expect(line).toEqual({ vatRate: '22', markingRequired: true });
  });
});

describe('later exchanges change only what they name (issue #28)', () => {
  it('a goods-only exchange keeps categories, pictures and sizes, resolving values from the stored dictionary', async () => {
    const before = await productRow(DRESS);
    const pictures = await api.handle.db
      .select({ url: productImages.url, placeholder: productImages.isPlaceholder })
      .from(productImages)
      .where(eq(productImages.productId, before.id));
    expect(pictures.some((p) => p.url.startsWith('/media/import/') && !p.placeholder)).toBe(true);
    const sizes = await sizesOf(DRESS);

    const [report] = await exchange('goods-only', ['import0_1.xml']);
    const after = await productRow(DRESS);
    expect(after).toMatchObject({
      name: 'Платье миди «Аделина» с поясом',
      category: before.category,
      material: 'Вискоза',
      article: '5420',
    });
    expect((await productRow(BLOUSE)).category).toBe('odezhda/bluzki');
    expect(await sizesOf(DRESS)).toEqual(sizes);
    expect(
      await api.handle.db
        .select({ url: productImages.url, placeholder: productImages.isPlaceholder })
        .from(productImages)
        .where(eq(productImages.productId, before.id)),
    ).toEqual(pictures);
    expect(report!.products.updated).toBe(1);
    // The category page still lists them.
    const listing = await call(api, 'GET', '/api/v1/offers/odezhda/platya-midi/');
    expect(listing.json.results.map((r: { name: string }) => r.name)).toContain('Платье миди «Аделина» с поясом');
  });

  it('a stock-only exchange without the changes flag changes stock only', async () => {
    const [report] = await exchange('rests-only', ['rests0_1.xml']);
    expect(report!.sizes.updated).toBe(2);
    const dress = await sizesOf(DRESS);
    expect(dress.byColor['Синий']).toEqual(['36', '38', '40', '42', '44']);
    expect(dress.rows.find((r) => r.color === 'Синий' && r.size === '38')!.stock).toBe(0);
    expect(dress.rows.find((r) => r.color === 'Бордовый' && r.size === '40')!.stock).toBe(9);
    expect((await productRow(DRESS)).price).toBe(6990);
    expectCountsAddUp(report!);
  });

  it('keeps the VAT rate and the marking through goods-only and stock-only files (issue #29)', async () => {
    expect(await productRow(DRESS)).toMatchObject({ vatRate: '22', markingRequired: true });
    expect(await productRow(BLOUSE)).toMatchObject({ vatRate: '10', markingRequired: false });
  });

  it('a file changing only the VAT updates the product; an unknown rate is reported, the shop default applies (issue #29)', async () => {
    const [report] = await exchange('vat-only', ['import0_1.xml'], newCmlSession(), {
      markingCategories: 'obuv, odezhda/bluzki/',
    });
    expect(report!.products).toMatchObject({ updated: 2, unchanged: 0, created: 0 });
    expect(await productRow(DRESS)).toMatchObject({
      vatRate: 'none',
      markingRequired: true,
      name: 'Платье миди «Аделина» с поясом',
      price: 6990,
    });
    // 18 % is no rate of 2026: null (SHOP_VAT_RATE); the blouse's category is in IMPORT_MARKING_CATEGORIES.
    expect(await productRow(BLOUSE)).toMatchObject({
      vatRate: null,
      markingRequired: true,
      category: 'odezhda/bluzki',
    });
    expect(report!.notes).toEqual([
      `НДС: неизвестная ставка «18» — 1\u00A0товар (например, ${BLOUSE}); для них в чеке будет ставка магазина по умолчанию (SHOP_VAT_RATE)`,
    ]);
    expect(report!.skipped).toEqual([]);
    // The same file again: nothing to change.
    const [again] = await exchange('vat-only', ['import0_1.xml'], newCmlSession(), {
      markingCategories: 'obuv, odezhda/bluzki/',
    });
    expect(again!.products).toMatchObject({ updated: 0, unchanged: 2 });
    expect(again!.rowsChanged).toBe(0);
  });

  it('never stores an identifier where a shopper reads words', async () => {
    const leaked = await rows<{ n: number }>(
      api.handle.db,
      sql`select count(*)::int as n from (
        select name as t from colors union all select name from offer_features union all select name from products
        union all select material from products union all select name from brands union all select name from categories) x
        where t ~* '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'`,
    );
    expect(leaked[0]!.n).toBe(0);
  });
});
