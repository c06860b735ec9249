/**
 * Issue #15: a scripted 1C exchange session against the Hono app (checkauth → init → file (a zip
 * and a plain file in two chunks) → import → sale query → success → sale file), on the hand-written
 * CommerceML fixtures: GUID property values, lower-case characteristics, the price type from env,
 * a price of 0, a picture from the upload and a missing one, a changes-only package, re-import
 * without changes. Issue #28 item 3: a Yandex Market YML feed uploaded the same way (as
 * `npm run import` hands it to the running API) goes to the YML importer.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { categories, offerFeatures, offers, orders, productImages, products } from '../../db/schema';
import { call, createTestApi, oneItemOrder, type TestApi } from '../../test-utils';
import { isYmlFile } from './exchange.routes';

const FIXTURES = path.resolve(__dirname, '../../../tests/fixtures/import/cml');
const YML_FIXTURE = path.resolve(__dirname, '../../../tests/fixtures/import/handoff.yml');
const AUTH = `Basic ${Buffer.from('1c:секрет-обмена').toString('base64')}`;

let api: TestApi;
let tmp: string;
let cookie = '';

async function exchange(query: string, body?: Uint8Array | string, auth = true) {
  const headers: Record<string, string> = {};
  if (auth) headers.authorization = AUTH;
  if (cookie) headers.cookie = cookie;
  const res = await api.app.request(`/1c_exchange?${query}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers,
    ...(body !== undefined ? { body: body as BodyInit } : {}),
  });
  return { status: res.status, text: await res.text() };
}
const upload = async (file: string, name = file) =>
  exchange(
    `type=catalog&mode=file&filename=${encodeURIComponent(name)}`,
    new Uint8Array(await readFile(path.join(FIXTURES, file))),
  );
const lastChange = async () =>
  Number(
    (await rows<{ n: number }>(api.handle.db, sql`select coalesce(max(id), 0)::int as n from catalog_changes`))[0]!.n,
  );

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'exchange-'));
  Object.assign(process.env, {
    EXCHANGE_USER: '1c',
    EXCHANGE_PASSWORD: 'секрет-обмена',
    EXCHANGE_DIR: path.join(tmp, 'exchange'),
    IMPORT_MEDIA_DIR: path.join(tmp, 'media'),
    IMPORT_PRICE_TYPE: 'розничная',
    IMPORT_CATEGORY_MAP: '',
  });
  api = await createTestApi(30);
});
afterAll(async () => {
  await api?.close();
  for (const k of [
    'EXCHANGE_USER',
    'EXCHANGE_PASSWORD',
    'EXCHANGE_DIR',
    'IMPORT_MEDIA_DIR',
    'IMPORT_PRICE_TYPE',
    'IMPORT_CATEGORY_MAP',
  ])
    delete process.env[k];
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe('1C exchange, type=catalog (issue #15)', () => {
  it('refuses a wrong password', async () => {
    const res = await api.app.request('/1c_exchange?type=catalog&mode=checkauth', {
      headers: { authorization: `Basic ${Buffer.from('1c:нет').toString('base64')}` },
    });
    expect(res.status).toBe(401);
    expect(await res.text()).toBe('failure\nНеверный логин или пароль');
  });

  it('imports a zip and an offers file uploaded in chunks; the report comes back with success', async () => {
    const auth = await exchange('type=catalog&mode=checkauth');
    const [status, name, value] = auth.text.split('\n');
    expect(status).toBe('success');
    cookie = `${name}=${value}`;
    expect((await exchange('type=catalog&mode=init')).text).toMatch(/^zip=yes\nfile_limit=\d+\n$/);
    expect((await upload('exchange.zip')).text).toBe('success\n');
    const offersXml = await readFile(path.join(FIXTURES, 'offers.xml'));
    const half = Math.floor(offersXml.length / 2);
    expect(
      (await exchange('type=catalog&mode=file&filename=offers.xml', new Uint8Array(offersXml.subarray(0, half)))).text,
    ).toBe('success\n');
    expect(
      (await exchange('type=catalog&mode=file&filename=offers.xml', new Uint8Array(offersXml.subarray(half)))).text,
    ).toBe('success\n');

    const imp = await exchange('type=catalog&mode=import&filename=import.xml');
    expect(imp.text.split('\n')[0]).toBe('success');
    const off = await exchange('type=catalog&mode=import&filename=offers.xml');
    expect(off.text.split('\n')[0]).toBe('success');
    expect(off.text).toContain('Товары: создано 2, обновлено 0');
    expect(off.text).toContain('a1b2c3d4-0003 «Платок шёлковый»: цена 0 ₽');
    expect(off.text).toMatch(
      /картинка не загружена \(файл не найден\), показана заглушка: .*missing\.png — Футболка мужская базовая/,
    );

    const db = api.handle.db;
    const [swim] = await db.select().from(products).where(eq(products.extId, 'a1b2c3d4-0001'));
    expect(swim).toMatchObject({
      name: 'Купальник слитный «Волна»',
      price: 5490,
      material: 'полиамид',
      description: 'Плотная ткань,\nподкладка',
    });
    const [cat] = await db.select().from(categories).where(eq(categories.id, swim!.categoryId));
    expect(cat).toMatchObject({ path: 'kupalniki/slitnye', name: 'Слитные купальники' }); // joins the shop's category of the same name
    const swimOffers = await db.select().from(offers).where(eq(offers.productId, swim!.id));
    const sizes = await db
      .select()
      .from(offerFeatures)
      .where(
        inArray(
          offerFeatures.offerId,
          swimOffers.map((o) => o.id),
        ),
      );
    expect(Object.fromEntries(sizes.map((s) => [s.extId, [s.name, s.stock]]))).toEqual({
      'a1b2c3d4-0001#s42': ['42', 4],
      'a1b2c3d4-0001#s44': ['44', 2],
    });
    const images = await db.select().from(productImages).where(eq(productImages.productId, swim!.id));
    expect(images).toHaveLength(1);
    const picture = await api.app.request(images[0]!.url);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/webp');

    const [tee] = await db.select().from(products).where(eq(products.extId, 'a1b2c3d4-0002'));
    expect(tee).toMatchObject({ price: 1990, type: 'men-tshirt' });
    const teeSizes = await rows<{ name: string; stock: number }>(
      db,
      sql`select f.name, f.stock from offer_features f join offers o on o.id = f.offer_id where o.product_id = ${tee!.id}`,
    );
    expect(teeSizes).toEqual([{ name: 'ONE SIZE', stock: 5 }]);
    expect((await db.select().from(products).where(eq(products.extId, 'a1b2c3d4-0003'))).length).toBe(0);
    const runs = await rows<{ input: string; status: string }>(
      db,
      sql`select input, status from import_runs where source = 'commerceml' order by id`,
    );
    expect(runs).toEqual([
      { input: 'import.xml', status: 'success' },
      { input: 'offers.xml', status: 'success' },
    ]);
  });

  it('a second full exchange changes nothing; a changes-only package touches only what it names', async () => {
    const before = await lastChange();
    await exchange('type=catalog&mode=init');
    await upload('exchange.zip');
    await upload('offers.xml');
    expect((await exchange('type=catalog&mode=import&filename=import.xml')).text.split('\n')[0]).toBe('success');
    const again = await exchange('type=catalog&mode=import&filename=offers.xml');
    expect(again.text).toContain('изменено строк: 0');
    expect(await lastChange()).toBe(before);

    await exchange('type=catalog&mode=init');
    await upload('offers-changes.xml', 'offers.xml');
    const partial = await exchange('type=catalog&mode=import&filename=offers.xml');
    expect(partial.text.split('\n')[0]).toBe('success');
    const db = api.handle.db;
    const stock = await db
      .select({ extId: offerFeatures.extId, stock: offerFeatures.stock, name: offerFeatures.name })
      .from(offerFeatures)
      .where(sql`${offerFeatures.extId} like 'a1b2c3d4-0001#%'`);
    expect(Object.fromEntries(stock.map((s) => [s.extId, [s.name, s.stock]]))).toEqual({
      'a1b2c3d4-0001#s42': ['42', 4],
      'a1b2c3d4-0001#s44': ['44', 0],
    });
    const [swim] = await db.select().from(products).where(eq(products.extId, 'a1b2c3d4-0001'));
    expect(swim!.price).toBe(5490); // no price in the package: kept
    const changed = await rows<{ kind: string }>(
      db,
      sql`select distinct kind from catalog_changes where id > ${before}`,
    );
    expect(changed).toEqual([{ kind: 'stock' }]);
  });

  it('malformed XML answers failure naming the line', async () => {
    await exchange('type=catalog&mode=init');
    await exchange(
      'type=catalog&mode=file&filename=offers.xml',
      '<?xml version="1.0"?>\n<КоммерческаяИнформация>\n<ПакетПредложений>\n</КоммерческаяИнформация>',
    );
    const res = await exchange('type=catalog&mode=import&filename=offers.xml');
    expect(res.text).toMatch(/^failure\nОшибка XML в строке 4/);
  });
});

describe('1C exchange, type=sale (issue #15)', () => {
  it('sends new orders of imported goods, marks them exported, applies status changes', async () => {
    const db = api.handle.db;
    const [size] = await db
      .select({ offerId: offerFeatures.offerId, extId: offerFeatures.extId })
      .from(offerFeatures)
      .where(eq(offerFeatures.extId, 'a1b2c3d4-0001#s42'));
    const [city] = await rows<{ id: number }>(db, sql`select id from cities where name = 'Москва'`);
    const made = await call(
      api,
      'POST',
      '/api/v1/order/',
      oneItemOrder(
        { moscow: city!.id, size: size! },
        { fio: 'Смирнова Анна Сергеевна', email: 'anna.1c@example.ru', phone: '+7(916)-222-33-44' },
      ),
    );
    expect(made.status).toBe(201);
    const [order] = await db.select().from(orders).where(eq(orders.contactEmail, 'anna.1c@example.ru'));

    const query = await exchange('type=sale&mode=query');
    expect(query.text).toContain(`<Номер>${order!.number}</Номер>`);
    expect(query.text).toContain('<Ид>a1b2c3d4-0001#s42</Ид>');
    expect(query.text).toContain('<Наименование>Смирнова Анна Сергеевна</Наименование>');
    expect((await exchange('type=sale&mode=success')).text).toBe('success\n');
    expect((await exchange('type=sale&mode=query')).text).not.toContain(`<Номер>${order!.number}</Номер>`);

    const statuses = (await readFile(path.join(FIXTURES, 'statuses.xml'), 'utf8')).replace('NUMBER', order!.number);
    expect((await exchange('type=sale&mode=file&filename=orders.xml', statuses)).text).toBe(
      'success\nИзменено заказов: 1\n',
    );
    const [after] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, order!.id));
    expect(after!.status).toBe('shipped');
  });
});

describe('1C exchange, a YML feed (issue #28 item 3)', () => {
  it('imports a YML feed uploaded in chunks with the YML importer and answers its report; complete drops the upload', async () => {
    const feed = (await readFile(YML_FIXTURE, 'utf8')).replace('STOCK_42', '5');
    const bytes = Buffer.from(feed);
    const sessionsBefore = await readdir(path.join(tmp, 'exchange')).catch(() => [] as string[]);
    const auth = await exchange('type=catalog&mode=checkauth');
    const [, name, value] = auth.text.split('\n');
    cookie = `${name}=${value}`;
    await exchange('type=catalog&mode=init');
    // A neutral name: the root element, not the name, tells it is YML.
    for (const part of [bytes.subarray(0, 300), bytes.subarray(300)])
      expect((await exchange('type=catalog&mode=file&filename=catalogue.xml', new Uint8Array(part))).text).toBe(
        'success\n',
      );
    const res = await exchange('type=catalog&mode=import&filename=catalogue.xml');
    expect(res.text.split('\n')[0]).toBe('success');
    expect(res.text).toContain('Импорт catalogue.xml');
    expect(res.text).toContain('Товары: создано 1, обновлено 0');
    expect(res.text).toContain('Размеры: создано 2');
    expect(res.text).not.toContain(tmp); // no server paths in the report

    const db = api.handle.db;
    const sizes = await rows<{ name: string; stock: number; product: string }>(
      db,
      sql`select f.name, f.stock, p.name as product from offer_features f join offers o on o.id = f.offer_id
          join products p on p.id = o.product_id where p.name = 'Платье-рубашка «Передача»' order by f.name`,
    );
    expect(sizes).toEqual([
      { name: '42', stock: 5, product: 'Платье-рубашка «Передача»' },
      { name: '44', stock: 2, product: 'Платье-рубашка «Передача»' },
    ]);
    const [run] = await rows<{ source: string; status: string }>(
      db,
      sql`select source, status from import_runs where input = 'catalogue.xml' order by id desc limit 1`,
    );
    expect(run).toEqual({ source: 'yml', status: 'success' });

    const session = (await readdir(path.join(tmp, 'exchange'))).filter((d) => !sessionsBefore.includes(d));
    expect(session).toHaveLength(1);
    expect(await readdir(path.join(tmp, 'exchange', session[0]!))).toEqual(['catalogue.xml']);
    expect((await exchange('type=catalog&mode=complete')).text).toBe('success\n');
    expect(await readdir(path.join(tmp, 'exchange'))).not.toContain(session[0]);
  });

  it('tells YML from CommerceML by the root element, in UTF-8 and windows-1251, after a DOCTYPE and comments', async () => {
    const dir = path.join(tmp, 'sniff');
    await rm(dir, { recursive: true, force: true });
    await import('node:fs/promises').then((fs) => fs.mkdir(dir, { recursive: true }));
    const cases: [string, string, string | Buffer, boolean][] = [
      ['a', 'offers.xml', await readFile(YML_FIXTURE), true],
      ['b', 'import.xml', await readFile(path.join(FIXTURES, 'offers.xml')), false],
      [
        'c',
        'feed.xml',
        Buffer.from(
          '<?xml version="1.0" encoding="windows-1251"?>\n<!DOCTYPE yml_catalog [ <!ENTITY x "<b>"> ]>\n<!-- <offer> -->\n<yml_catalog date="x">\xcf\xeb\xe0\xf2\xfc\xe5</yml_catalog>',
          'latin1',
        ),
        true,
      ],
      ['d', 'feed.yml', '<КоммерческаяИнформация/>', false],
      ['e', 'feed.yml', '', true],
      ['f', 'feed.xml', '', false],
    ];
    for (const [file, name, body, yml] of cases) {
      await writeFile(path.join(dir, file), body);
      expect([name, await isYmlFile(path.join(dir, file), name)]).toEqual([name, yml]);
    }
  });
});
