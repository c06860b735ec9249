/**
 * Issue #29 through the API on the sandbox provider: every payment carries its 54-ФЗ receipt, СБП
 * gives a QR payload and a bank page, an order has one open attempt, a certificate cannot be paid
 * on top of a card payment (the money bug "charged twice"), and the operator cancels or refunds
 * some lines with refund receipts, exactly once; 1C's «Отменён» does the same.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CreateOrderResponse, OrderPaymentResponse } from '@/lib/api/contract/checkout';
import { toKopecks } from '@/lib/money';
import { giftCards, offerFeatures, orderItems, orderPayments, sandboxAcquiringOrders } from '../../db/schema';
import { DEMO_GIFT_CARDS } from '../../seed/checkout';
import { applyStatusFile } from '../../services/order-exchange';
import {
  call,
  createTestApi,
  oneItemOrder,
  orderFixture,
  restoreServerEnv,
  stubServerEnv,
  type OrderFixture,
  type TestApi,
} from '../../test-utils';

let api: TestApi;
let fixture: OrderFixture;
const TOKEN = 'operator-secret-0123456789abcdef';
const operator = { authorization: `Bearer ${TOKEN}` };

beforeAll(async () => {
  api = await createTestApi(20);
  fixture = await orderFixture(api, 500);
});
afterAll(async () => {
  await api?.close();
});
afterEach(() => restoreServerEnv());

async function newOrder(extra: Record<string, unknown> = {}) {
  const res = await call(
    api,
    'POST',
    '/api/v1/order/',
    oneItemOrder(
      fixture,
      { fio: 'Петрова Мария Ивановна', email: 'maria@example.ru', phone: '+7(916)-123-45-67' },
      extra,
    ),
  );
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return CreateOrderResponse.parse(res.json).order;
}

async function start(guid: string, method: 'card' | 'sbp' = 'card', headers: Record<string, string> = {}) {
  const res = await call(api, 'POST', '/api/v1/order_payment/', { guid, method }, headers);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return OrderPaymentResponse.parse(res.json);
}

const sandboxId = (formUrl: string) => new URL(formUrl, 'http://x').searchParams.get('orderId')!;

async function payCard(id: string) {
  return call(api, 'POST', '/api/v1/sandbox_acquiring/pay/', {
    id,
    pan: '4111111111111111',
    expiry: '12/30',
    cvc: '123',
  });
}

async function info(guid: string) {
  return (await call(api, 'POST', '/api/v1/get_order_info/', { guid })).json.order_info;
}

async function stock(): Promise<number> {
  const [row] = await api.handle.db
    .select({ stock: offerFeatures.stock })
    .from(offerFeatures)
    .where(eq(offerFeatures.extId, fixture.size.extId));
  return row!.stock;
}

describe('receipts and СБП on the sandbox', () => {
  it('lists the provider’s online methods for the checkout, none without a provider', async () => {
    expect((await call(api, 'GET', '/api/v1/payment_methods/')).json).toEqual({
      status: 'success',
      methods: ['card', 'sbp'],
    });
    stubServerEnv({ NODE_ENV: 'production', SITE_URL: 'https://shop.example.ru', PAYMENT_SANDBOX: '0' });
    expect((await call(api, 'GET', '/api/v1/payment_methods/')).json.methods).toEqual([]);
  });

  it('registers the receipt with the payment: lines and delivery add up to what is charged', async () => {
    const order = await newOrder();
    const payment = await start(order.guid);
    const shown = (await call(api, 'GET', `/api/v1/sandbox_acquiring/${sandboxId(payment.form_url)}/`)).json.payment;
    expect(shown.amount).toBe(order.to_pay);
    expect(shown.receipt).toMatchObject({ type: 'payment', customer: { email: 'maria@example.ru' }, taxSystem: 'osn' });
    const items = shown.receipt.items as Array<{ amount: number; subject: string; vat: string; mode: string }>;
    expect(items.reduce((s, i) => s + toKopecks(i.amount), 0)).toBe(toKopecks(order.to_pay));
    expect(items.map((i) => [i.subject, i.vat, i.mode])).toEqual([
      ['commodity', '22', 'full_prepayment'],
      ['service', '22', 'full_prepayment'],
    ]);
  });

  it('СБП: a QR payload on a desktop, the same attempt again, paid on the simulated bank page', async () => {
    const order = await newOrder();
    const sbp = await start(order.guid, 'sbp');
    expect(sbp).toMatchObject({
      method: 'sbp',
      provider: 'sandbox',
      form_url: expect.stringMatching(/^\/payment-sbp\?orderId=/),
    });
    expect(sbp.qr_payload).toMatch(/^https:\/\/qr\.nspk\.ru\//);
    expect(await start(order.guid, 'sbp')).toEqual(sbp);
    expect((await info(order.guid)).open_payment).toMatchObject({ method: 'sbp', qr_payload: sbp.qr_payload });
    const paid = await call(api, 'POST', '/api/v1/sandbox_acquiring/sbp/', {
      id: sandboxId(sbp.form_url),
      action: 'pay',
    });
    expect(paid.json.result).toBe('deposited');
    expect(await info(order.guid)).toMatchObject({ paid: true, open_payment: null });
  });

  it('switching from СБП to a card closes the СБП attempt first: it can no longer be paid', async () => {
    const order = await newOrder();
    const sbp = await start(order.guid, 'sbp');
    const card = await start(order.guid, 'card');
    expect(card.form_url).not.toBe(sbp.form_url);
    const late = await call(api, 'POST', '/api/v1/sandbox_acquiring/sbp/', {
      id: sandboxId(sbp.form_url),
      action: 'pay',
    });
    expect(late.status).toBe(409);
    const rows = await api.handle.db.select().from(orderPayments).where(eq(orderPayments.orderId, order.pk));
    expect(rows.map((r) => [r.method, r.status])).toEqual([
      ['sbp', 'cancelled'],
      ['card', 'created'],
    ]);
  });

  it('50 calls of order_payment register one payment and all get the same page', async () => {
    const order = await newOrder();
    const before = (await api.handle.db.select().from(sandboxAcquiringOrders)).length;
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => call(api, 'POST', '/api/v1/order_payment/', { guid: order.guid })),
    );
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200]));
    expect(new Set(answers.map((a) => a.json.form_url)).size).toBe(1);
    expect((await api.handle.db.select().from(sandboxAcquiringOrders)).length).toBe(before + 1);
  });
});

describe('charged twice (the security probe)', () => {
  it('a certificate closes the open card payment first; the card page then refuses', async () => {
    const order = await newOrder();
    const card = await start(order.guid);
    const code = DEMO_GIFT_CARDS[0].code;
    const [before] = await api.handle.db.select().from(giftCards).where(eq(giftCards.code, code));
    const gift = await call(api, 'POST', '/api/v1/giftcardpayment/', { guid: order.guid, code });
    expect(gift.status, JSON.stringify(gift.json)).toBe(200);
    expect(gift.json.order_info.paid).toBe(true);
    const late = await payCard(sandboxId(card.form_url));
    expect(late.status).toBe(409);
    expect(late.json.message).toBe('Этот платёж уже завершён');
    const [after] = await api.handle.db.select().from(giftCards).where(eq(giftCards.code, code));
    expect(toKopecks(before!.balance) - toKopecks(after!.balance)).toBe(toKopecks(order.total));
    expect((await info(order.guid)).refunds).toEqual([]);
  });

  it('a card paid a moment before the certificate wins: the certificate is refused and not spent', async () => {
    const order = await newOrder();
    const card = await start(order.guid);
    expect((await payCard(sandboxId(card.form_url))).json.result).toBe('deposited');
    const code = DEMO_GIFT_CARDS[0].code;
    const [before] = await api.handle.db.select().from(giftCards).where(eq(giftCards.code, code));
    const gift = await call(api, 'POST', '/api/v1/giftcardpayment/', { guid: order.guid, code });
    expect(gift.status).toBe(409);
    expect(gift.json.message).toBe('Заказ уже оплачен');
    const [after] = await api.handle.db.select().from(giftCards).where(eq(giftCards.code, code));
    expect(after!.balance).toBe(before!.balance);
    expect(await info(order.guid)).toMatchObject({ paid: true, gift_card_amount: 0 });
  });
});

describe('operator API: cancel and refunds (issue #29 item 4)', () => {
  async function paidOrder(quantity = 1) {
    const order = await newOrder({
      items: [{ offer: fixture.size.offerId, feature: fixture.size.extId, quantity }],
    });
    const card = await start(order.guid);
    await payCard(sandboxId(card.form_url));
    expect((await info(order.guid)).paid).toBe(true);
    return { order, sandbox: sandboxId(card.form_url) };
  }

  it('does not exist without OPERATOR_TOKEN and refuses a wrong token', async () => {
    const { order } = await paidOrder();
    expect((await call(api, 'POST', `/api/v1/operator/orders/${order.number}/cancel/`, {}, operator)).status).toBe(404);
    stubServerEnv({ OPERATOR_TOKEN: TOKEN });
    const wrong = await call(
      api,
      'POST',
      `/api/v1/operator/orders/${order.number}/cancel/`,
      {},
      { authorization: 'Bearer nope' },
    );
    expect(wrong.status).toBe(401);
    expect((await info(order.guid)).status).toBe('paid');
  });

  it('cancels a paid order: goods back, full refund with a refund receipt, once', async () => {
    stubServerEnv({ OPERATOR_TOKEN: TOKEN });
    const { order, sandbox } = await paidOrder();
    const before = await stock();
    const res = await call(
      api,
      'POST',
      `/api/v1/operator/orders/${order.number}/cancel/`,
      { reason: 'Покупатель передумал' },
      operator,
    );
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ cancelled: true, refunds: [{ status: 'succeeded', amount: order.total }] });
    expect(res.json.refunds[0].receipt).toMatchObject({ type: 'refund', total: order.total });
    expect(await stock()).toBe(before + 1);
    expect(await info(order.guid)).toMatchObject({ status: 'cancelled', payment_status: 'refunded' });
    const again = await call(api, 'POST', `/api/v1/operator/orders/${order.number}/cancel/`, {}, operator);
    expect(again.json).toMatchObject({ cancelled: false, refunds: [] });
    const [bank] = await api.handle.db
      .select()
      .from(sandboxAcquiringOrders)
      .where(eq(sandboxAcquiringOrders.id, sandbox));
    expect(bank!.refunds).toHaveLength(1);
    expect(bank!.refundedKopecks).toBe(toKopecks(order.total));
    expect(await stock()).toBe(before + 1);
  });

  it('refunds one piece of a line by key, never twice, and never more than was paid', async () => {
    stubServerEnv({ OPERATOR_TOKEN: TOKEN });
    const { order, sandbox } = await paidOrder(3);
    const [line] = await api.handle.db.select().from(orderItems).where(eq(orderItems.orderId, order.pk));
    const body = {
      lines: [{ order_item_id: line!.id, quantity: 1 }],
      reason: 'Возврат: не подошёл размер',
      key: 'ret-0001',
    };
    const first = await call(api, 'POST', `/api/v1/operator/orders/${order.number}/refund/`, body, operator);
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(first.json.refund).toMatchObject({ status: 'succeeded', amount: line!.price });
    expect(first.json.refund.receipt.items).toEqual([
      expect.objectContaining({ orderItemId: line!.id, quantity: 1, price: line!.price, subject: 'commodity' }),
    ]);
    const repeat = await call(api, 'POST', `/api/v1/operator/orders/${order.number}/refund/`, body, operator);
    expect(repeat.json.refund.id).toBe(first.json.refund.id);
    const tooMany = await call(
      api,
      'POST',
      `/api/v1/operator/orders/${order.number}/refund/`,
      { ...body, lines: [{ order_item_id: line!.id, quantity: 3 }], key: 'ret-0002' },
      operator,
    );
    expect(tooMany.status).toBe(409);
    const [bank] = await api.handle.db
      .select()
      .from(sandboxAcquiringOrders)
      .where(eq(sandboxAcquiringOrders.id, sandbox));
    expect(bank!.refundedKopecks).toBe(toKopecks(line!.price));
    const listed = await call(api, 'GET', `/api/v1/operator/orders/${order.number}/refunds/`, undefined, operator);
    expect(listed.json.refunds).toHaveLength(1);
    expect(await info(order.guid)).toMatchObject({ status: 'paid', payment_status: 'paid' });
    const bad = await call(
      api,
      'POST',
      `/api/v1/operator/orders/${order.number}/refund/`,
      { lines: [], reason: '', key: 'x' },
      operator,
    );
    expect(bad.status).toBe(400);
  });

  it('1C «Отменён» cancels and refunds like the operator', async () => {
    const { order } = await paidOrder();
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sale-'));
    try {
      const file = path.join(dir, 'orders.xml');
      await writeFile(
        file,
        `<?xml version="1.0" encoding="UTF-8"?><КоммерческаяИнформация ВерсияСхемы="2.10"><Документ><Ид>${order.guid}</Ид><Номер>${order.number}</Номер><ЗначенияРеквизитов><ЗначениеРеквизита><Наименование>Отменен</Наименование><Значение>true</Значение></ЗначениеРеквизита></ЗначенияРеквизитов></Документ></КоммерческаяИнформация>`,
      );
      expect(await applyStatusFile(api.handle.db, file)).toBe(1);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    expect(await info(order.guid)).toMatchObject({
      status: 'cancelled',
      payment_status: 'refunded',
      refunds: [expect.objectContaining({ status: 'succeeded', reason: 'Отменён в 1С' })],
    });
  });
});
