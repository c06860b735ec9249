/**
 * Issue #15 "feeds out": GET /api/v1/feeds/yml.xml and /api/v1/feeds/google-merchant.xml parsed
 * with a strict XML parser and compared with the database: every sellable size with its price,
 * old price and stock; sold-out sizes left out of YML and `out_of_stock` in Google; products that
 * cannot be ordered at all; names with `& < " '` and control characters; keyset paging.
 * Issue #28 item 7: placeholder pictures and the importer's «Без бренда» are never published, and
 * an offer with only placeholder pictures is not in the Google feed. The feeds are read from the
 * files built after the fixtures were written (server/services/feeds/feed-files.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { readServerEnv } from '../../env';
import { NO_BRAND } from '../../services/catalog-import/writer';
import { startFeedFiles, type FeedFiles } from '../../services/feeds/feed-files';
import { googleMerchantFeed } from '../../services/feeds/google-merchant';
import { all, one, parseXml, textOf, type XmlNode } from '../../services/feeds/xml-tree.test-utils';
import { ymlFeed } from '../../services/feeds/yml';
import { createTestApi, type TestApi } from '../../test-utils';

let api: TestApi;
let feedDir: string;
let feedFiles: FeedFiles;
const SITE = readServerEnv().SITE_URL;
/** A name and description a 1C export might carry: entities, quotes, a control character, tabs. */
const NASTY_NAME = 'Топ "Ночь" & <день>\u0001\tМ&Ms';
const NASTY_DESCRIPTION = 'Описание с <b>тегом</b> & «кавычками» \u0008 и \u000bвертикальной табуляцией';

async function text(path: string): Promise<{ status: number; body: string; headers: Headers }> {
  const res = await api.app.request(path);
  return { status: res.status, body: await res.text(), headers: res.headers };
}

async function collect(gen: AsyncGenerator<string>): Promise<string> {
  let out = '';
  for await (const chunk of gen) out += chunk;
  return out;
}

interface SizeRow {
  product_id: number;
  kind: string;
  name: string;
  ext_id: string;
  stock: number;
  price: string;
  old_price: string | null;
  color_slug: string;
}

let sizes: SizeRow[];
/** Product page path of fixture 900001. */
let fixturePath: string;
/** Issue #28 fixtures: 900004 has only placeholder pictures, 900004 and 900005 are «Без бренда». */
const PLACEHOLDER_ONLY = 900004;
const NO_BRAND_REAL_PICTURE = 900005;

beforeAll(async () => {
  api = await createTestApi(60);
  const db = api.handle.db;
  const [leaf] = await rows<{ id: number; path: string }>(
    db,
    sql`select id, path from categories where level = 2 order by id limit 1`,
  );
  fixturePath = `/${leaf!.path}/900001/fixture-900001`;
  const [color] = await rows<{ id: number }>(db, sql`select id from colors order by id limit 1`);
  const [brand] = await rows<{ id: number }>(db, sql`select id from brands order by id limit 1`);
  const [noBrand] = await rows<{ id: number }>(
    db,
    sql`insert into brands (name, slug, name_ru, country) values (${NO_BRAND}, 'bez-brenda', ${NO_BRAND}, '') returning id`,
  );
  const insertProduct = (
    id: number,
    name: string,
    description: string,
    price: number,
    oldPrice: number | null,
    brandId = brand!.id,
  ) =>
    db.execute(sql`insert into products (id, slug, name, type, brand_id, category_id, description, composition, material, country, care, price, old_price, search_text, created_at)
      values (${id}, ${`fixture-${id}`}, ${name}, 'dress', ${brandId}, ${leaf!.id}, ${description}, '', 'хлопок', 'Италия', '', ${price}, ${oldPrice}, ${name}, now())`);
  // On sale, one of three sizes sold out, a name that needs escaping.
  await insertProduct(900001, NASTY_NAME, NASTY_DESCRIPTION, 1999.5, 2500);
  // Every size sold out.
  await insertProduct(900002, 'Платье распроданное', 'Нет в наличии', 3000, null);
  // No colour and no size at all: nothing can be ordered.
  await insertProduct(900003, 'Платье без размеров', 'Без предложений', 3000, null);
  const [o1] = await rows<{ id: number }>(
    db,
    sql`insert into offers (product_id, color_id, ext_id) values (900001, ${color!.id}, 'FX-1') returning id`,
  );
  const [o2] = await rows<{ id: number }>(
    db,
    sql`insert into offers (product_id, color_id, ext_id) values (900002, ${color!.id}, 'FX-2') returning id`,
  );
  // Imported without a picture that could be fetched: the shop's placeholder, and no brand.
  await insertProduct(PLACEHOLDER_ONLY, 'Платье импортное без фото', 'Из фида', 4000, null, noBrand!.id);
  // No brand, a real picture, the retailer's article.
  await insertProduct(NO_BRAND_REAL_PICTURE, 'Платье импортное', 'Из фида', 4100, null, noBrand!.id);
  await db.execute(sql`update products set article = '5420-А' where id = ${NO_BRAND_REAL_PICTURE}`);
  const [o4] = await rows<{ id: number }>(
    db,
    sql`insert into offers (product_id, color_id, ext_id) values (${PLACEHOLDER_ONLY}, ${color!.id}, 'FX-4') returning id`,
  );
  const [o5] = await rows<{ id: number }>(
    db,
    sql`insert into offers (product_id, color_id, ext_id) values (${NO_BRAND_REAL_PICTURE}, ${color!.id}, 'FX-5') returning id`,
  );
  await db.execute(sql`insert into offer_features (offer_id, kind, name, ext_id, stock, sort) values
    (${o1!.id}, 'size', 'S', 'FX-1-S', 3, 0), (${o1!.id}, 'size', 'M', 'FX-1-M', 0, 1), (${o1!.id}, 'size', 'L', 'FX-1-L', 5, 2),
    (${o2!.id}, 'size', 'S', 'FX-2-S', 0, 0), (${o2!.id}, 'size', 'M', 'FX-2-M', 0, 1),
    (${o4!.id}, 'size', 'M', 'FX-4-M', 2, 0), (${o5!.id}, 'size', 'M', 'FX-5-M', 2, 0)`);
  await db.execute(sql`insert into product_images (product_id, offer_id, url, alt, is_main, width, height, sort, is_placeholder) values
    (900001, ${o1!.id}, '/media/fx/1-back.webp', 'x', false, 800, 1067, 1, false), (900001, ${o1!.id}, '/media/fx/1-front.webp', 'x', true, 800, 1067, 0, false),
    (900002, ${o2!.id}, '/media/fx/2.webp', 'x', true, 800, 1067, 0, false),
    (${PLACEHOLDER_ONLY}, ${o4!.id}, '/media/p/dress/chernyj/0-0.webp', 'x', true, 800, 1067, 0, true),
    (${NO_BRAND_REAL_PICTURE}, ${o5!.id}, '/media/import/fx-5.webp', 'x', true, 800, 1067, 0, false),
    (${NO_BRAND_REAL_PICTURE}, ${o5!.id}, '/media/p/dress/chernyj/0-1.webp', 'x', false, 800, 1067, 1, true)`);
  sizes = await rows<SizeRow>(
    db,
    sql`select o.product_id, f.kind, f.name, f.ext_id, f.stock, p.price, p.old_price, c.slug as color_slug
        from offer_features f join offers o on o.id = f.offer_id join products p on p.id = o.product_id join colors c on c.id = o.color_id`,
  );
  feedDir = await mkdtemp(path.join(tmpdir(), 'feeds-test-'));
  feedFiles = startFeedFiles(db, { dir: feedDir, intervalMs: 60_000, siteUrl: SITE, shopName: 'Lumière' });
  await feedFiles.idle();
}, 120_000);

afterAll(async () => {
  await feedFiles?.stop();
  await api?.close();
  if (feedDir) await rm(feedDir, { recursive: true, force: true });
});

/** The sellable variants the database says exist: sizes, and top × bottom pairs of separates. */
function expectedVariants(onlyInStock: boolean) {
  const byProduct = new Map<number, SizeRow[]>();
  for (const s of sizes) byProduct.set(s.product_id, [...(byProduct.get(s.product_id) ?? []), s]);
  const out = new Map<
    string,
    { productId: number; stock: number; price: number; oldPrice: number | null; size: string; color: string }
  >();
  for (const [productId, list] of byProduct) {
    const price = Number(list[0]!.price);
    const oldPrice = list[0]!.old_price === null ? null : Number(list[0]!.old_price);
    const add = (id: string, stock: number, size: string, color: string) => {
      if (!onlyInStock || stock > 0) out.set(id, { productId, stock, price, oldPrice, size, color });
    };
    for (const s of list.filter((f) => f.kind === 'size')) add(s.ext_id, s.stock, s.name, s.color_slug);
    // Separates: pairs within one colour (ext_id = {offer ext_id}-T-…/-B-…).
    const tops = list.filter((f) => f.kind === 'top');
    for (const t of tops) {
      const offerExt = t.ext_id.replace(/-T-[^-]+$/, '');
      for (const b of list.filter((f) => f.kind === 'bottom' && f.ext_id.startsWith(`${offerExt}-B-`))) {
        add(`${t.ext_id}_${b.ext_id}`, Math.min(t.stock, b.stock), `${t.name}/${b.name}`, t.color_slug);
      }
    }
  }
  return out;
}

describe('GET /api/v1/feeds/yml.xml (issue #15, Yandex Market YML)', () => {
  let doc: XmlNode;
  let offers: XmlNode[];
  let headers: Headers;

  beforeAll(async () => {
    const res = await text('/api/v1/feeds/yml.xml');
    expect(res.status).toBe(200);
    headers = res.headers;
    doc = parseXml(res.body);
    offers = all(one(one(doc, 'shop'), 'offers'), 'offer');
  });

  it('is a yml_catalog with the shop, RUR and the category tree', () => {
    expect(doc.name).toBe('yml_catalog');
    expect(doc.attrs.date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const shop = one(doc, 'shop');
    expect(textOf(shop, 'name')).toBeTruthy();
    expect(textOf(shop, 'url')).toBe(`${SITE}/`);
    const currency = one(one(shop, 'currencies'), 'currency');
    expect(currency.attrs).toEqual({ id: 'RUR', rate: '1' });
    const categories = all(one(shop, 'categories'), 'category');
    const ids = new Set(categories.map((c) => c.attrs.id));
    for (const c of categories) if (c.attrs.parentId) expect(ids.has(c.attrs.parentId)).toBe(true);
    for (const offer of offers) expect(ids.has(textOf(offer, 'categoryId')!)).toBe(true);
  });

  it('lists every size in stock once, with its price, old price and stock, and no sold-out size', () => {
    const expected = expectedVariants(true);
    const seen = new Map(offers.map((o) => [o.attrs.id!, o]));
    expect(seen.size).toBe(offers.length);
    expect([...seen.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [id, want] of expected) {
      const offer = seen.get(id)!;
      expect(offer.attrs.available).toBe('true');
      expect(offer.attrs.group_id).toBe(String(want.productId));
      expect(Number(textOf(offer, 'price'))).toBe(want.price);
      expect(textOf(offer, 'oldprice') === undefined ? null : Number(textOf(offer, 'oldprice'))).toBe(want.oldPrice);
      expect(Number(textOf(offer, 'count'))).toBe(want.stock);
      expect(textOf(offer, 'currencyId')).toBe('RUR');
      const size = all(offer, 'param').find((p) => p.attrs.name === 'Размер');
      expect(size?.text).toBe(want.size);
      expect(all(offer, 'param').find((p) => p.attrs.name === 'Цвет')?.text).toBeTruthy();
      if (want.productId < PLACEHOLDER_ONLY) expect(textOf(offer, 'vendor')).toBeTruthy();
    }
  });

  it('links each offer to its product page with the colour and size, pictures absolute', () => {
    for (const offer of offers) {
      const url = new URL(textOf(offer, 'url')!);
      expect(url.origin).toBe(SITE);
      expect(url.searchParams.get('color')).toBeTruthy();
      expect(url.searchParams.get('size') ?? url.searchParams.get('top')).toBeTruthy();
      for (const picture of all(offer, 'picture')) expect(picture.text.startsWith(`${SITE}/`)).toBe(true);
    }
    const fixture = offers.find((o) => o.attrs.id === 'FX-1-S')!;
    const color = new URL(textOf(fixture, 'url')!).searchParams.get('color');
    expect(textOf(fixture, 'url')).toBe(`${SITE}${fixturePath}?color=${color}&size=S`);
    expect(all(fixture, 'picture').map((p) => p.text)).toEqual([
      `${SITE}/media/fx/1-front.webp`,
      `${SITE}/media/fx/1-back.webp`,
    ]);
  });

  it('keeps names with & < " and control characters intact and well-formed', () => {
    const fixture = offers.find((o) => o.attrs.id === 'FX-1-L')!;
    expect(textOf(fixture, 'name')).toBe('Топ "Ночь" & <день> М&Ms');
    expect(textOf(fixture, 'description')).toBe('Описание с <b>тегом</b> & «кавычками» и вертикальной табуляцией');
    expect(textOf(fixture, 'price')).toBe('1999.50');
    expect(textOf(fixture, 'oldprice')).toBe('2500');
  });

  it('leaves out sold-out sizes and products with nothing to order', () => {
    expect(offers.some((o) => o.attrs.id === 'FX-1-M')).toBe(false);
    expect(offers.some((o) => o.attrs.group_id === '900002')).toBe(false);
    expect(offers.some((o) => o.attrs.group_id === '900003')).toBe(false);
  });

  it('names no placeholder picture and no «Без бренда» vendor; such an offer stays without them', () => {
    const placeholderOnly = offers.find((o) => o.attrs.id === 'FX-4-M')!;
    expect(placeholderOnly).toBeDefined();
    expect(all(placeholderOnly, 'picture')).toEqual([]);
    expect(textOf(placeholderOnly, 'vendor')).toBeUndefined();
    const realPicture = offers.find((o) => o.attrs.id === 'FX-5-M')!;
    expect(all(realPicture, 'picture').map((p) => p.text)).toEqual([`${SITE}/media/import/fx-5.webp`]);
    expect(textOf(realPicture, 'vendor')).toBeUndefined();
    for (const offer of offers) expect(textOf(offer, 'vendor')).not.toBe(NO_BRAND);
  });

  it('names the retailer’s article as vendorCode, and none where the shop has none', () => {
    expect(
      textOf(
        offers.find((o) => o.attrs.id === 'FX-5-M')!,
        'vendorCode',
      ),
    ).toBe('5420-А');
    expect(
      textOf(
        offers.find((o) => o.attrs.id === 'FX-4-M')!,
        'vendorCode',
      ),
    ).toBeUndefined();
  });

  it('is public and cached briefly, never for good', () => {
    expect(headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const cc = headers.get('cache-control')!;
    expect(cc).toContain('public');
    expect(Number(/s-maxage=(\d+)/.exec(cc)?.[1])).toBeLessThanOrEqual(600);
    expect(cc).not.toContain('immutable');
  });

  it('reads the catalogue in keyset pages: any page size gives the same document', async () => {
    const now = new Date('2026-06-01T10:00:00Z');
    const options = { siteUrl: SITE, shopName: 'X', now };
    const small = await collect(ymlFeed(api.handle.db, { ...options, pageSize: 7 }));
    const large = await collect(ymlFeed(api.handle.db, { ...options, pageSize: 1000 }));
    expect(small).toBe(large);
    expect(small).toContain('<yml_catalog date="2026-06-01 13:00">');
  });
});

describe('GET /api/v1/feeds/google-merchant.xml (issue #15, Google Merchant RSS 2.0)', () => {
  let items: XmlNode[];
  let doc: XmlNode;

  beforeAll(async () => {
    const res = await text('/api/v1/feeds/google-merchant.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('s-maxage=');
    doc = parseXml(res.body);
    items = all(one(doc, 'channel'), 'item');
  });

  it('is RSS 2.0 in the g: namespace', () => {
    expect(doc.name).toBe('rss');
    expect(doc.attrs.version).toBe('2.0');
    expect(doc.attrs['xmlns:g']).toBe('http://base.google.com/ns/1.0');
    expect(textOf(one(doc, 'channel'), 'link')).toBe(`${SITE}/`);
  });

  it('lists every size, sold out ones as out_of_stock, with price and sale price', () => {
    const expected = expectedVariants(false);
    // Issue #28 item 7: only placeholder pictures, so no item (Google refuses such items).
    expected.delete('FX-4-M');
    const seen = new Map(items.map((i) => [textOf(i, 'g:id')!, i]));
    expect(seen.size).toBe(items.length);
    expect([...seen.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [id, want] of expected) {
      const item = seen.get(id)!;
      expect(textOf(item, 'g:item_group_id')).toBe(String(want.productId));
      expect(textOf(item, 'g:availability')).toBe(want.stock > 0 ? 'in_stock' : 'out_of_stock');
      if (want.oldPrice !== null) {
        expect(textOf(item, 'g:price')).toBe(`${want.oldPrice.toFixed(2)} RUB`);
        expect(textOf(item, 'g:sale_price')).toBe(`${want.price.toFixed(2)} RUB`);
      } else {
        expect(textOf(item, 'g:price')).toBe(`${want.price.toFixed(2)} RUB`);
        expect(textOf(item, 'g:sale_price')).toBeUndefined();
      }
      expect(textOf(item, 'g:size')).toBe(want.size);
      expect(textOf(item, 'g:condition')).toBe('new');
      for (const field of ['title', 'description', 'link', 'g:image_link', 'g:color'])
        expect(textOf(item, field), field).toBeTruthy();
      if (want.productId < PLACEHOLDER_ONLY) expect(textOf(item, 'g:brand')).toBeTruthy();
      expect(new URL(textOf(item, 'link')!).origin).toBe(SITE);
      expect(textOf(item, 'g:image_link')!.startsWith(`${SITE}/`)).toBe(true);
    }
  });

  it('says who a product is for where its section does', () => {
    const bySection = (section: string) =>
      items.filter((i) => new URL(textOf(i, 'link')!).pathname.startsWith(`/${section}/`));
    for (const item of bySection('muzhskoe'))
      expect([textOf(item, 'g:gender'), textOf(item, 'g:age_group')]).toEqual(['male', 'adult']);
    for (const item of bySection('kupalniki'))
      expect([textOf(item, 'g:gender'), textOf(item, 'g:age_group')]).toEqual(['female', 'adult']);
    for (const item of bySection('detskoe')) expect(textOf(item, 'g:age_group')).toBe('kids');
    expect(bySection('kupalniki').length).toBeGreaterThan(0);
  });

  it('keeps the sold-out product, drops the one without sizes, escapes the name, lists every photo', () => {
    expect(
      items.filter((i) => textOf(i, 'g:item_group_id') === '900002').map((i) => textOf(i, 'g:availability')),
    ).toEqual(['out_of_stock', 'out_of_stock']);
    expect(items.some((i) => textOf(i, 'g:item_group_id') === '900003')).toBe(false);
    const fixture = items.find((i) => textOf(i, 'g:id') === 'FX-1-M')!;
    expect(textOf(fixture, 'title')).toMatch(/^Топ "Ночь" & <день> М&Ms .+, размер M$/);
    expect(textOf(fixture, 'g:image_link')).toBe(`${SITE}/media/fx/1-front.webp`);
    expect(all(fixture, 'g:additional_image_link').map((n) => n.text)).toEqual([`${SITE}/media/fx/1-back.webp`]);
  });

  it('leaves out an offer whose pictures are all placeholders, and never publishes «Без бренда»', () => {
    expect(items.some((i) => textOf(i, 'g:item_group_id') === String(PLACEHOLDER_ONLY))).toBe(false);
    const item = items.find((i) => textOf(i, 'g:id') === 'FX-5-M')!;
    expect(textOf(item, 'g:image_link')).toBe(`${SITE}/media/import/fx-5.webp`);
    expect(all(item, 'g:additional_image_link')).toEqual([]);
    expect(textOf(item, 'g:brand')).toBeUndefined();
    expect(textOf(item, 'title')).toMatch(/^Платье импортное, .+, размер M$/);
    for (const i of items) {
      expect(textOf(i, 'g:brand')).not.toBe(NO_BRAND);
      expect(textOf(i, 'title')).not.toContain(NO_BRAND);
    }
  });

  it('gives the same document for any page size', async () => {
    const options = { siteUrl: SITE, shopName: 'X' };
    expect(await collect(googleMerchantFeed(api.handle.db, { ...options, pageSize: 5 }))).toBe(
      await collect(googleMerchantFeed(api.handle.db, { ...options, pageSize: 1000 })),
    );
  });
});
