/**
 * Issue #13 "Reservations expire": an unpaid card order gives its stock (and certificate part)
 * back after RESERVATION_TTL_MINUTES, a paid one is untouched, a payment made after expiry
 * re-reserves or is marked for refund, and concurrent sweeps return stock once. The clock is moved
 * by passing `now`, never by sleeping. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL
 * (where the concurrent sweeps really run in parallel).
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenResponse } from '@/lib/api/contract/accounts';
import { CreateOrderResponse, OrderInfoResponse, OrderPaymentResponse } from '@/lib/api/contract/checkout';
import { OrderDetailResponse, OrderPreviewResponse } from '@/lib/api/contract/orders';
import {
  cities,
  giftCards,
  giftCardTransactions,
  offerFeatures,
  offers,
  orders,
  orderStatusHistory,
} from '../db/schema';
import { DEMO_USER } from '../seed/accounts';
import { call, createTestApi, type TestApi } from '../test-utils';
import { startPayment } from './order-payment';
import { minutesRu, RESERVATION_EXPIRED } from './reservation-stock';
import { sweepReservations } from './reservations';

let api: TestApi;
let moscow: number;
let sizes: Array<{ featureId: number; extId: string; offerId: number }>;
let next = 0;
let token: string;

const TTL = 30;
const CONTACT = { fio: 'Петрова Мария Ивановна', email: 'maria@example.ru', phone: '+7(916)-123-45-67' };
/** A moment after every order made so far has outlived its reservation. */
const later = (minutes = TTL + 1) => new Date(Date.now() + minutes * 60_000);

beforeAll(async () => {
  api = await createTestApi(60);
  const db = api.handle.db;
  const [m] = await db.select({ id: cities.id }).from(cities).where(eq(cities.name, 'Москва'));
  moscow = m!.id;
  const rows = await db
    .select({ featureId: offerFeatures.id, extId: offerFeatures.extId, offerId: offerFeatures.offerId })
    .from(offerFeatures)
    .innerJoin(offers, eq(offers.id, offerFeatures.offerId))
    .where(eq(offerFeatures.kind, 'size'))
    .orderBy(offerFeatures.id);
  const seen = new Set<number>();
  sizes = rows.filter((r) => (seen.has(r.offerId) ? false : (seen.add(r.offerId), true)));
  token = TokenResponse.parse(
    (await call(api, 'POST', '/api/v1/auth/', { username: DEMO_USER.email, password: DEMO_USER.password })).json,
  ).data.token;
});
afterAll(async () => {
  await api?.close();
});

async function freshSize(stock: number) {
  const s = sizes[next++]!;
  await api.handle.db.update(offerFeatures).set({ stock }).where(eq(offerFeatures.id, s.featureId));
  return s;
}

async function stockOf(featureId: number): Promise<number> {
  const [row] = await api.handle.db
    .select({ stock: offerFeatures.stock })
    .from(offerFeatures)
    .where(eq(offerFeatures.id, featureId));
  return row!.stock;
}

/** A card order of `quantity` pieces of a size by the demo user, optionally part-paid by a certificate. */
async function order(size: { offerId: number; extId: string }, quantity = 1, extra: Record<string, unknown> = {}) {
  const res = await call(
    api,
    'POST',
    '/api/v1/order/',
    {
      contact: CONTACT,
      delivery: {
        method: 'courier',
        city_id: moscow,
        street: 'Тверская',
        house: '12',
        apartment: '45',
        postcode: '125009',
      },
      items: [{ offer: size.offerId, feature: size.extId, quantity }],
      personal_data_consent: true,
      ...extra,
    },
    { authorization: `Token ${token}` },
  );
  expect(res.status).toBe(201);
  return CreateOrderResponse.parse(res.json).order;
}

/** Opens the sandbox payment page of an order; returns the sandbox payment id. */
async function openPayment(guid: string): Promise<string> {
  const start = OrderPaymentResponse.parse((await call(api, 'POST', '/api/v1/order_payment/', { guid })).json);
  return new URL(start.form_url, 'http://x').searchParams.get('orderId')!;
}

/** Pays an opened sandbox payment with the always-accepted card (the shopper at the bank). */
async function payAtBank(id: string) {
  const res = await call(api, 'POST', '/api/v1/sandbox_acquiring/pay/', {
    id,
    pan: '4111111111111111',
    expiry: '12/30',
    cvc: '123',
  });
  expect(res.json.result).toBe('deposited');
}

async function info(guid: string) {
  return OrderInfoResponse.parse((await call(api, 'POST', '/api/v1/get_order_info/', { guid })).json).order_info;
}

async function history(pk: number) {
  const res = await call(api, 'POST', '/api/v1/history_order_detail/', { pk }, { authorization: `Token ${token}` });
  return OrderDetailResponse.parse(res.json).order;
}

describe('reservation sweeper', () => {
  it('cancels an unpaid card order after the reservation time: stock and certificate part come back, the history says why', async () => {
    const size = await freshSize(3);
    const code = `GC-RSV-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
    await api.handle.db.insert(giftCards).values({ code, amount: 1000, balance: 1000 });
    const made = await order(size, 2, { gift_card_code: code });
    expect(made.gift_card_amount).toBe(1000);
    await openPayment(made.guid);
    expect(await stockOf(size.featureId)).toBe(1);

    // Not yet due: nothing happens.
    expect((await sweepReservations(api.handle.db, { now: later(TTL - 1), ttlMinutes: TTL })).cancelled).not.toContain(
      made.number,
    );
    expect(await stockOf(size.featureId)).toBe(1);

    const swept = await sweepReservations(api.handle.db, { now: later(), ttlMinutes: TTL });
    expect(swept.cancelled).toContain(made.number);
    expect(await stockOf(size.featureId)).toBe(3);
    const [card] = await api.handle.db.select().from(giftCards).where(eq(giftCards.code, code));
    expect(card!.balance).toBe(1000);
    const ledger = await api.handle.db
      .select()
      .from(giftCardTransactions)
      .where(eq(giftCardTransactions.giftCardId, card!.id))
      .orderBy(asc(giftCardTransactions.id));
    expect(ledger.map((t) => t.amount)).toEqual([-1000, 1000]);

    const detail = await history(made.pk);
    expect(detail).toMatchObject({ status: 'cancelled', status_name: 'Отменён' });
    expect(detail.history.at(-1)).toMatchObject({
      status: 'cancelled',
      status_name: 'Отменён',
      comment: `Отменён: не оплачен за ${minutesRu(TTL)}, товары вернулись в продажу`,
    });
    const preview = OrderPreviewResponse.parse(
      (await call(api, 'GET', '/api/v1/history_order_preview/', undefined, { authorization: `Token ${token}` })).json,
    );
    expect(preview.results.find((r) => r.pk === made.pk)).toMatchObject({
      status: 'cancelled',
      status_name: 'Отменён',
    });
    expect(await info(made.guid)).toMatchObject({
      status: 'cancelled',
      status_name: 'Отменён',
      paid: false,
      to_pay: 0,
    });

    // No new payment for it, and no certificate either.
    const again = await call(api, 'POST', '/api/v1/order_payment/', { guid: made.guid });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe(RESERVATION_EXPIRED);
    expect((await call(api, 'POST', '/api/v1/giftcardpayment/', { guid: made.guid, code })).status).toBe(409);

    // A second sweep changes nothing.
    await sweepReservations(api.handle.db, { now: later(), ttlMinutes: TTL });
    expect(await stockOf(size.featureId)).toBe(3);
    const cancels = await api.handle.db
      .select()
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, made.pk), eq(orderStatusHistory.status, 'cancelled')));
    expect(cancels).toHaveLength(1);
  });

  it('leaves a paid order alone, also one paid at the bank whose status nobody asked yet', async () => {
    const size = await freshSize(2);
    const asked = await order(size);
    await payAtBank(await openPayment(asked.guid));
    expect((await info(asked.guid)).paid).toBe(true);
    const silent = await order(size);
    await payAtBank(await openPayment(silent.guid));

    const swept = await sweepReservations(api.handle.db, { now: later(), ttlMinutes: TTL });
    expect(swept.cancelled).not.toContain(asked.number);
    expect(swept.cancelled).not.toContain(silent.number);
    expect(swept.paid).toContain(silent.number);
    expect(await stockOf(size.featureId)).toBe(0);
    expect(await info(silent.guid)).toMatchObject({ status: 'paid', paid: true });
  });

  it('refuses a new payment for an order past its reservation time even before a sweep', async () => {
    const size = await freshSize(1);
    const made = await order(size);
    await expect(startPayment(api.handle.db, made.guid, { now: later() })).rejects.toMatchObject({
      status: 409,
      message: RESERVATION_EXPIRED,
    });
    expect(await stockOf(size.featureId)).toBe(1);
    expect((await info(made.guid)).status).toBe('cancelled');
  });
});

describe('a card payment completed after the reservation expired', () => {
  it('re-reserves the goods when they are still there; the order becomes paid and the history says so', async () => {
    const size = await freshSize(1);
    const made = await order(size);
    const payment = await openPayment(made.guid);
    await sweepReservations(api.handle.db, { now: later(), ttlMinutes: TTL });
    expect(await stockOf(size.featureId)).toBe(1);

    await payAtBank(payment); // minute 31 at the bank
    expect(await info(made.guid)).toMatchObject({ status: 'paid', paid: true, payment_status: 'paid' });
    expect(await stockOf(size.featureId)).toBe(0);
    const detail = await history(made.pk);
    expect(detail.history.map((h) => h.status)).toEqual(['new', 'cancelled', 'paid']);
    expect(detail.history.at(-1)!.comment).toMatch(/после истечения брони/);
  });

  it('is found by the sweeper when the shopper never returns to the confirmation page', async () => {
    const size = await freshSize(1);
    const made = await order(size);
    const payment = await openPayment(made.guid);
    await sweepReservations(api.handle.db, { now: later(), ttlMinutes: TTL });
    await payAtBank(payment);
    const swept = await sweepReservations(api.handle.db, { now: later(), ttlMinutes: TTL });
    expect(swept.paid).toContain(made.number);
    expect(await stockOf(size.featureId)).toBe(0);
    const [row] = await api.handle.db.select().from(orders).where(eq(orders.id, made.pk));
    expect(row).toMatchObject({ status: 'paid', paymentStatus: 'paid', reservationReleasedAt: null });
  });

  it('refunds the payment automatically when the size sold out meanwhile, and never takes the stock twice', async () => {
    const size = await freshSize(1);
    const made = await order(size);
    const payment = await openPayment(made.guid);
    await sweepReservations(api.handle.db, { now: later(), ttlMinutes: TTL });
    const other = await order(size); // another shopper buys the returned piece
    expect(await stockOf(size.featureId)).toBe(0);

    await payAtBank(payment);
    const late = await info(made.guid);
    expect(late).toMatchObject({
      status: 'cancelled',
      paid: false,
      payment_status: 'refunded',
      payment_status_name: 'Деньги возвращены',
      to_pay: 0,
      // Issue #29: the money goes back through the provider, with a refund receipt, once.
      refunds: [expect.objectContaining({ status: 'succeeded', reason: expect.stringMatching(/после отмены заказа/) })],
    });
    expect(late.refunds[0]!.amount).toBeGreaterThan(0);
    expect(await stockOf(size.featureId)).toBe(0);
    const detail = await history(made.pk);
    expect(detail.payment).toMatchObject({ status: 'refunded' });
    expect(detail.history.map((h: { comment: string }) => h.comment)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/деньги будут возвращены/),
        expect.stringMatching(/^Возврат .* чек возврата прихода передан в кассу$/),
      ]),
    );
    expect((await info(made.guid)).refunds).toHaveLength(1); // asking again refunds nothing more
    expect((await call(api, 'POST', '/api/v1/order_payment/', { guid: made.guid })).status).toBe(409);
    expect((await info(other.guid)).status).toBe('new');
  });
});

describe('concurrent sweeps', () => {
  it('two (and four) sweeps at once return each order’s stock once', async () => {
    const size = await freshSize(10);
    const made = await Promise.all(Array.from({ length: 5 }, () => order(size, 2)));
    for (const m of made) await openPayment(m.guid);
    expect(await stockOf(size.featureId)).toBe(0);

    const results = await Promise.all(
      Array.from({ length: 4 }, () => sweepReservations(api.handle.db, { now: later(), ttlMinutes: TTL })),
    );
    const cancelled = results.flatMap((r) => r.cancelled).filter((n) => made.some((m) => m.number === n));
    expect(cancelled.sort()).toEqual(made.map((m) => m.number).sort());
    expect(await stockOf(size.featureId)).toBe(10);
    for (const m of made) {
      const rows = await api.handle.db
        .select()
        .from(orderStatusHistory)
        .where(and(eq(orderStatusHistory.orderId, m.pk), eq(orderStatusHistory.status, 'cancelled')));
      expect(rows).toHaveLength(1);
    }
  });
});
