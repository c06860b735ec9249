/**
 * ЮKassa notifications (issue #29): `POST /api/v1/payments/yookassa/notify/` acts only after
 * re-reading the payment from ЮKassa — here the local fake ЮKassa of tests/fakes/yookassa.ts, with
 * the shop's provider set to it — so a forged `payment.succeeded` body for an unpaid payment
 * changes nothing; garbage is a 400; the optional sender check refuses other networks.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CreateOrderResponse, OrderPaymentResponse } from '@/lib/api/contract/checkout';
import { startFakeYooKassa, type FakeYooKassa } from '@/tests/fakes/yookassa';
import { orderPayments, orders } from '../../db/schema';
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
import { inNetwork, isYooKassaAddress } from './payments.handlers';

const NOTIFY = '/api/v1/payments/yookassa/notify/';

let api: TestApi;
let fixture: OrderFixture;
let fake: FakeYooKassa;

beforeAll(async () => {
  api = await createTestApi(20);
  fixture = await orderFixture(api, 100);
  fake = await startFakeYooKassa('500100', 'live_secret');
});
afterAll(async () => {
  await fake?.stop();
  await api?.close();
});
beforeEach(() => {
  stubServerEnv({
    PAYMENT_PROVIDER: 'yookassa',
    YOOKASSA_SHOP_ID: '500100',
    YOOKASSA_SECRET_KEY: 'live_secret',
    YOOKASSA_API_URL: fake.baseUrl,
  });
});
afterEach(() => {
  restoreServerEnv();
});

/** A guest's order with a ЮKassa payment registered at the fake; returns its guid and payment id. */
async function orderWithPayment(method: 'card' | 'sbp' = 'card'): Promise<{ guid: string; paymentId: string }> {
  const body = oneItemOrder(fixture, {
    fio: 'Петрова Мария Ивановна',
    email: 'maria@example.ru',
    phone: '+7(916)-123-45-67',
  });
  const created = await call(api, 'POST', '/api/v1/order/', body);
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const guid = CreateOrderResponse.parse(created.json).order.guid;
  const start = await call(api, 'POST', '/api/v1/order_payment/', { guid, method });
  expect(start.status, JSON.stringify(start.json)).toBe(200);
  expect(OrderPaymentResponse.parse(start.json).provider).toBe('yookassa');
  const [order] = await api.handle.db.select().from(orders).where(eq(orders.guid, guid));
  const [attempt] = await api.handle.db.select().from(orderPayments).where(eq(orderPayments.orderId, order!.id));
  return { guid, paymentId: attempt!.providerOrderId };
}

async function orderRow(guid: string) {
  const [order] = await api.handle.db.select().from(orders).where(eq(orders.guid, guid));
  return order!;
}

const notification = (event: string, object: Record<string, unknown>) => ({ type: 'notification', event, object });

describe('POST /api/v1/payments/yookassa/notify/', () => {
  it('a forged payment.succeeded body for an unpaid payment changes nothing: ЮKassa is asked', async () => {
    const { guid, paymentId } = await orderWithPayment();
    const before = fake.requests.length;
    const forged = notification('payment.succeeded', {
      id: paymentId,
      status: 'succeeded',
      paid: true,
      amount: { value: '1.00', currency: 'RUB' },
    });
    const res = await call(api, 'POST', NOTIFY, forged);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: 'success' });
    expect(fake.requests.slice(before)).toEqual([
      expect.objectContaining({ method: 'GET', path: `/v3/payments/${paymentId}` }),
    ]);
    const order = await orderRow(guid);
    expect(order.paymentStatus).not.toBe('paid');
    expect(order.status).toBe('new');
  });

  it('a real payment.succeeded marks the order paid after the re-read (and a repeat changes nothing)', async () => {
    const { guid, paymentId } = await orderWithPayment('sbp');
    const paid = fake.succeed(paymentId);
    const body = notification('payment.succeeded', fake.view(paid));
    expect((await call(api, 'POST', NOTIFY, body)).status).toBe(200);
    let order = await orderRow(guid);
    expect(order.paymentStatus).toBe('paid');
    const paidAt = order.paidAt;
    expect((await call(api, 'POST', NOTIFY, body)).status).toBe(200);
    order = await orderRow(guid);
    expect(order.paidAt).toEqual(paidAt);
  });

  it('payment.canceled closes the attempt with the Russian reason ЮKassa gives, not the body’s', async () => {
    const { guid, paymentId } = await orderWithPayment();
    fake.cancel(paymentId, 'insufficient_funds', 'payment_network');
    const body = notification('payment.canceled', {
      id: paymentId,
      status: 'canceled',
      cancellation_details: { reason: 'fraud_suspected' },
    });
    expect((await call(api, 'POST', NOTIFY, body)).status).toBe(200);
    const order = await orderRow(guid);
    expect(order.paymentStatus).toBe('failed');
    const [attempt] = await api.handle.db
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.providerOrderId, paymentId));
    expect(attempt).toMatchObject({ status: 'failed', message: 'Недостаточно денег для оплаты' });
  });

  it('refund.succeeded re-reads the payment it names; an unknown payment is accepted and ignored', async () => {
    const { paymentId } = await orderWithPayment();
    const before = fake.requests.length;
    const refund = notification('refund.succeeded', { id: 'r-1', payment_id: paymentId, status: 'succeeded' });
    expect((await call(api, 'POST', NOTIFY, refund)).status).toBe(200);
    expect(fake.requests.slice(before).map((r) => r.path)).toEqual([`/v3/payments/${paymentId}`]);
    const unknown = notification('payment.succeeded', {
      id: '2d1c0d4e-000f-5000-9000-1a2b3c4d5e6f',
      status: 'succeeded',
    });
    const before2 = fake.requests.length;
    expect((await call(api, 'POST', NOTIFY, unknown)).status).toBe(200);
    expect(fake.requests.length).toBe(before2);
  });

  it('answers 400 to garbage and to events the shop does not subscribe to', async () => {
    for (const body of [
      'not json',
      {},
      { type: 'notification', event: 'payment.succeeded' },
      {
        type: 'notification',
        event: 'payment.waiting_for_capture',
        object: { id: 'x', status: 'waiting_for_capture' },
      },
      { type: 'notification', event: 'refund.succeeded', object: { id: 'r' } },
      { type: 'other', event: 'payment.succeeded', object: { id: 'x', status: 'succeeded' } },
    ]) {
      const res = await call(api, 'POST', NOTIFY, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.status).toBe('error');
    }
  });

  it('with the sender check on, only ЮKassa’s published networks are heard', async () => {
    stubServerEnv({ YOOKASSA_NOTIFY_IP_CHECK: '1' });
    const body = notification('payment.succeeded', { id: 'nope', status: 'succeeded' });
    const from = (ip: string) => call(api, 'POST', NOTIFY, body, { 'x-forwarded-for': ip });
    expect((await from('203.0.113.7')).status).toBe(403);
    expect((await from('185.71.76.17')).status).toBe(200);
    expect((await from('2a02:5180:0:1::25')).status).toBe(200);
  });
});

describe('paid twice through ЮKassa (issue #29 "charged twice")', () => {
  it('switching from a pending СБП payment to a card goes on; if both complete, one is refunded with its receipt', async () => {
    const { guid, paymentId: sbp } = await orderWithPayment('sbp');
    // ЮKassa cannot cancel a pending payment: the shop closes it on its side and keeps watching it.
    const card = await call(api, 'POST', '/api/v1/order_payment/', { guid, method: 'card' });
    expect(card.status, JSON.stringify(card.json)).toBe(200);
    const order = await orderRow(guid);
    const attempts = await api.handle.db.select().from(orderPayments).where(eq(orderPayments.orderId, order.id));
    expect(attempts.map((a) => [a.method, a.status])).toEqual([
      ['sbp', 'cancelled'],
      ['card', 'created'],
    ]);
    const cardId = attempts[1]!.providerOrderId;

    fake.succeed(cardId);
    await call(api, 'POST', NOTIFY, notification('payment.succeeded', { id: cardId, status: 'succeeded' }));
    expect((await orderRow(guid)).paymentStatus).toBe('paid');
    // The shopper had also confirmed the СБП payment in the bank app: it completes afterwards.
    fake.succeed(sbp);
    await call(api, 'POST', NOTIFY, notification('payment.succeeded', { id: sbp, status: 'succeeded' }));
    const refunds = [...fake.refunds.values()] as Array<{ payment_id: string; status: string; receipt?: unknown }>;
    expect(refunds.filter((r) => r.payment_id === sbp)).toHaveLength(1);
    expect(refunds.filter((r) => r.payment_id === cardId)).toHaveLength(0);
    const info = (await call(api, 'POST', '/api/v1/get_order_info/', { guid })).json.order_info;
    expect(info).toMatchObject({ paid: true, payment_status: 'paid' });
    expect(info.refunds).toEqual([
      expect.objectContaining({ status: 'succeeded', reason: expect.stringMatching(/уже был оплачен/) }),
    ]);
    // A repeated notification refunds nothing more.
    await call(api, 'POST', NOTIFY, notification('payment.succeeded', { id: sbp, status: 'succeeded' }));
    expect([...fake.refunds.values()].filter((r) => (r as { payment_id: string }).payment_id === sbp)).toHaveLength(1);
  });

  it('a certificate is refused while a ЮKassa payment is pending (it cannot be cancelled)', async () => {
    const { guid } = await orderWithPayment('card');
    const gift = await call(api, 'POST', '/api/v1/giftcardpayment/', { guid, code: 'GC-DEMO-500000' });
    expect(gift.status).toBe(409);
    expect(gift.json.message).toMatch(/Оплата этого заказа уже идёт/);
  });
});

describe('ЮKassa notification networks', () => {
  it('matches the published ranges and nothing next to them', () => {
    expect(isYooKassaAddress('185.71.76.0')).toBe(true);
    expect(isYooKassaAddress('185.71.76.31')).toBe(true);
    expect(isYooKassaAddress('185.71.76.32')).toBe(false);
    expect(isYooKassaAddress('77.75.153.127')).toBe(true);
    expect(isYooKassaAddress('77.75.153.128')).toBe(false);
    expect(isYooKassaAddress('77.75.154.200')).toBe(true);
    expect(isYooKassaAddress('77.75.156.11')).toBe(true);
    expect(isYooKassaAddress('77.75.156.12')).toBe(false);
    expect(isYooKassaAddress('::ffff:185.71.77.5')).toBe(true);
    expect(isYooKassaAddress('2a02:5180::1')).toBe(true);
    expect(isYooKassaAddress('2a02:5181::1')).toBe(false);
    expect(isYooKassaAddress('local')).toBe(false);
    expect(inNetwork('10.1.2.3', '10.0.0.0/8')).toBe(true);
  });
});
