/**
 * Shopper notices API (issue #33 items 2–4): back in stock per size (double opt-in for guests, one
 * mail per subscriber when the size's stock goes 0 → >0, whatever writes it), the daily price-drop
 * mail of favourites, and orders in one click (stock reserved, idempotent, in 1C's `sale query`).
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TokenResponse } from '@/lib/api/contract/accounts';
import { ApiError } from '@/lib/api/contract/common';
import { OneClickResponse, StockNoticeList, StockNoticeResponse } from '@/lib/api/contract/notices';
import { offerFeatures, offers, orders, products, stockNotices, subscriptions } from '../../db/schema';
import { startChangeEvents } from '../../services/change-events';
import { runPriceDrop } from '../../services/notices/price-drop';
import { sendDueStockNotices } from '../../services/notices/stock-notices';
import { ordersDocument } from '../../services/order-exchange';
import { call, createTestApi, type TestApi } from '../../test-utils';
import type { MailMessage } from '../../services/mail';

const mail = vi.hoisted(() => ({ sent: [] as MailMessage[] }));
vi.mock('../../services/mail', () => ({
  sendMail: async (message: MailMessage) => {
    mail.sent.push(message);
    return { via: 'file', file: 'test.eml' };
  },
}));

let api: TestApi;
let n = 0;
/** A distinct client address per call site, so the per-client limits of one test do not meet another's. */
const client = () => ({ 'x-forwarded-for': `10.33.0.${++n}` });

beforeAll(async () => {
  api = await createTestApi(20);
}, 120_000);
afterAll(async () => {
  await api?.close();
});
beforeEach(() => {
  mail.sent.length = 0;
});

/** Sizes (kind "size") of the seeded catalogue, `count` of them, set to stock 0. */
async function soldOutSizes(count: number, skip = 0) {
  const rowsOf = await api.handle.db
    .select({ id: offerFeatures.id, extId: offerFeatures.extId, offerId: offerFeatures.offerId })
    .from(offerFeatures)
    .where(eq(offerFeatures.kind, 'size'))
    .orderBy(offerFeatures.id)
    .offset(skip)
    .limit(count);
  for (const row of rowsOf)
    await api.handle.db.update(offerFeatures).set({ stock: 0 }).where(eq(offerFeatures.id, row.id));
  return rowsOf;
}
const setStock = (id: number, stock: number) =>
  api.handle.db.update(offerFeatures).set({ stock }).where(eq(offerFeatures.id, id));

async function register(email: string) {
  const res = await call(
    api,
    'POST',
    '/api/v1/sign_in/',
    {
      full_name: 'Ожидаева Мария',
      email,
      personal_data_consent: true,
      password_one: 'Secret123',
      password_two: 'Secret123',
    },
    client(),
  );
  return TokenResponse.parse(res.json).data.token;
}

function expectRussian400(res: { status: number; json: unknown }, status = 400) {
  expect(res.status).toBe(status);
  expect(ApiError.parse(res.json).message).toMatch(/[а-яё]/i);
}

const tokenOf = (message: MailMessage) => /\/notify\/confirm\/([A-Za-z0-9_-]+)/.exec(message.text)![1]!;

describe('back in stock for a size', () => {
  it('refuses bad input, sizes in stock and a missing consent with Russian 4xx', async () => {
    const [size] = await soldOutSizes(1, 40);
    expectRussian400(
      await call(
        api,
        'POST',
        '/api/v1/stock-notices/',
        { feature: size!.extId, email: 'not-an-email', personal_data_consent: true },
        client(),
      ),
    );
    expectRussian400(
      await call(api, 'POST', '/api/v1/stock-notices/', { feature: size!.extId, email: 'a@example.ru' }, client()),
    );
    expectRussian400(
      await call(
        api,
        'POST',
        '/api/v1/stock-notices/',
        { feature: 'no-such-size', email: 'a@example.ru', personal_data_consent: true },
        client(),
      ),
    );
    await setStock(size!.id, 4);
    expectRussian400(
      await call(
        api,
        'POST',
        '/api/v1/stock-notices/',
        { feature: size!.extId, email: 'a@example.ru', personal_data_consent: true },
        client(),
      ),
      409,
    );
    expect(mail.sent).toHaveLength(0);
  });

  it('asks a guest to confirm first; once confirmed, 0 → >0 mails exactly once even for two events, then ends', async () => {
    const [size] = await soldOutSizes(1, 41);
    const res = await call(
      api,
      'POST',
      '/api/v1/stock-notices/',
      { feature: size!.extId, email: 'Guest.Waits@Example.ru', personal_data_consent: true },
      client(),
    );
    expect(StockNoticeResponse.parse(res.json)).toMatchObject({ confirmed: false });
    expect(mail.sent).toHaveLength(1);
    expect(mail.sent[0]).toMatchObject({
      to: 'guest.waits@example.ru',
      subject: 'Подтвердите адрес для сообщения о поступлении',
    });
    const token = tokenOf(mail.sent[0]!);
    mail.sent.length = 0;

    // Unconfirmed: the size coming back mails nothing.
    await setStock(size!.id, 3);
    expect(await sendDueStockNotices(api.handle.db)).toBe(0);
    await setStock(size!.id, 0);

    expect((await call(api, 'POST', '/api/v1/stock-notices/confirm/', { token }, client())).status).toBe(200);
    expectRussian400(await call(api, 'POST', '/api/v1/stock-notices/confirm/', { token }, client()));
    expect(mail.sent).toHaveLength(0);

    // Two stock events (0 → 2, then 2 → 5) and two concurrent senders: one mail.
    await setStock(size!.id, 2);
    await setStock(size!.id, 5);
    const sent = await Promise.all([sendDueStockNotices(api.handle.db), sendDueStockNotices(api.handle.db)]);
    expect(sent[0] + sent[1]).toBe(1);
    expect(mail.sent).toHaveLength(1);
    expect(mail.sent[0]!.to).toBe('guest.waits@example.ru');
    expect(mail.sent[0]!.text).toContain(`?size=${encodeURIComponent(size!.extId)}`);
    expect(mail.sent[0]!.subject).toMatch(/^Снова в наличии/);

    // The subscription has ended: the next sell-out and return mail nothing.
    await setStock(size!.id, 0);
    await setStock(size!.id, 1);
    expect(await sendDueStockNotices(api.handle.db)).toBe(0);
    expect(mail.sent).toHaveLength(1);
  });

  it('confirms a shopper’s own address at once, lists and removes it in the profile', async () => {
    const token = await register('waiting.shopper@example.ru');
    const h = { authorization: `Token ${token}`, ...client() };
    const [a, b] = await soldOutSizes(2, 42);
    for (const size of [a!, b!]) {
      const res = await call(
        api,
        'POST',
        '/api/v1/stock-notices/',
        { feature: size.extId, email: 'waiting.shopper@example.ru', personal_data_consent: true },
        h,
      );
      expect(StockNoticeResponse.parse(res.json).confirmed).toBe(true);
    }
    expect(mail.sent).toHaveLength(0);
    const list = StockNoticeList.parse((await call(api, 'GET', '/api/v1/stock-notices/', undefined, h)).json);
    expect(list.results).toHaveLength(2);
    expect(list.results[0]!.path).toMatch(/\?size=/);
    const removed = StockNoticeList.parse(
      (await call(api, 'DELETE', `/api/v1/stock-notices/${list.results[0]!.id}/`, undefined, h)).json,
    );
    expect(removed.results).toHaveLength(1);
    expect((await call(api, 'GET', '/api/v1/stock-notices/')).status).toBe(401);
    expectRussian400(await call(api, 'DELETE', '/api/v1/stock-notices/abc/', undefined, h));
  });

  it('coalesces several sizes back in one statement into one mail per subscriber', async () => {
    const token = await register('two.sizes@example.ru');
    const h = { authorization: `Token ${token}`, ...client() };
    const sizes = await soldOutSizes(2, 44);
    for (const size of sizes)
      await call(
        api,
        'POST',
        '/api/v1/stock-notices/',
        { feature: size.extId, email: 'two.sizes@example.ru', personal_data_consent: true },
        h,
      );
    await api.handle.db.execute(
      sql`update offer_features set stock = 2 where id in (${sizes[0]!.id}, ${sizes[1]!.id})`,
    );
    expect(await sendDueStockNotices(api.handle.db)).toBe(1);
    expect(mail.sent).toHaveLength(1);
    expect(mail.sent[0]!.text.match(/\?size=/g)).toHaveLength(2);
  });

  it('is mailed by the change-event dispatcher after any writer’s stock change', async () => {
    const events = await startChangeEvents(api.handle, { coalesceMs: 10, pollMs: 100, priceDropIntervalMs: 0 });
    try {
      const token = await register('dispatcher@example.ru');
      const [size] = await soldOutSizes(1, 46);
      await call(
        api,
        'POST',
        '/api/v1/stock-notices/',
        { feature: size!.extId, email: 'dispatcher@example.ru', personal_data_consent: true },
        { authorization: `Token ${token}`, ...client() },
      );
      await setStock(size!.id, 7); // an operator's SQL
      await events.flush();
      await vi.waitFor(() => expect(mail.sent.filter((m) => m.to === 'dispatcher@example.ru')).toHaveLength(1), {
        timeout: 10_000,
      });
      const [row] = await api.handle.db
        .select()
        .from(stockNotices)
        .where(eq(stockNotices.email, 'dispatcher@example.ru'));
      expect(row!.sentAt).not.toBeNull();
    } finally {
      await events.stop();
    }
  });
});

describe('price drop of favourites', () => {
  it('mails a newsletter subscriber once a day about favourites ≥ 10 % cheaper, and nobody else', async () => {
    const db = api.handle.db;
    const subscriberToken = await register('price.watcher@example.ru');
    const otherToken = await register('no.ads@example.ru');
    await db.insert(subscriptions).values({
      email: 'price.watcher@example.ru',
      active: true,
      confirmedAt: new Date(),
      unsubscribeToken: 'unsub-price-watcher-token-123',
    });
    const ids = await db
      .select({ id: products.id, price: products.price })
      .from(products)
      .orderBy(products.id)
      .limit(3);
    for (const token of [subscriberToken, otherToken])
      await call(api, 'POST', '/api/v1/favorites/', { ids: ids.map((p) => p.id) }, { authorization: `Token ${token}` });
    const [big, small] = ids;
    await db
      .update(products)
      .set({ price: Math.round(big!.price * 0.85) })
      .where(eq(products.id, big!.id));
    await db
      .update(products)
      .set({ price: Math.round(small!.price * 0.95) })
      .where(eq(products.id, small!.id));

    const day0 = new Date('2030-01-10T09:00:00Z');
    expect(await runPriceDrop(db, { now: day0 })).toEqual({ ran: true, mailed: 1 });
    expect(mail.sent).toHaveLength(1);
    expect(mail.sent[0]!.to).toBe('price.watcher@example.ru');
    expect(mail.sent[0]!.text).toContain(`/${big!.id}/`);
    expect(mail.sent[0]!.text).not.toContain(`/${small!.id}/`);
    expect(mail.sent[0]!.text).toContain('/unsubscribe/unsub-price-watcher-token-123');

    // Another instance or a restart the same day: nothing.
    expect(await runPriceDrop(db, { now: new Date(day0.getTime() + 3_600_000) })).toEqual({ ran: false, mailed: 0 });
    // The next day, the drop already told is not told again.
    expect(await runPriceDrop(db, { now: new Date(day0.getTime() + 25 * 3_600_000) })).toEqual({
      ran: true,
      mailed: 0,
    });
    // A further 10 % fall is.
    await db
      .update(products)
      .set({ price: Math.round(big!.price * 0.85 * 0.8) })
      .where(eq(products.id, big!.id));
    expect(await runPriceDrop(db, { now: new Date(day0.getTime() + 50 * 3_600_000) })).toEqual({
      ran: true,
      mailed: 1,
    });
    expect(mail.sent).toHaveLength(2);
    expect(mail.sent.every((m) => m.to === 'price.watcher@example.ru')).toBe(true);
  });
});

describe('buy in one click', () => {
  async function sizeWithStock(stock: number, skip: number) {
    const [row] = await api.handle.db
      .select({ id: offerFeatures.id, extId: offerFeatures.extId, offerId: offerFeatures.offerId })
      .from(offerFeatures)
      .innerJoin(offers, eq(offers.id, offerFeatures.offerId))
      .where(
        and(
          eq(offerFeatures.kind, 'size'),
          sql`not exists (select 1 from offer_features t where t.offer_id = ${offerFeatures.offerId} and t.kind <> 'size')`,
        ),
      )
      .orderBy(offerFeatures.id)
      .offset(skip)
      .limit(1);
    await setStock(row!.id, stock);
    return row!;
  }
  const stockOf = async (id: number) =>
    (await api.handle.db.select({ s: offerFeatures.stock }).from(offerFeatures).where(eq(offerFeatures.id, id)))[0]!.s;

  it('refuses bad input with Russian 400s and stores nothing', async () => {
    const size = await sizeWithStock(3, 60);
    const item = { offer: size.offerId, feature: size.extId, quantity: 1 };
    const before = (await api.handle.db.select({ id: orders.id }).from(orders)).length;
    expectRussian400(
      await call(
        api,
        'POST',
        '/api/v1/one-click/',
        { name: 'Анна', phone: '123', personal_data_consent: true, item },
        client(),
      ),
    );
    expectRussian400(
      await call(
        api,
        'POST',
        '/api/v1/one-click/',
        { name: '', phone: '+7(912)-345-67-89', personal_data_consent: true, item },
        client(),
      ),
    );
    expectRussian400(
      await call(api, 'POST', '/api/v1/one-click/', { name: 'Анна', phone: '+7(912)-345-67-89', item }, client()),
    );
    expectRussian400(
      await call(
        api,
        'POST',
        '/api/v1/one-click/',
        { name: 'Анна', phone: '+7(912)-345-67-89', personal_data_consent: true },
        client(),
      ),
    );
    expect((await api.handle.db.select({ id: orders.id }).from(orders)).length).toBe(before);
    expect(await stockOf(size.id)).toBe(3);
  });

  it('reserves the stock once per Idempotency-Key and reaches 1C’s sale query', async () => {
    const size = await sizeWithStock(2, 61);
    const body = {
      name: 'Анна Звонкова',
      phone: '+7(912)-345-67-89',
      personal_data_consent: true,
      item: { offer: size.offerId, feature: size.extId, quantity: 1 },
    };
    const h = { 'idempotency-key': 'one-click-key-0001', ...client() };
    const first = OneClickResponse.parse((await call(api, 'POST', '/api/v1/one-click/', body, h)).json);
    expect(first.created).toBe(true);
    expect(first.message).toContain(first.order.number);
    const again = OneClickResponse.parse((await call(api, 'POST', '/api/v1/one-click/', body, h)).json);
    expect(again).toMatchObject({ created: false, order: first.order });
    expect(await stockOf(size.id)).toBe(1);
    expectRussian400(await call(api, 'POST', '/api/v1/one-click/', { ...body, name: 'Другое Имя' }, h), 409);

    const [order] = await api.handle.db.select().from(orders).where(eq(orders.number, first.order.number));
    expect(order).toMatchObject({
      contactFio: 'Анна Звонкова',
      contactPhone: '+79123456789',
      paymentMethod: 'one_click',
      status: 'new',
    });
    const xml = await ordersDocument(api.handle.db);
    expect(xml).toContain(`<Номер>${first.order.number}</Номер>`);
    expect(xml).toContain('Заказ в 1 клик');
    expect(xml).toContain('+79123456789');

    // The last piece goes; a third order finds nothing and changes nothing.
    const second = await call(api, 'POST', '/api/v1/one-click/', { ...body, name: 'Борис Второй' }, client());
    expect(second.status).toBe(200);
    expectRussian400(await call(api, 'POST', '/api/v1/one-click/', { ...body, name: 'Вера Третья' }, client()), 409);
    expect(await stockOf(size.id)).toBe(0);
  });

  it('orders the basket’s lines and empties the basket', async () => {
    const size = await sizeWithStock(5, 62);
    const added = await call(api, 'POST', '/api/v2/cart/', { offer: size.offerId, feature: size.extId }, client());
    const cookie = /cart_id=([^;]+)/.exec(added.setCookie ?? '')![0];
    const res = await call(
      api,
      'POST',
      '/api/v1/one-click/',
      { name: 'Галина Корзинкина', phone: '+7 (903) 111-22-33', personal_data_consent: true },
      { cookie, ...client() },
    );
    expect(OneClickResponse.parse(res.json).created).toBe(true);
    expect(await stockOf(size.id)).toBe(4);
    const cart = await call(api, 'GET', '/api/v2/cart/', undefined, { cookie });
    expect(cart.json.cart.count).toBe(0);
    expectRussian400(
      await call(
        api,
        'POST',
        '/api/v1/one-click/',
        { name: 'Галина Корзинкина', phone: '+79031112233', personal_data_consent: true },
        { cookie, ...client() },
      ),
    );
  });
});

describe('one-click order in the shopper’s history', () => {
  it('names its delivery and payment in Russian', async () => {
    const token = await register('one.click.history@example.ru');
    const [size] = await api.handle.db
      .select({ extId: offerFeatures.extId, offerId: offerFeatures.offerId, id: offerFeatures.id })
      .from(offerFeatures)
      .where(eq(offerFeatures.kind, 'size'))
      .orderBy(offerFeatures.id)
      .offset(70)
      .limit(1);
    await setStock(size!.id, 2);
    const h = { authorization: `Token ${token}`, ...client() };
    const made = await call(
      api,
      'POST',
      '/api/v1/one-click/',
      {
        name: 'Мария',
        phone: '+79001112233',
        personal_data_consent: true,
        item: { offer: size!.offerId, feature: size!.extId, quantity: 1 },
      },
      h,
    );
    expect(made.status).toBe(200);
    const preview = await call(api, 'GET', '/api/v1/history_order_preview/', undefined, h);
    const pk = preview.json.results[0].pk;
    const detail = await call(api, 'POST', '/api/v1/history_order_detail/', { pk }, h);
    expect(JSON.stringify(detail.json)).toContain('Уточнит оператор по телефону');
    expect(JSON.stringify(detail.json)).not.toMatch(/"method_name":"one_click"/);
  });
});
