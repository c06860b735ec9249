/**
 * Issue #34 items 1–3: one source of every delivery promise. The owner's delivery settings and
 * stores are read by the checkout quote and the order, the info pages the API serves, the
 * storefront's JSON-LD builder (fed by `GET /v1/delivery_terms/`) and the YML feed; changing the
 * free-delivery threshold once shows on all of them. Pickup is offered at the stores' real
 * addresses in Moscow and St Petersburg and recorded on the order; the pages promise no method
 * checkout does not offer.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateOrderResponse, DeliveryOptionsResponse } from '@/lib/api/contract/checkout';
import { DeliveryTermsResponse, type DeliverySettings } from '@/lib/api/contract/delivery-terms';
import { InfoPage } from '@/lib/api/contract/publications';
import { shippingDetailsJsonLd } from '@/lib/delivery-terms';
import { cities, offerFeatures, offers, orders, products, shopSettings, shopStores } from '../../db/schema';
import { ensureShopRecords } from '../../seed/shop';
import { DEFAULT_DELIVERY_SETTINGS, saveDeliverySettings } from '../../services/delivery/terms';
import { ymlHead } from '../../services/feeds/yml';
import { call, createTestApi, type TestApi } from '../../test-utils';

let api: TestApi;
const city: Record<string, number> = {};
let size: { offerId: number; extId: string; price: number };

const CONTACT = { fio: 'Петрова Мария Ивановна', email: 'maria@example.ru', phone: '+7(916)-123-45-67' };
/** Spaces as text: prices are written with no-break spaces. */
const plain = (s: string) => s.replace(/\u00A0/g, ' ');

beforeAll(async () => {
  api = await createTestApi(40);
  const db = api.handle.db;
  for (const name of ['Москва', 'Санкт-Петербург', 'Сочи', 'Владивосток']) {
    const [row] = await db.select({ id: cities.id }).from(cities).where(eq(cities.name, name));
    city[name] = row!.id;
  }
  const [row] = await db
    .select({ offerId: offerFeatures.offerId, extId: offerFeatures.extId, price: products.price })
    .from(offerFeatures)
    .innerJoin(offers, eq(offers.id, offerFeatures.offerId))
    .innerJoin(products, eq(products.id, offers.productId))
    .where(eq(offerFeatures.kind, 'size'))
    .limit(1);
  size = { ...row!, price: Number(row!.price) };
  await db.update(offerFeatures).set({ stock: 1000 }).where(eq(offerFeatures.extId, size.extId));
});
afterAll(async () => {
  await api?.close();
});

/** A new basket with goods worth at least `rubles`; returns its Cookie header and the goods total. */
async function basketWorth(rubles: number): Promise<{ cookie: string; goods: number }> {
  const quantity = Math.max(1, Math.ceil(rubles / size.price));
  const res = await call(api, 'POST', '/api/v2/cart/', { offer: size.offerId, feature: size.extId, quantity });
  expect(res.status).toBe(200);
  return { cookie: res.setCookie!.split(';')[0]!, goods: quantity * size.price };
}

async function options(cityName: string, cookie?: string) {
  const res = await call(api, 'POST', '/api/v1/check_delivery/', { city_id: city[cityName] }, cookie ? { cookie } : {});
  expect(res.status).toBe(200);
  return DeliveryOptionsResponse.parse(res.json).results;
}

async function pageText(path: string): Promise<string> {
  const res = await call(api, 'GET', `/api/v1/about/${path}`);
  expect(res.status).toBe(200);
  return plain(InfoPage.parse(res.json).text);
}

async function terms() {
  return DeliveryTermsResponse.parse((await call(api, 'GET', '/api/v1/delivery_terms/')).json);
}

async function order(cookie: string, delivery: Record<string, unknown>) {
  const res = await call(
    api,
    'POST',
    '/api/v2/order/',
    { contact: CONTACT, delivery, personal_data_consent: true, payment_method: 'card' },
    { cookie },
  );
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return CreateOrderResponse.parse(res.json).order;
}

const courierTo = (cityName: string) => ({
  method: 'courier',
  city_id: city[cityName],
  street: 'Тверская',
  house: '12',
  postcode: '125009',
});

describe('the free-delivery threshold, one setting for every promise (item 1)', () => {
  it('defaults: courier 400 ₽ in Moscow, free from 15 000 ₽ of goods, as the page says', async () => {
    const below = await basketWorth(1);
    expect(below.goods).toBeLessThan(15000);
    expect((await options('Москва', below.cookie))[0]).toMatchObject({ method: 'courier' });
    expect((await options('Москва', below.cookie))[0]!.cost).toBeGreaterThanOrEqual(400);
    const above = await basketWorth(15000);
    const courier = (await options('Москва', above.cookie)).find((o) => o.method === 'courier')!;
    expect(courier.cost).toBe(0);
    // The threshold covers the courier only; CDEK's pickup points keep their price.
    expect((await options('Москва', above.cookie)).find((o) => o.method === 'cdek')!.cost).toBeGreaterThanOrEqual(250);
    expect(await pageText('delivery-and-payments')).toContain(
      '400 ₽ (+40 ₽ за каждый следующий кг), от 15 000 ₽ бесплатно',
    );
    const created = await order(above.cookie, courierTo('Москва'));
    expect(created.delivery_cost).toBe(0);
    expect(created.total).toBe(above.goods);
  });

  it('a changed threshold shows in the quote, the order, the info page, the JSON-LD and the terms the storefront reads', async () => {
    const settings: DeliverySettings = { ...DEFAULT_DELIVERY_SETTINGS, free_from: 40000 };
    await saveDeliverySettings(api.handle.db, settings);
    try {
      const between = await basketWorth(16000);
      expect(between.goods).toBeLessThan(40000);
      const quoted = (await options('Москва', between.cookie)).find((o) => o.method === 'courier')!;
      expect(quoted.cost).toBeGreaterThan(0);
      const charged = await order(between.cookie, courierTo('Москва'));
      expect(charged.delivery_cost).toBe(quoted.cost);

      const above = await basketWorth(40000);
      expect((await options('Москва', above.cookie)).find((o) => o.method === 'courier')!.cost).toBe(0);
      expect((await order(above.cookie, courierTo('Москва'))).delivery_cost).toBe(0);

      const text = await pageText('delivery-and-payments');
      expect(text).toContain('от 40 000 ₽ бесплатно');
      expect(text).not.toContain('15 000');

      const published = await terms();
      expect(published.settings.free_from).toBe(40000);
      const rate = (price: number) =>
        (shippingDetailsJsonLd(published, price)[0]!.shippingRate as { value: number }).value;
      // Per zone the cheapest offered method: CDEK's pickup point below the threshold, the free courier above.
      expect(rate(20000)).toBe(250);
      expect(rate(45000)).toBe(0);

      expect(await ymlHead(api.handle.db, { siteUrl: 'https://shop.test', shopName: 'Lumière' })).toContain(
        '<delivery-options><option cost="400" days="1-2"/></delivery-options>',
      );
    } finally {
      await saveDeliverySettings(api.handle.db, DEFAULT_DELIVERY_SETTINGS);
    }
  });

  it('refuses settings that break the contract', async () => {
    await expect(saveDeliverySettings(api.handle.db, { ...DEFAULT_DELIVERY_SETTINGS, methods: [] })).rejects.toThrow(
      'Нужен хотя бы один способ доставки',
    );
  });
});

describe('pickup at the stores of /address and /contacts (item 2)', () => {
  it('Moscow and St Petersburg offer their store, Sochi and Vladivostok none', async () => {
    const moscow = (await options('Москва')).find((o) => o.method === 'pickup')!;
    expect(moscow).toMatchObject({ cost: 0, source: 'shop' });
    expect(moscow.note).toContain('Пресненская наб., д. 10, стр. 2');
    expect(moscow.note).not.toContain('Петровка');
    const spb = (await options('Санкт-Петербург')).find((o) => o.method === 'pickup')!;
    expect(spb.stores).toEqual([expect.objectContaining({ name: 'Санкт-Петербург, ТРЦ «Галерея»' })]);
    expect(spb.note).toContain('Лиговский пр., д. 30А');
    expect((await options('Сочи')).some((o) => o.method === 'pickup')).toBe(false);
    expect((await options('Владивосток')).some((o) => o.method === 'pickup')).toBe(false);
  });

  it('the order records the chosen store; another city’s store is refused', async () => {
    const { cookie } = await basketWorth(1);
    const created = await order(cookie, { method: 'pickup', city_id: city['Санкт-Петербург'] });
    const [row] = await api.handle.db.select().from(orders).where(eq(orders.id, created.pk));
    expect(row!.deliveryAddress).toBe('г. Санкт-Петербург, Лиговский пр., д. 30А, 2 этаж (ТРЦ «Галерея»)');
    expect(created.delivery_cost).toBe(0);

    const [msk] = await api.handle.db.select().from(shopStores).where(eq(shopStores.city, 'Москва'));
    const wrong = await call(
      api,
      'POST',
      '/api/v2/order/',
      {
        contact: CONTACT,
        delivery: { method: 'pickup', city_id: city['Санкт-Петербург'], store_id: msk!.id },
        personal_data_consent: true,
        payment_method: 'card',
      },
      { cookie: (await basketWorth(1)).cookie },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.json.message).toBe('Выберите магазин для самовывоза');
  });

  it('/address and /contacts are written from the same records', async () => {
    const address = await pageText('address');
    expect(address).toContain('## Москва, шоурум');
    expect(address).toContain('Пресненская наб., д. 10, стр. 2');
    expect(address).toContain('## Санкт-Петербург, ТРЦ «Галерея»');
    expect(address).toContain('Самовывоз бесплатно');
    expect(address).not.toContain('{{');
    const contacts = await pageText('contacts');
    expect(contacts).toContain('- Москва, шоурум: Пресненская наб., д. 10, стр. 2');
    expect(contacts).toContain('- Сочи, ТРЦ «МореМолл»');

    await api.handle.db
      .update(shopStores)
      .set({ hours: 'Ежедневно с 11:00 до 21:00' })
      .where(eq(shopStores.city, 'Москва'));
    try {
      expect(await pageText('address')).toContain('Ежедневно с 11:00 до 21:00');
      expect((await options('Москва')).find((o) => o.method === 'pickup')!.note).toContain('с 11:00 до 21:00');
    } finally {
      await api.handle.db
        .update(shopStores)
        .set({ hours: 'Ежедневно с 10:00 до 22:00' })
        .where(eq(shopStores.city, 'Москва'));
    }
  });
});

describe('the pages promise what checkout offers (item 3)', () => {
  it('no payment on delivery, no Почта России; the methods follow the settings', async () => {
    const page = await pageText('delivery-and-payments');
    expect(page).not.toMatch(/Почт[аы] России|при получении|наличными/);
    expect(page).toContain('Банковской картой на сайте');
    expect(page).toContain('Через СБП');
    expect(await pageText('publick-offer')).not.toContain('при получении');

    await saveDeliverySettings(api.handle.db, {
      ...DEFAULT_DELIVERY_SETTINGS,
      methods: ['courier', 'pickup'],
      payment_methods: ['card', 'giftcard'],
    });
    try {
      expect((await options('Москва')).map((o) => o.method)).toEqual(['courier', 'pickup']);
      const res = await call(api, 'POST', '/api/v1/cdek_calc/', { city_id: city['Москва'], method: 'cdek' });
      expect(DeliveryOptionsResponse.parse(res.json).results).toEqual([]);
      const text = await pageText('delivery-and-payments');
      expect(text).not.toContain('СДЭК');
      expect(text).not.toContain('СБП');
    } finally {
      await saveDeliverySettings(api.handle.db, DEFAULT_DELIVERY_SETTINGS);
    }
  });
});

describe('a database seeded before the settings existed (ensureShopRecords)', () => {
  it('gets the settings and the stores once; stores the owner kept are not duplicated', async () => {
    const db = api.handle.db;
    const before = (await db.select().from(shopStores)).length;
    await db.delete(shopSettings);
    expect(await ensureShopRecords(db)).toBe(true);
    expect(await ensureShopRecords(db)).toBe(false);
    expect((await db.select().from(shopStores)).length).toBe(before);
    expect((await terms()).settings).toEqual(DEFAULT_DELIVERY_SETTINGS);
  });
});
