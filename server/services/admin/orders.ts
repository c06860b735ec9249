/**
 * Orders in the console (issue #32 "Orders"): the list's filters, the order record with items,
 * delivery, payments, refunds and history, status changes with the shopper's mail, refunds through
 * the payments issue's refund path (server/services/refunds.ts: provider + 54-ФЗ refund receipt),
 * and the confirmation mail again. Each change writes the audit log.
 */
import { createHash } from 'node:crypto';
import { and, asc, count, eq, gte, ilike, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { AdminOrder, AdminOrderDelivery, AdminOrderSummary, OrderFilter } from '@/lib/api/contract/admin/core';
import { ORDER_STATUS_NAMES } from '@/lib/api/contract/orders';
import { orderItems, orderPayments, orderRefunds, orders, orderStatusHistory, type OrderStatus } from '../../db/schema';
import { serverEnv } from '../../env';
import { ApiHttpError } from '../../http';
import { logError } from '../log';
import { sendMail } from '../mail';
import { sendOrderMail } from '../order-mail';
import { cancelOrder, refundLines, refundPayment, refundedTotal, type RefundView } from '../refunds';
import { recordAudit } from './audit';
import type { Db } from '../../db/client';

type OrderRow = typeof orders.$inferSelect;

/** Moscow time: the shop's day boundaries (dateFrom/dateTo are Moscow dates). */
const MSK = '+03:00';

/** Escapes `%`, `_` and `\` for ILIKE. */
export function likeOf(text: string): string {
  return `%${text.replace(/[%_\\]/g, (m) => `\\${m}`)}%`;
}

/** The WHERE of an order filter (list and CSV export share it). */
export function orderWhere(f: OrderFilter): SQL | undefined {
  const where: SQL[] = [];
  const list = <T>(v: T | T[] | undefined) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]);
  const statuses = list(f.status);
  if (statuses?.length) where.push(inArray(orders.status, statuses));
  const payments = list(f.paymentStatus);
  if (payments?.length) where.push(inArray(orders.paymentStatus, payments));
  if (f.dateFrom) where.push(gte(orders.createdAt, new Date(`${f.dateFrom}T00:00:00${MSK}`)));
  if (f.dateTo)
    where.push(lt(orders.createdAt, new Date(new Date(`${f.dateTo}T00:00:00${MSK}`).getTime() + 86_400_000)));
  if (f.userId) where.push(eq(orders.userId, f.userId));
  const ids = list(f.id);
  if (ids?.length) where.push(inArray(orders.id, ids));
  const q = f.q?.trim();
  if (q) {
    const digits = q.replace(/\D/g, '');
    const alternatives: SQL[] = [ilike(orders.number, likeOf(q)), ilike(orders.contactEmail, likeOf(q))];
    // A phone typed as 8 916…, +7 (916) … or 916…: compared by digits, the stored form is +7XXXXXXXXXX.
    if (digits.length >= 4 && !q.includes('@')) {
      const national = digits.length === 11 && /^[78]/.test(digits) ? digits.slice(1) : digits;
      alternatives.push(ilike(orders.contactPhone, likeOf(national)));
      if (/^\d+$/.test(q)) alternatives.push(ilike(orders.number, likeOf(q)));
    }
    where.push(or(...alternatives)!);
  }
  return where.length ? and(...where) : undefined;
}

/** The list record of an order. */
export function toOrderSummary(o: OrderRow): AdminOrderSummary {
  return {
    id: o.id,
    number: o.number,
    createdAt: o.createdAt.toISOString(),
    status: o.status,
    paymentStatus: o.paymentStatus,
    customerName: o.contactFio,
    email: o.contactEmail,
    phone: o.contactPhone,
    total: o.total,
    userId: o.userId,
  };
}

/** A page of orders and the total count. */
export async function listOrders(
  db: Db,
  f: OrderFilter,
  page: { offset: number; limit: number; order: SQL },
): Promise<{ rows: OrderRow[]; total: number }> {
  const where = orderWhere(f);
  const rows = await db.select().from(orders).where(where).orderBy(page.order).limit(page.limit).offset(page.offset);
  const [total] = await db.select({ n: count() }).from(orders).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The order row by id. @throws ApiHttpError 404. */
export async function orderRowById(db: Pick<Db, 'select'>, id: number): Promise<OrderRow> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  if (!row) throw new ApiHttpError(404, 'Заказ не найден');
  return row;
}

/**
 * The console's delivery record of an order: the checkout's stored `delivery_data` (its own
 * snake_case fields, different per method) read into the contract's named fields.
 */
function deliveryOf(o: OrderRow): AdminOrderDelivery {
  const data = o.deliveryData;
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  const int = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null);
  return {
    method: o.deliveryMethod,
    address: o.deliveryAddress,
    city: str(data.city),
    region: str(data.region),
    postcode: str(data.postcode),
    pickupPoint: str(data.pickup_point),
    storeId: int(data.store_id),
    daysMin: int(data.days_min) || null,
    daysMax: int(data.days_max) || null,
    cost: o.deliveryCost,
  };
}

/** The whole order record of the console. @throws ApiHttpError 404. */
export async function adminOrder(db: Db, id: number): Promise<AdminOrder> {
  const o = await orderRowById(db, id);
  const [items, payments, refunds, history, refunded] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, id)).orderBy(asc(orderItems.id)),
    db.select().from(orderPayments).where(eq(orderPayments.orderId, id)).orderBy(asc(orderPayments.id)),
    db.select().from(orderRefunds).where(eq(orderRefunds.orderId, id)).orderBy(asc(orderRefunds.id)),
    db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, id)).orderBy(asc(orderStatusHistory.id)),
    refundedTotal(db, id),
  ]);
  // Pieces of each line refunded or being refunded (a failed refund returned nothing).
  const refundedPieces = new Map<number, number>();
  for (const r of refunds) {
    if (r.status === 'failed') continue;
    for (const line of r.items)
      refundedPieces.set(line.order_item_id, (refundedPieces.get(line.order_item_id) ?? 0) + line.quantity);
  }
  return {
    ...toOrderSummary(o),
    guid: o.guid,
    comment: o.comment,
    itemsTotal: o.itemsTotal,
    discount: o.discount,
    promoCode: o.promoCode,
    giftCardAmount: o.giftCardAmount,
    deliveryCost: o.deliveryCost,
    paymentMethod: o.paymentMethod,
    paidAt: o.paidAt?.toISOString() ?? null,
    refundedTotal: refunded,
    items: items.map((l) => ({
      id: l.id,
      name: l.productName,
      brand: l.brandName,
      color: l.colorName,
      size: l.sizeName,
      image: l.image,
      url: l.fullPathOffer,
      price: l.price,
      quantity: l.quantity,
      refundedQuantity: refundedPieces.get(l.id) ?? 0,
    })),
    delivery: deliveryOf(o),
    payments: payments.map((p) => ({
      id: p.id,
      provider: p.provider,
      method: p.method,
      status: p.status,
      amount: p.amount,
      refundedAmount: p.refundedAmount,
      createdAt: p.createdAt.toISOString(),
    })),
    refunds: refunds.map((r) => ({
      id: r.id,
      amount: r.amount,
      status: r.status,
      reason: r.reason,
      requestedBy: r.requestedBy,
      message: r.message,
      lines: r.items.map((l) => ({ itemId: l.order_item_id, quantity: l.quantity })),
      receipt: r.receipt ?? null,
      createdAt: r.createdAt.toISOString(),
    })),
    history: history.map((h) => ({ at: h.createdAt.toISOString(), status: h.status, comment: h.comment })),
  };
}

/** Mails the shopper the order's new status (in the background; never throws). */
export function mailStatus(order: OrderRow, status: OrderStatus): void {
  if (!order.contactEmail) return;
  const name = ORDER_STATUS_NAMES[status];
  void sendMail({
    to: order.contactEmail,
    subject: `Заказ ${order.number}: ${name.toLowerCase()}`,
    text: [
      `Статус вашего заказа ${order.number}: «${name}».`,
      '',
      `Подробности: ${serverEnv.SITE_URL}/basket/delivery/confirm/${order.guid}`,
    ].join('\n'),
  }).catch((error: unknown) => logError('order-mail', `status of order id ${order.id}`, error));
}

/**
 * Sets an order's status (issue #32): «Отменён» goes through the cancel path (goods and certificate
 * back, payments refunded with receipts: server/services/refunds.ts `cancelOrder`); any other
 * status is written with a history line. `notify` mails the shopper.
 * @throws ApiHttpError 404, 409 (the cancel path's refusals, e.g. shipped already).
 */
export async function setOrderStatus(
  db: Db,
  id: number,
  input: { status: OrderStatus; notify: boolean; comment?: string },
  staff: { id: number; login: string },
): Promise<void> {
  const before = await orderRowById(db, id);
  if (before.status === input.status)
    throw new ApiHttpError(409, `Заказ уже в статусе «${ORDER_STATUS_NAMES[input.status]}»`);
  if (input.status === 'cancelled') {
    await cancelOrder(db, before.number, {
      reason: input.comment || `Отменён в консоли (${staff.login})`,
      requestedBy: `operator:${staff.login}`,
    });
    await recordAudit(db, {
      staffId: staff.id,
      action: 'status',
      entity: 'orders',
      entityId: id,
      before: { status: before.status, paymentStatus: before.paymentStatus },
      after: { status: 'cancelled', notify: input.notify },
    });
  } else {
    await db.transaction(async (tx) => {
      await tx.update(orders).set({ status: input.status, updatedAt: new Date() }).where(eq(orders.id, id));
      await tx.insert(orderStatusHistory).values({
        orderId: id,
        status: input.status,
        comment: input.comment || `Статус изменён в консоли (${staff.login})`,
      });
      await recordAudit(tx, {
        staffId: staff.id,
        action: 'status',
        entity: 'orders',
        entityId: id,
        before: { status: before.status },
        after: { status: input.status, notify: input.notify },
      });
    });
  }
  if (input.notify) mailStatus(before, input.status);
}

/**
 * Refunds an order fully (every paid attempt, what is left of it) or by lines (the latest paid
 * attempt, exactly those pieces), through server/services/refunds.ts: the provider gets the
 * refund and the shopper a 54-ФЗ refund receipt. The refund and its audit record are written
 * after the provider answered (a provider call cannot sit inside a database transaction).
 * @throws ApiHttpError 404 unknown order or line, 409 nothing paid or nothing left, 502 provider down.
 */
export async function refundOrder(
  db: Db,
  id: number,
  body:
    | { full: true; key?: string; reason?: string }
    | { lines: Array<{ itemId: number; quantity: number }>; key?: string; reason?: string },
  staff: { id: number; login: string },
): Promise<RefundView[]> {
  const order = await orderRowById(db, id);
  const reason = body.reason || ('full' in body ? 'Возврат заказа' : 'Возврат товаров');
  const requestedBy = `operator:${staff.login}`;
  const [{ n: done } = { n: 0 }] = await db
    .select({ n: count() })
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, id));
  let refunds: RefundView[];
  if ('full' in body) {
    const paid = await db
      .select()
      .from(orderPayments)
      .where(and(eq(orderPayments.orderId, id), eq(orderPayments.status, 'paid')))
      .orderBy(asc(orderPayments.id));
    const open = paid.filter((p) => p.amount - p.refundedAmount > 0.004);
    if (open.length === 0) throw new ApiHttpError(409, 'Возвращать нечего: заказ не оплачен или уже возвращён');
    refunds = [];
    for (const p of open) {
      refunds.push(
        await refundPayment(db, p.id, {
          key: `console-full:${p.id}:${body.key ?? done}`,
          lines: null,
          reason,
          requestedBy,
        }),
      );
    }
  } else {
    // Same lines and no refund since: the same key, so a double click refunds once.
    const key =
      body.key ??
      createHash('sha256')
        .update(JSON.stringify([done, body.lines.map((l) => [l.itemId, l.quantity])]))
        .digest('hex')
        .slice(0, 32);
    refunds = [
      await refundLines(
        db,
        order.number,
        body.lines.map((l) => ({ orderItemId: l.itemId, quantity: l.quantity })),
        { key: `console:${key}`, reason, requestedBy },
      ),
    ];
  }
  await recordAudit(db, {
    staffId: staff.id,
    action: 'refund',
    entity: 'orders',
    entityId: id,
    before: { paymentStatus: order.paymentStatus },
    after: { request: body, refunds: refunds.map((r) => ({ id: r.id, amount: r.amount, status: r.status })) },
  });
  return refunds;
}

/** Sends the order's confirmation mail again ("принят", or "оплачен" for a paid order). */
export async function resendConfirmation(db: Db, id: number, staffId: number): Promise<void> {
  const order = await orderRowById(db, id);
  if (!order.contactEmail) throw new ApiHttpError(409, 'У заказа нет адреса электронной почты');
  sendOrderMail(db, id, order.paymentStatus === 'paid' ? 'paid' : 'created');
  await recordAudit(db, {
    staffId,
    action: 'resend',
    entity: 'orders',
    entityId: id,
    after: { to: order.contactEmail },
  });
}
