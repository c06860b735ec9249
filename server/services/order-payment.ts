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
import { and, asc, desc, eq, gt, ne, or, sql } from 'drizzle-orm';
import type { OrderInfo } from '@/lib/api/contract/checkout';
import { DELIVERY_METHOD_NAMES, PAYMENT_STATUS_NAMES } from '@/lib/api/contract/orders';
import { addRubles, subtractRubles } from '@/lib/money';
import { orderItems, orderPayments, orderRefunds, orders, orderStatusHistory } from '../db/schema';
import { serverEnv } from '../env';
import { ApiHttpError } from '../http';
import { noteStockChanged } from './catalog-index';
import { issueGiftCards, spendGiftCard } from './gift-cards';
import { logError } from './log';
import { orderAmountsJson, orderHeadJson, orderLineJson } from './order-history';
import { sendOrderMail } from './order-mail';
import { orderReceiptSource } from './order-receipt';
import { paymentProvider, paymentProviderByName } from './payments/provider';
import { paymentReceipt } from './payments/receipt';
import { PaymentNotCancellableError } from './payments/yookassa';
import { refundPayment } from './refunds';
import { RESERVATION_EXPIRED, reclaimExpiredOrder, releaseReservation } from './reservation-stock';
import type { PaymentMethod, ProviderName } from './payments/provider';
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

/** The attempt's public view for the payment step. */
export interface StartedPayment {
  formUrl: string;
  provider: ProviderName;
  method: PaymentMethod;
  qrPayload: string;
  expiresAt: Date;
}

/** Russian refusal while another payment of the order is being decided. */
export const PAYMENT_IN_PROGRESS = 'Оплата этого заказа уже идёт. Дождитесь её завершения или попробуйте через минуту';

/** An attempt is re-used only when it stays payable at least this long, ms. */
const REUSE_MARGIN_MS = 60_000;

/**
 * Per-order queue of payment starts in this process: two clicks (or 50 scripted calls) register
 * one payment at the provider, not many. Across processes the unique index
 * `order_payments_open_uq` keeps one open attempt.
 */
const starting = new Map<number, Promise<unknown>>();

function serialized<T>(orderId: number, run: () => Promise<T>): Promise<T> {
  const before = starting.get(orderId) ?? Promise.resolve();
  const next = before.then(run, run);
  const tail = next.catch(() => undefined);
  starting.set(orderId, tail);
  void tail.then(() => {
    if (starting.get(orderId) === tail) starting.delete(orderId);
  });
  return next;
}

function started(attempt: typeof orderPayments.$inferSelect): StartedPayment {
  return {
    formUrl: attempt.confirmationUrl,
    provider: attempt.provider as ProviderName,
    method: attempt.method as PaymentMethod,
    qrPayload: attempt.qrPayload,
    expiresAt: attempt.expiresAt ?? new Date(attempt.createdAt.getTime() + 20 * 60_000),
  };
}

async function openAttempt(db: Pick<Db, 'select'>, orderId: number) {
  const [row] = await db
    .select()
    .from(orderPayments)
    .where(and(eq(orderPayments.orderId, orderId), eq(orderPayments.status, 'created')))
    .limit(1);
  return row ?? null;
}

/**
 * Closes the order's open attempt at its provider before another payment starts (a different
 * method, an expired one, or a certificate about to pay the rest).
 * @param options.allowPending a payment the provider cannot cancel (ЮKassa `pending`) is closed on
 *   our side only and watched (see below); otherwise that is a 409.
 * @returns `closed`, or `paid` when the provider says it was paid meanwhile (then it is recorded).
 * @throws ApiHttpError 409 {@link PAYMENT_IN_PROGRESS} when the provider cannot be reached or
 *   cannot cancel it.
 */
async function closeOpenAttempt(
  db: Db,
  attempt: typeof orderPayments.$inferSelect,
  reason: string,
  options: { allowPending?: boolean } = {},
): Promise<'closed' | 'paid'> {
  let cancelled: boolean;
  try {
    cancelled = await paymentProviderByName(db, attempt.provider).cancel(attempt.providerOrderId);
  } catch (error) {
    // ЮKassa cannot cancel a pending payment. Switching method may go on: the attempt stays under
    // watch for a day (attemptsToCheck) and, paid after all, is refunded automatically. A
    // certificate waits instead (issue #29: refused while a card payment is open).
    if (error instanceof PaymentNotCancellableError && options.allowPending) {
      await db
        .update(orderPayments)
        .set({ status: 'cancelled', message: reason, updatedAt: new Date() })
        .where(and(eq(orderPayments.id, attempt.id), eq(orderPayments.status, 'created')));
      return 'closed';
    }
    if (!(error instanceof PaymentNotCancellableError)) logError('payment', `cancel at ${attempt.provider}`, error);
    throw new ApiHttpError(409, PAYMENT_IN_PROGRESS);
  }
  if (!cancelled) {
    const [order] = await db.select().from(orders).where(eq(orders.id, attempt.orderId)).limit(1);
    if (order) await syncCardPayment(db, order);
    return 'paid';
  }
  await db
    .update(orderPayments)
    .set({ status: 'cancelled', message: reason, updatedAt: new Date() })
    .where(and(eq(orderPayments.id, attempt.id), eq(orderPayments.status, 'created')));
  return 'closed';
}

/**
 * POST /v1/order_payment/: registers a payment of what is left to pay, by card or СБП (issue #29),
 * with its 54-ФЗ receipt, and returns where the shopper pays. The order's open attempt is re-used
 * while it stays payable and matches the method and sum; otherwise it is closed at its provider
 * first, so an order never has two payable attempts. An order past its reservation time is
 * expired first (issue #13), so no new payment starts for goods that are no longer held.
 * @param options.now the clock (tests move it); options.device picks the СБП QR (desktop) or
 *   the bank-app link (mobile).
 * @throws ApiHttpError 404 unknown order, 409 already paid, nothing to pay, cancelled
 *   ({@link RESERVATION_EXPIRED} when its reservation expired) or {@link PAYMENT_IN_PROGRESS},
 *   400 a method the provider does not take, 502 provider down, 503 no provider.
 */
export async function startPayment(
  db: Db,
  guid: string,
  options: { method?: PaymentMethod; device?: 'mobile' | 'desktop'; now?: Date } = {},
): Promise<StartedPayment> {
  const now = options.now ?? new Date();
  const method = options.method ?? 'card';
  const first = await orderByGuid(db, guid);
  return serialized(first.id, async () => {
    let order = await orderByGuid(db, guid);
    if (order.paymentStatus === 'paid') throw new ApiHttpError(409, 'Заказ уже оплачен');
    if (order.status === 'new' && (await expireOrder(db, order, { now })) !== 'kept')
      order = await orderByGuid(db, guid);
    if (order.paymentStatus === 'paid') throw new ApiHttpError(409, 'Заказ уже оплачен');
    if (order.status === 'cancelled')
      throw new ApiHttpError(409, order.reservationReleasedAt ? RESERVATION_EXPIRED : 'Заказ отменён');
    const toPay = subtractRubles(order.total, order.giftCardAmount);
    if (toPay <= 0) throw new ApiHttpError(409, 'Заказ уже оплачен');
    const provider = paymentProvider(db);
    if (!provider.methods.includes(method))
      throw new ApiHttpError(400, 'Этот способ оплаты сейчас недоступен. Выберите другой');

    const open = await openAttempt(db, order.id);
    if (open) {
      const payable = (open.expiresAt?.getTime() ?? 0) - now.getTime() > REUSE_MARGIN_MS;
      if (
        payable &&
        open.method === method &&
        open.provider === provider.name &&
        open.amount === toPay &&
        open.confirmationUrl
      )
        return started(open);
      // A payment in flight may have been paid a moment ago: ask before closing it.
      const check = await syncCardPayment(db, order);
      if (check === 'paid') throw new ApiHttpError(409, 'Заказ уже оплачен');
      const still = await openAttempt(db, order.id);
      if (
        still &&
        (await closeOpenAttempt(db, still, 'Закрыт: начата новая оплата', { allowPending: true })) === 'paid'
      )
        throw new ApiHttpError(409, 'Заказ уже оплачен');
    }

    const source = await orderReceiptSource(db, order);
    const receipt = paymentReceipt(source, toPay);
    const [{ n } = { n: 0 }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(orderPayments)
      .where(eq(orderPayments.orderId, order.id));
    const attemptNumber = `${order.number}-${Number(n) + 1}`;
    const path = `/basket/delivery/confirm/${order.guid}`;
    let registered;
    try {
      registered = await provider.register({
        orderNumber: attemptNumber,
        amount: toPay,
        description: `Оплата заказа ${order.number} в магазине Lumière`,
        returnUrl: provider.name === 'sandbox' ? path : `${serverEnv.SITE_URL}${path}`,
        method,
        receipt,
        idempotenceKey: `${order.guid}:${Number(n) + 1}`,
        device: options.device ?? 'desktop',
      });
    } catch (error) {
      logError('payment', `register at ${provider.name}`, error);
      throw new ApiHttpError(502, 'Платёжный сервис недоступен. Попробуйте позже');
    }
    let row: typeof orderPayments.$inferSelect | undefined;
    try {
      row = await db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(orderPayments)
          .values({
            orderId: order.id,
            provider: provider.name,
            providerOrderId: registered.providerOrderId,
            amount: toPay,
            method,
            confirmationUrl: registered.formUrl,
            qrPayload: registered.qrPayload,
            expiresAt: registered.expiresAt,
            idempotenceKey: `${order.guid}:${Number(n) + 1}`,
            receipt: receipt as unknown as Record<string, unknown>,
          })
          .returning();
        await tx
          .update(orders)
          .set({
            paymentStatus: 'pending',
            paymentMethod: 'card',
            paymentRef: registered.providerOrderId,
            updatedAt: new Date(),
          })
          .where(and(eq(orders.id, order.id), ne(orders.paymentStatus, 'paid'), ne(orders.status, 'cancelled')));
        return inserted;
      });
    } catch (error) {
      // Another process opened an attempt at the same moment: keep theirs, close ours.
      const theirs = await openAttempt(db, order.id);
      if (!theirs) throw error;
      await provider
        .cancel(registered.providerOrderId)
        .catch((e: unknown) => logError('payment', 'cancel duplicate', e));
      return started(theirs);
    }
    return started(row!);
  });
}

/** What {@link syncCardPayment} learnt: the provider's answer, `unreachable`, or `none` (no open attempt). */
export type PaymentCheck = 'paid' | 'failed' | 'pending' | 'unreachable' | 'none';

/**
 * Attempts the check asks about: the open one, and those closed by the shop or expired within the
 * last day — a provider that could not cancel (ЮKassa's pending payments) may still complete one.
 */
async function attemptsToCheck(db: Pick<Db, 'select'>, orderId: number) {
  return db
    .select()
    .from(orderPayments)
    .where(
      and(
        eq(orderPayments.orderId, orderId),
        or(
          eq(orderPayments.status, 'created'),
          and(
            eq(orderPayments.status, 'cancelled'),
            gt(orderPayments.updatedAt, new Date(Date.now() - 24 * 3600_000)),
            eq(orderPayments.provider, 'yookassa'),
          ),
        ),
      ),
    )
    .orderBy(desc(orderPayments.id))
    .limit(5);
}

/**
 * Asks the provider about the order's open attempt (and recently closed ones a provider may still
 * complete) and records each answer: "paid" marks the order paid (once, even when two checks
 * race); a payment that completes on an order already paid, or cancelled with its goods gone, is
 * refunded automatically, exactly once (issue #29, server/services/refunds.ts); "failed" closes the
 * attempt and marks the order unpaid-failed. A provider that cannot be reached changes nothing.
 *
 * Issue #13: a payment that completes for an order whose reservation expired re-reserves its goods
 * (then the order is paid) or, when they are gone, leaves it cancelled and refunds the money
 * (server/services/reservation-stock.ts `reclaimExpiredOrder`); the order row is locked first, so
 * this and the sweeper never both act on it.
 * @returns `paid` when an attempt was (or is now) paid; else `unreachable` when some provider did
 *   not answer; else `pending`, `failed` or `none`.
 */
export async function syncCardPayment(db: Db, order: OrderRow): Promise<PaymentCheck> {
  const attempts = await attemptsToCheck(db, order.id);
  let result: PaymentCheck = order.paymentStatus === 'paid' ? 'paid' : 'none';
  for (const attempt of attempts) {
    const outcome = await checkAttempt(db, order, attempt);
    if (outcome === 'paid') result = 'paid';
    else if (outcome === 'unreachable' && result !== 'paid') result = 'unreachable';
    else if (outcome === 'pending' && (result === 'none' || result === 'failed')) result = 'pending';
    else if (outcome === 'failed' && result === 'none') result = 'failed';
  }
  return result;
}

/** Asks the provider about one attempt and records the answer; see {@link syncCardPayment}. */
async function checkAttempt(
  db: Db,
  order: OrderRow,
  attempt: typeof orderPayments.$inferSelect,
): Promise<PaymentCheck> {
  let state;
  try {
    state = await paymentProviderByName(db, attempt.provider).status(attempt.providerOrderId);
  } catch (error) {
    logError('payment', `status check at ${attempt.provider}`, error);
    return 'unreachable';
  }
  if (state.state === 'pending') return attempt.status === 'created' ? 'pending' : 'none';
  const outcome = state.state;
  let issued: Array<{ code: string; amount: number }> | null = null;
  let restocked: number[] = [];
  let refund: string | null = null;
  await db.transaction(async (tx) => {
    const [closed] = await tx
      .update(orderPayments)
      .set({
        status: outcome === 'paid' ? 'paid' : state.raw === 'expired' ? 'expired' : 'failed',
        providerStatus: state.raw,
        message: state.message,
        updatedAt: new Date(),
      })
      .where(and(eq(orderPayments.id, attempt.id), eq(orderPayments.status, attempt.status)))
      .returning({ id: orderPayments.id });
    if (!closed) return;
    if (outcome !== 'paid') {
      if (attempt.status === 'created')
        await tx
          .update(orders)
          .set({ paymentStatus: 'failed', updatedAt: new Date() })
          .where(
            and(eq(orders.id, order.id), ne(orders.paymentStatus, 'paid'), ne(orders.paymentStatus, 'refund_required')),
          );
      return;
    }
    // Locks the order: a sweeper cancelling it right now either finished (late payment below)
    // or waits and then finds it paid.
    const [current] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update').limit(1);
    if (!current) return;
    if (current.paymentStatus === 'paid' || current.paymentStatus === 'refunded') {
      // Paid twice (a certificate, or another attempt, got there first): this money goes back.
      refund = 'Оплата поступила, когда заказ уже был оплачен: деньги возвращены автоматически';
      await tx.insert(orderStatusHistory).values({
        orderId: order.id,
        status: current.status,
        comment: `Повторная оплата ${attempt.provider} на ${state.amount || attempt.amount} ₽: оформлен возврат`,
      });
      return;
    }
    if (current.status === 'cancelled') {
      const late = await reclaimExpiredOrder(tx, order.id);
      if (!late.reserved) {
        refund = 'Оплата поступила после отмены заказа: деньги возвращены автоматически';
        return;
      }
      restocked = late.productIds;
      issued = await markPaid(
        tx,
        order.id,
        `Оплачен (${methodName(attempt.method)}, ${attempt.provider}) после истечения брони: товары снова зарезервированы`,
      );
    } else {
      issued = await markPaid(tx, order.id, `Оплачен (${methodName(attempt.method)}, ${attempt.provider})`);
    }
  });
  if (restocked.length > 0) noteStockChanged(db, restocked);
  if (issued) sendOrderMail(db, order.id, 'paid', issued);
  if (refund) {
    await refundPayment(db, attempt.id, {
      key: `late:${attempt.id}`,
      lines: null,
      reason: refund,
      requestedBy: 'system',
    }).catch((error: unknown) => logError('payment', `automatic refund of payment ${attempt.id}`, error));
    return 'paid';
  }
  return outcome === 'paid' ? 'paid' : 'failed';
}

function methodName(method: string): string {
  return method === 'sbp' ? 'СБП' : 'картой';
}

/**
 * Issue #29: a provider's notification named a payment: find its attempt and ask the provider
 * (the notification body itself is never trusted).
 * @returns what the check learnt, `none` when no attempt has that id.
 */
export async function syncPaymentByProviderRef(
  db: Db,
  provider: ProviderName,
  providerOrderId: string,
): Promise<PaymentCheck> {
  const [attempt] = await db
    .select()
    .from(orderPayments)
    .where(and(eq(orderPayments.provider, provider), eq(orderPayments.providerOrderId, providerOrderId)))
    .limit(1);
  if (!attempt) return 'none';
  const [order] = await db.select().from(orders).where(eq(orders.id, attempt.orderId)).limit(1);
  if (!order) return 'none';
  if (attempt.status === 'paid' || attempt.status === 'failed') return attempt.status;
  return checkAttempt(db, order, attempt);
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

/** The online methods the configured provider takes (GET /v1/payment_methods/); [] without one. */
export function onlineMethods(db: Db): PaymentMethod[] {
  try {
    return [...paymentProvider(db).methods];
  } catch {
    return []; // no provider: the pages say card payment is unavailable
  }
}

/**
 * Until when an order awaiting online payment holds its goods (issue #13: RESERVATION_TTL_MINUTES
 * from its creation, the rule of `dueOrders` in reservation-stock.ts), ISO 8601; null once paid,
 * cancelled or for payment on delivery (issue #34 item 9: the basket offers «Оплатить» until then).
 */
export function heldUntil(
  order: Pick<OrderRow, 'status' | 'paymentMethod' | 'paymentStatus' | 'createdAt'>,
): string | null {
  if (order.status !== 'new' || order.paymentMethod !== 'card') return null;
  if (order.paymentStatus !== 'pending' && order.paymentStatus !== 'failed') return null;
  return new Date(order.createdAt.getTime() + serverEnv.RESERVATION_TTL_MINUTES * 60_000).toISOString();
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
  const [lines, [lastAttempt], refunds] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id)),
    db.select().from(orderPayments).where(eq(orderPayments.orderId, order.id)).orderBy(desc(orderPayments.id)).limit(1),
    db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id)).orderBy(asc(orderRefunds.id)),
  ]);
  const open = lastAttempt?.status === 'created' && lastAttempt.confirmationUrl ? lastAttempt : null;
  const methods = onlineMethods(db);
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
      order.paymentStatus === 'failed' && (lastAttempt?.status === 'failed' || lastAttempt?.status === 'expired')
        ? lastAttempt.message || 'Оплата не прошла'
        : '',
    payment_methods: methods,
    held_until: heldUntil(order),
    open_payment: open
      ? {
          method: open.method === 'sbp' ? ('sbp' as const) : ('card' as const),
          form_url: open.confirmationUrl,
          qr_payload: open.qrPayload,
          expires_at: open.expiresAt?.toISOString() ?? null,
        }
      : null,
    refunds: refunds.map((r) => ({
      amount: r.amount,
      status: r.status,
      reason: r.reason,
      created_at: r.createdAt.toISOString(),
    })),
  };
}

/**
 * POST /v1/giftcardpayment/: spends a certificate on an unpaid order (all that is left, or its
 * whole balance when it is smaller; the rest stays to pay by card). An open card/СБП attempt is
 * closed at its provider first (issue #29), so the order is never paid twice.
 * @throws ApiHttpError 404 order or certificate unknown, 409 paid already, another certificate
 *   applied, the certificate empty, or a payment still being decided ({@link PAYMENT_IN_PROGRESS}).
 */
export async function payWithGiftCard(db: Db, guid: string, code: string): Promise<OrderInfo> {
  // Issue #29 "charged twice": a card or СБП payment still open could complete after the
  // certificate paid; it is closed at its provider first (or, paid meanwhile, wins).
  const before = await orderByGuid(db, guid);
  const open = await openAttempt(db, before.id);
  if (open && (await closeOpenAttempt(db, open, 'Закрыт: заказ оплачивается сертификатом')) === 'paid')
    throw new ApiHttpError(409, 'Заказ уже оплачен');
  let issued: Array<{ code: string; amount: number }> | null = null;
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.guid, guid)).for('update').limit(1);
    if (!order) throw new ApiHttpError(404, ORDER_NOT_FOUND);
    if (order.paymentStatus === 'paid') throw new ApiHttpError(409, 'Заказ уже оплачен');
    // Issue #13: a cancelled order's goods are no longer held; paying it would sell them twice.
    if (order.status === 'cancelled')
      throw new ApiHttpError(409, order.reservationReleasedAt ? RESERVATION_EXPIRED : 'Заказ отменён');
    const [reopened] = await tx
      .select({ id: orderPayments.id })
      .from(orderPayments)
      .where(and(eq(orderPayments.orderId, order.id), eq(orderPayments.status, 'created')))
      .limit(1);
    if (reopened) throw new ApiHttpError(409, PAYMENT_IN_PROGRESS);
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
