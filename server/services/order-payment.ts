/**
 * Paying an order (issue #5; spec §7 POST /v1/order_payment/, /v1/get_order_info/,
 * /v1/giftcardpayment/). A card payment is registered at the provider and the shopper goes to its
 * page; coming back, /v1/get_order_info/ asks the provider for the status. Only that answer (or a
 * certificate covering the rest) marks an order paid; a declined payment leaves it unpaid
 * ("failed") and a new /v1/order_payment/ starts a new attempt.
 *
 * Issue #13 "Reservations expire": an order awaiting card payment holds its stock for
 * RESERVATION_TTL_MINUTES from its creation ({@link expireOrder}, run by the sweeper of
 * server/services/reservations.ts); a payment arriving after that re-reserves or is marked for
 * refund (server/services/reservation-stock.ts).
 */
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { OrderInfo } from '@/lib/api/contract/checkout';
import { DELIVERY_METHOD_NAMES, PAYMENT_STATUS_NAMES } from '@/lib/api/contract/orders';
import { addRubles, subtractRubles } from '@/lib/money';
import { orderItems, orderPayments, orders, orderStatusHistory } from '../db/schema';
import { serverEnv } from '../env';
import { ApiHttpError } from '../http';
import { noteStockChanged } from './catalog-index';
import { issueGiftCards, spendGiftCard } from './gift-cards';
import { logError } from './log';
import { orderAmountsJson, orderHeadJson, orderLineJson } from './order-history';
import { sendOrderMail } from './order-mail';
import { paymentProvider, paymentProviderByName } from './payments/provider';
import { RESERVATION_EXPIRED, reclaimExpiredOrder, releaseReservation } from './reservation-stock';
import type { Db } from '../db/client';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type OrderRow = typeof orders.$inferSelect;

export const ORDER_NOT_FOUND = 'Заказ не найден';

async function orderByGuid(db: Pick<Db, 'select'>, guid: string): Promise<OrderRow> {
  const [row] = await db.select().from(orders).where(eq(orders.guid, guid)).limit(1);
  if (!row) throw new ApiHttpError(404, ORDER_NOT_FOUND);
  return row;
}

/** Marks the order paid once (conditional update), logs the status, issues bought certificates. */
async function markPaid(
  tx: Tx,
  orderId: number,
  comment: string,
): Promise<Array<{ code: string; amount: number }> | null> {
  const [row] = await tx
    .update(orders)
    .set({ paymentStatus: 'paid', status: 'paid', paidAt: new Date(), updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), ne(orders.paymentStatus, 'paid')))
    .returning({ id: orders.id });
  if (!row) return null;
  await tx.insert(orderStatusHistory).values({ orderId, status: 'paid', comment });
  const bought = await tx
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), sql`${orderItems.giftCardNominalId} is not null`));
  return issueGiftCards(
    tx,
    orderId,
    bought.map((b) => ({ nominalId: b.giftCardNominalId!, amount: b.price, quantity: b.quantity })),
  );
}

/**
 * POST /v1/order_payment/: registers a card payment of what is left to pay and returns the
 * acquiring page URL. An order past its reservation time is expired first (issue #13), so no new
 * payment starts for goods that are no longer held.
 * @param now the clock (tests move it).
 * @throws ApiHttpError 404 unknown order, 409 already paid, nothing to pay by card, or cancelled
 *   ({@link RESERVATION_EXPIRED} when its reservation expired), 502 provider down.
 */
export async function startCardPayment(
  db: Db,
  guid: string,
  now = new Date(),
): Promise<{ formUrl: string; provider: 'sandbox' | 'sber' }> {
  let order = await orderByGuid(db, guid);
  if (order.paymentStatus === 'paid') throw new ApiHttpError(409, 'Заказ уже оплачен');
  if (order.status === 'new' && (await expireOrder(db, order, { now })) !== 'kept') order = await orderByGuid(db, guid);
  if (order.paymentStatus === 'paid') throw new ApiHttpError(409, 'Заказ уже оплачен');
  if (order.status === 'cancelled')
    throw new ApiHttpError(409, order.reservationReleasedAt ? RESERVATION_EXPIRED : 'Заказ отменён');
  const toPay = subtractRubles(order.total, order.giftCardAmount);
  if (toPay <= 0) throw new ApiHttpError(409, 'Заказ уже оплачен');
  const provider = paymentProvider(db);
  const [{ n } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orderPayments)
    .where(eq(orderPayments.orderId, order.id));
  const path = `/basket/delivery/confirm/${order.guid}`;
  let registered;
  try {
    registered = await provider.register({
      orderNumber: `${order.number}-${Number(n) + 1}`,
      amount: toPay,
      description: `Оплата заказа ${order.number} в магазине Lumière`,
      returnUrl: provider.name === 'sandbox' ? path : `${serverEnv.SITE_URL}${path}`,
    });
  } catch (error) {
    logError('payment', `register at ${provider.name}`, error);
    throw new ApiHttpError(502, 'Платёжный сервис недоступен. Попробуйте позже');
  }
  await db.transaction(async (tx) => {
    await tx.insert(orderPayments).values({
      orderId: order.id,
      provider: provider.name,
      providerOrderId: registered.providerOrderId,
      amount: toPay,
    });
    await tx
      .update(orders)
      .set({
        paymentStatus: 'pending',
        paymentMethod: 'card',
        paymentRef: registered.providerOrderId,
        updatedAt: new Date(),
      })
      .where(and(eq(orders.id, order.id), ne(orders.paymentStatus, 'paid'), ne(orders.status, 'cancelled')));
  });
  return { formUrl: registered.formUrl, provider: provider.name };
}

/** What {@link syncCardPayment} learnt: the provider's answer, `unreachable`, or `none` (no open attempt). */
export type PaymentCheck = 'paid' | 'failed' | 'pending' | 'unreachable' | 'none';

/** Open attempts asked per check: a shopper who reopened the payment page left older ones open. */
const OPEN_ATTEMPTS_CHECKED = 5;

/**
 * Asks the provider about the order's open attempts (newest first, up to 5) and records each
 * answer: "paid" marks the order paid (once, even when two checks race) and stops; "failed" closes
 * the attempt, and the newest open one marks the order unpaid-failed. A provider that cannot be
 * reached changes nothing.
 *
 * Issue #13: a payment that completes for an order whose reservation expired re-reserves its goods
 * (then the order is paid) or, when they are gone, leaves it cancelled with `refund_required`
 * (server/services/reservation-stock.ts `reclaimExpiredOrder`); the order row is locked first, so
 * this and the sweeper never both act on it.
 * @returns `paid` when an attempt was (or is now) paid; else `unreachable` when some provider did
 *   not answer; else `pending`, `failed` or `none`.
 */
export async function syncCardPayment(db: Db, order: OrderRow): Promise<PaymentCheck> {
  if (order.paymentStatus === 'paid') return 'paid';
  const attempts = await db
    .select()
    .from(orderPayments)
    .where(and(eq(orderPayments.orderId, order.id), eq(orderPayments.status, 'created')))
    .orderBy(desc(orderPayments.id))
    .limit(OPEN_ATTEMPTS_CHECKED);
  let result: PaymentCheck = 'none';
  for (const [i, attempt] of attempts.entries()) {
    let state;
    try {
      state = await paymentProviderByName(db, attempt.provider).status(attempt.providerOrderId);
    } catch (error) {
      logError('payment', `status check at ${attempt.provider}`, error);
      result = 'unreachable';
      continue;
    }
    if (state.state === 'pending') {
      if (result !== 'unreachable') result = 'pending';
      continue;
    }
    const outcome = state.state;
    let issued: Array<{ code: string; amount: number }> | null = null;
    let restocked: number[] = [];
    await db.transaction(async (tx) => {
      const [closed] = await tx
        .update(orderPayments)
        .set({ status: outcome, providerStatus: state.raw, message: state.message, updatedAt: new Date() })
        .where(and(eq(orderPayments.id, attempt.id), eq(orderPayments.status, 'created')))
        .returning({ id: orderPayments.id });
      if (!closed) return;
      if (outcome === 'paid') {
        // Locks the order: a sweeper cancelling it right now either finished (late payment below)
        // or waits and then finds it paid.
        const [current] = await tx
          .select({ status: orders.status })
          .from(orders)
          .where(eq(orders.id, order.id))
          .for('update')
          .limit(1);
        if (current?.status === 'cancelled') {
          const late = await reclaimExpiredOrder(tx, order.id);
          if (!late.reserved) return;
          restocked = late.productIds;
          issued = await markPaid(
            tx,
            order.id,
            `Оплачен картой (${attempt.provider}) после истечения брони: товары снова зарезервированы`,
          );
        } else {
          issued = await markPaid(tx, order.id, `Оплачен картой (${attempt.provider})`);
        }
      } else if (i === 0) {
        await tx
          .update(orders)
          .set({ paymentStatus: 'failed', updatedAt: new Date() })
          .where(
            and(eq(orders.id, order.id), ne(orders.paymentStatus, 'paid'), ne(orders.paymentStatus, 'refund_required')),
          );
      }
    });
    if (restocked.length > 0) noteStockChanged(db, restocked);
    if (issued) sendOrderMail(db, order.id, 'paid', issued);
    if (outcome === 'paid') return 'paid';
    if (result === 'none') result = 'failed';
  }
  return result;
}

/** Options of {@link expireOrder}. */
export interface ExpireOptions {
  /** The clock; tests move it instead of sleeping. */
  now?: Date;
  /** Reservation time, minutes; RESERVATION_TTL_MINUTES by default. */
  ttlMinutes?: number;
}

/**
 * Issue #13: expires one unpaid card order whose reservation time is over. The provider is asked
 * first ({@link syncCardPayment}); a paid order is kept. When the provider cannot be reached the
 * order waits for the next sweep, up to twice the reservation time, then is cancelled anyway (a
 * payment that still arrives re-reserves or is marked for refund). Otherwise the order is
 * cancelled and its stock and certificate part come back in one transaction
 * (`releaseReservation`), then the catalogue index hears of the stock.
 *
 * The reservation is counted from the order's creation, not from its last payment attempt: the
 * stock was taken then, and reopening the payment page must not hold it for ever.
 * @returns `cancelled` (by this call), `paid`, `deferred` (provider unreachable) or `kept` (not
 *   due, not a card order awaiting payment, or another process got there first).
 */
export async function expireOrder(
  db: Db,
  order: OrderRow,
  options: ExpireOptions = {},
): Promise<'cancelled' | 'paid' | 'deferred' | 'kept'> {
  const now = options.now ?? new Date();
  const ttlMinutes = options.ttlMinutes ?? serverEnv.RESERVATION_TTL_MINUTES;
  const createdBefore = new Date(now.getTime() - ttlMinutes * 60_000);
  const due =
    order.status === 'new' &&
    order.paymentMethod === 'card' &&
    (order.paymentStatus === 'pending' || order.paymentStatus === 'failed');
  if (!due || order.createdAt >= createdBefore) return 'kept';
  const check = await syncCardPayment(db, order);
  if (check === 'paid') return 'paid';
  if (check === 'unreachable' && order.createdAt >= new Date(now.getTime() - 2 * ttlMinutes * 60_000))
    return 'deferred';
  const released = await db.transaction((tx) => releaseReservation(tx, order.id, createdBefore, ttlMinutes));
  if (!released) return 'kept';
  noteStockChanged(db, released.productIds);
  return 'cancelled';
}

/**
 * POST /v1/get_order_info/: the order for its confirm page, after checking the payment with the
 * provider.
 * @throws ApiHttpError 404 unknown order.
 */
export async function getOrderInfo(db: Db, guid: string): Promise<OrderInfo> {
  const before = await orderByGuid(db, guid);
  await syncCardPayment(db, before);
  const order = await orderByGuid(db, guid);
  const [lines, [lastAttempt]] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id)),
    db.select().from(orderPayments).where(eq(orderPayments.orderId, order.id)).orderBy(desc(orderPayments.id)).limit(1),
  ]);
  return {
    guid: order.guid,
    ...orderHeadJson(order),
    payment_status: order.paymentStatus,
    payment_status_name: PAYMENT_STATUS_NAMES[order.paymentStatus],
    paid: order.paymentStatus === 'paid',
    ...orderAmountsJson(order, order.paymentStatus === 'paid' || order.status === 'cancelled'),
    promo_code: order.promoCode,
    delivery: {
      method: order.deliveryMethod,
      method_name: DELIVERY_METHOD_NAMES[order.deliveryMethod] ?? 'Электронная доставка',
      address: order.deliveryAddress,
    },
    contact: { fio: order.contactFio, email: order.contactEmail, phone: order.contactPhone },
    items_json: lines.map(orderLineJson),
    payment_error:
      order.paymentStatus === 'failed' && lastAttempt?.status === 'failed'
        ? lastAttempt.message || 'Оплата не прошла'
        : '',
  };
}

/**
 * POST /v1/giftcardpayment/: spends a certificate on an unpaid order (all that is left, or its
 * whole balance when it is smaller; the rest stays to pay by card).
 * @throws ApiHttpError 404 order or certificate unknown, 409 paid already, another certificate
 *   applied, or the certificate empty.
 */
export async function payWithGiftCard(db: Db, guid: string, code: string): Promise<OrderInfo> {
  let issued: Array<{ code: string; amount: number }> | null = null;
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.guid, guid)).for('update').limit(1);
    if (!order) throw new ApiHttpError(404, ORDER_NOT_FOUND);
    if (order.paymentStatus === 'paid') throw new ApiHttpError(409, 'Заказ уже оплачен');
    // Issue #13: a cancelled order's goods are no longer held; paying it would sell them twice.
    if (order.status === 'cancelled')
      throw new ApiHttpError(409, order.reservationReleasedAt ? RESERVATION_EXPIRED : 'Заказ отменён');
    if (order.giftCardCode && order.giftCardCode !== code.trim().toUpperCase())
      throw new ApiHttpError(409, 'К заказу уже применён другой сертификат');
    const left = subtractRubles(order.total, order.giftCardAmount);
    const spent = await spendGiftCard(tx, code, left, order.id, false);
    await tx
      .update(orders)
      .set({
        giftCardAmount: addRubles(order.giftCardAmount, spent.spent),
        giftCardCode: spent.code,
        updatedAt: new Date(),
      })
      .where(eq(orders.id, order.id));
    if (spent.spent >= left) issued = await markPaid(tx, order.id, 'Оплачен подарочным сертификатом');
  });
  if (issued) {
    const order = await orderByGuid(db, guid);
    sendOrderMail(db, order.id, 'paid', issued);
  }
  return getOrderInfo(db, guid);
}
