/**
 * Refunds (issue #29 item 4): money of a paid attempt goes back through the provider that took it,
 * with a 54-ФЗ refund receipt («возврат прихода»), fully or by line item, exactly once per key,
 * and each refund is written into the order's history.
 *
 * Who refunds:
 * - {@link cancelOrder}: the operator (API `POST /api/v1/operator/orders/{number}/cancel/`, CLI
 *   `npm run order -- cancel`) or 1C's status «Отменён» (server/services/order-exchange.ts): the
 *   order is cancelled, its goods and certificate part come back, every paid attempt is refunded;
 * - {@link refundLines}: a return of some items (API `…/refund/`, CLI `npm run order -- refund`);
 * - server/services/order-payment.ts: a payment completing on an order already paid, or cancelled
 *   with its goods gone, is refunded automatically (key `late:<payment id>`).
 *
 * Exactly once: the refund row with its unique `key` is written before the provider is called;
 * a repeat with the same key returns that row (ЮKassa also gets the key as `Idempotence-Key`).
 * A refund the provider refused stays `failed` and the same key may try again.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { isGuid } from '@/lib/api/contract/common';
import { addRubles, subtractRubles, toKopecks, toRubles, type Kopecks } from '@/lib/money';
import { orderItems, orderPayments, orderRefunds, orders, orderStatusHistory } from '../db/schema';
import { ApiHttpError } from '../http';
import { noteStockChanged } from './catalog-index';
import { logError } from './log';
import { orderReceiptSource } from './order-receipt';
import { paymentProviderByName } from './payments/provider';
import { paymentReceipt, refundReceipt, withoutRefunded, type Receipt, type RefundLine } from './payments/receipt';
import { cancelAndRelease, creditCertificate } from './reservation-stock';
import type { Db } from '../db/client';

type OrderRow = typeof orders.$inferSelect;
type PaymentRow = typeof orderPayments.$inferSelect;
type RefundRow = typeof orderRefunds.$inferSelect;

/** A refund as the API and CLI show it (rubles). */
export interface RefundView {
  id: number;
  key: string;
  amount: number;
  status: RefundRow['status'];
  reason: string;
  provider: string;
  provider_refund_id: string;
  message: string;
  receipt: Receipt | null;
  created_at: string;
}

function view(row: RefundRow, provider: string): RefundView {
  return {
    id: row.id,
    key: row.key,
    amount: row.amount,
    status: row.status,
    reason: row.reason,
    provider,
    provider_refund_id: row.providerRefundId,
    message: row.message,
    receipt: (row.receipt ?? null) as Receipt | null,
    created_at: row.createdAt.toISOString(),
  };
}

/** What to refund and why. */
export interface RefundRequest {
  /** Exactly-once key, e.g. "cancel:<payment id>", "late:<payment id>", "lines:<order>:<client key>". */
  key: string;
  /** Lines and pieces (delivery = order_item_id 0); null = everything not refunded yet. */
  lines: RefundLine[] | null;
  /** Russian, for the order history, e.g. «Заказ отменён». */
  reason: string;
  /** "operator:<name>", "1c", "system". */
  requestedBy: string;
}

/** The receipt the attempt was paid with (older attempts: rebuilt from the order). */
async function paidReceipt(db: Db, payment: PaymentRow, order: OrderRow): Promise<Receipt> {
  if (payment.receipt) return payment.receipt as unknown as Receipt;
  return paymentReceipt(await orderReceiptSource(db, order), payment.amount);
}

/**
 * Refunds one paid attempt (see the module comment).
 * @throws ApiHttpError 404 unknown payment, 409 not paid, nothing left to refund or more pieces
 *   than were paid, 502 the provider could not be reached (the refund stays pending; run again).
 */
export async function refundPayment(db: Db, paymentId: number, request: RefundRequest): Promise<RefundView> {
  const [payment] = await db.select().from(orderPayments).where(eq(orderPayments.id, paymentId)).limit(1);
  if (!payment) throw new ApiHttpError(404, 'Платёж не найден');
  const [earlier] = await db.select().from(orderRefunds).where(eq(orderRefunds.key, request.key)).limit(1);
  if (earlier && earlier.status !== 'failed') return view(earlier, payment.provider);
  if (payment.status !== 'paid') throw new ApiHttpError(409, 'Платёж не был оплачен: возвращать нечего');
  const [order] = await db.select().from(orders).where(eq(orders.id, payment.orderId)).limit(1);
  if (!order) throw new ApiHttpError(404, 'Заказ не найден');

  const done = await db
    .select()
    .from(orderRefunds)
    .where(and(eq(orderRefunds.paymentId, payment.id), inArray(orderRefunds.status, ['pending', 'succeeded'])));
  const remaining = withoutRefunded(
    await paidReceipt(db, payment, order),
    done.map((r) => r.receipt as unknown as Receipt).filter(Boolean),
  );
  let receipt: Receipt;
  try {
    receipt = refundReceipt(remaining, request.lines);
  } catch (error) {
    throw new ApiHttpError(409, `Столько не оплачено этим платежом: ${(error as Error).message}`);
  }
  if (receipt.total <= 0) throw new ApiHttpError(409, 'Всё оплаченное уже возвращено');

  const row = earlier
    ? (
        await db
          .update(orderRefunds)
          .set({
            status: 'pending',
            receipt: receipt as unknown as Record<string, unknown>,
            amount: receipt.total,
            updatedAt: new Date(),
          })
          .where(and(eq(orderRefunds.id, earlier.id), eq(orderRefunds.status, 'failed')))
          .returning()
      )[0]
    : (
        await db
          .insert(orderRefunds)
          .values({
            orderId: order.id,
            paymentId: payment.id,
            key: request.key,
            amount: receipt.total,
            items: (
              request.lines ?? receipt.items.map((i) => ({ orderItemId: i.orderItemId, quantity: i.quantity }))
            ).map((l) => ({
              order_item_id: l.orderItemId,
              quantity: l.quantity,
            })),
            receipt: receipt as unknown as Record<string, unknown>,
            reason: request.reason,
            requestedBy: request.requestedBy,
          })
          .onConflictDoNothing({ target: orderRefunds.key })
          .returning()
      )[0];
  if (!row) {
    // A concurrent call with the same key wrote it first.
    const [theirs] = await db.select().from(orderRefunds).where(eq(orderRefunds.key, request.key)).limit(1);
    return view(theirs!, payment.provider);
  }

  let result;
  try {
    result = await paymentProviderByName(db, payment.provider).refund({
      providerOrderId: payment.providerOrderId,
      amount: receipt.total,
      receipt,
      idempotenceKey: request.key,
    });
  } catch (error) {
    logError('payment', `refund at ${payment.provider}`, error);
    throw new ApiHttpError(502, 'Платёжный сервис недоступен: возврат не выполнен, повторите позже');
  }
  const final = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(orderRefunds)
      .set({
        status: result.state,
        providerRefundId: result.providerRefundId,
        message: result.message,
        updatedAt: new Date(),
      })
      .where(eq(orderRefunds.id, row.id))
      .returning();
    if (result.state === 'failed') return updated!;
    await tx
      .update(orderPayments)
      .set({ refundedAmount: sql`${orderPayments.refundedAmount} + ${receipt.total}`, updatedAt: new Date() })
      .where(eq(orderPayments.id, payment.id));
    const [current] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update').limit(1);
    await tx.insert(orderStatusHistory).values({
      orderId: order.id,
      status: current!.status,
      comment: `Возврат ${formatRubles(receipt.total)} (${request.reason}), чек возврата прихода передан в кассу`,
    });
    const paid = await tx
      .select({ amount: orderPayments.amount, refunded: orderPayments.refundedAmount })
      .from(orderPayments)
      .where(and(eq(orderPayments.orderId, order.id), eq(orderPayments.status, 'paid')));
    const everything = paid.every((p) => toKopecks(p.refunded) >= toKopecks(p.amount));
    if (everything && (current!.status === 'cancelled' || current!.paymentStatus === 'refund_required'))
      await tx.update(orders).set({ paymentStatus: 'refunded', updatedAt: new Date() }).where(eq(orders.id, order.id));
    return updated!;
  });
  return view(final, payment.provider);
}

function formatRubles(rubles: number): string {
  return `${new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 0, maximumFractionDigits: 2 }).format(rubles)} ₽`;
}

/** An order by its public number ("LM-000123") or guid. @throws ApiHttpError 404. */
export async function orderByRef(db: Pick<Db, 'select'>, ref: string): Promise<OrderRow> {
  const uuid = isGuid(ref);
  const [order] = await db
    .select()
    .from(orders)
    .where(uuid ? eq(orders.guid, ref) : eq(orders.number, ref.trim().toUpperCase()))
    .limit(1);
  if (!order) throw new ApiHttpError(404, 'Заказ не найден');
  return order;
}

async function paidAttempts(db: Pick<Db, 'select'>, orderId: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(orderPayments)
    .where(and(eq(orderPayments.orderId, orderId), eq(orderPayments.status, 'paid')))
    .orderBy(asc(orderPayments.id));
}

/**
 * Cancels an order that has not shipped and refunds all it was paid (issue #29 item 4): the goods
 * and the certificate part come back, every paid attempt is refunded in full with its refund
 * receipt. Calling it again finishes refunds that failed and changes nothing else.
 * @throws ApiHttpError 404 unknown order, 409 shipped already (a return of items is
 *   {@link refundLines}), 502 a provider could not be reached (the order is cancelled; run again).
 */
export async function cancelOrder(
  db: Db,
  ref: string,
  options: { reason: string; requestedBy: string },
): Promise<{ order: string; cancelled: boolean; refunds: RefundView[] }> {
  const order = await orderByRef(db, ref);
  let cancelled = false;
  if (order.status !== 'cancelled') {
    const released = await db.transaction((tx) => cancelAndRelease(tx, order.id, `Отменён: ${options.reason}`));
    if (!released) throw new ApiHttpError(409, 'Заказ уже передан в доставку: оформите возврат товаров');
    cancelled = true;
    noteStockChanged(db, released.productIds);
  }
  const refunds: RefundView[] = [];
  for (const payment of await paidAttempts(db, order.id)) {
    const left = subtractRubles(payment.amount, payment.refundedAmount);
    if (left <= 0) continue;
    refunds.push(
      await refundPayment(db, payment.id, {
        key: `cancel:${payment.id}`,
        lines: null,
        reason: options.reason,
        requestedBy: options.requestedBy,
      }),
    );
  }
  if (refunds.length === 0 && order.paymentStatus !== 'paid' && cancelled)
    await db
      .update(orders)
      .set({
        paymentStatus: order.paymentStatus === 'refund_required' ? 'refund_required' : 'failed',
        updatedAt: new Date(),
      })
      .where(and(eq(orders.id, order.id), eq(orders.paymentStatus, 'pending')));
  return { order: order.number, cancelled, refunds };
}

/**
 * A return of some items (issue #29 item 4): refunds `lines` of the order's latest paid attempt
 * with a refund receipt of exactly those pieces; the certificate's share of them (when a
 * certificate paid part of the order) goes back on the certificate. `key` makes it happen once.
 * @throws ApiHttpError 404 unknown order or line, 409 nothing paid by card/СБП, or more pieces
 *   than were paid and not yet refunded, 502 the provider could not be reached.
 */
export async function refundLines(
  db: Db,
  ref: string,
  lines: RefundLine[],
  options: { key: string; reason: string; requestedBy: string },
): Promise<RefundView> {
  const order = await orderByRef(db, ref);
  const own = await db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, order.id));
  for (const line of lines)
    if (line.orderItemId !== 0 && !own.some((o) => o.id === line.orderItemId))
      throw new ApiHttpError(404, `В заказе нет строки ${line.orderItemId}`);
  const [payment] = (await paidAttempts(db, order.id)).slice(-1);
  if (!payment) throw new ApiHttpError(409, 'Заказ не оплачен картой или через СБП: возвращать через банк нечего');
  const key = `lines:${order.id}:${options.key}`;
  const [earlier] = await db.select().from(orderRefunds).where(eq(orderRefunds.key, key)).limit(1);
  const refund = await refundPayment(db, payment.id, {
    key,
    lines,
    reason: options.reason,
    requestedBy: options.requestedBy,
  });
  if (!earlier && refund.status !== 'failed' && order.giftCardAmount > 0) {
    // The certificate paid the same share of every line (server/services/payments/receipt.ts).
    const share = Math.round((toKopecks(refund.amount) * toKopecks(order.giftCardAmount)) / toKopecks(payment.amount));
    await db.transaction((tx) => creditCertificate(tx, order, toRubles(share as Kopecks)));
    if (share > 0)
      await db.insert(orderStatusHistory).values({
        orderId: order.id,
        status: order.status,
        comment: `На сертификат возвращено ${formatRubles(toRubles(share as Kopecks))}`,
      });
  }
  return refund;
}

/** Sum of succeeded refunds of an order, rubles. */
export async function refundedTotal(db: Pick<Db, 'select'>, orderId: number): Promise<number> {
  const rows = await db
    .select({ amount: orderRefunds.amount })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.status, 'succeeded')));
  return addRubles(...rows.map((r) => r.amount));
}

/** The order's refunds, oldest first, with their receipts. @throws ApiHttpError 404 unknown order. */
export async function listRefunds(db: Db, ref: string): Promise<{ order: string; refunds: RefundView[] }> {
  const order = await orderByRef(db, ref);
  const rows = await db
    .select({ refund: orderRefunds, provider: orderPayments.provider })
    .from(orderRefunds)
    .innerJoin(orderPayments, eq(orderPayments.id, orderRefunds.paymentId))
    .where(eq(orderRefunds.orderId, order.id))
    .orderBy(asc(orderRefunds.id));
  return { order: order.number, refunds: rows.map((r) => view(r.refund, r.provider)) };
}
