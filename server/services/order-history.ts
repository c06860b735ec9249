/**
 * Reading a user's orders (spec §7 /v1/history_order_preview/, /v1/history_order_detail/).
 * Every query is scoped to the user: another user's order is "not found" (404).
 */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import {
  DELIVERY_METHOD_NAMES,
  ORDER_STATUS_NAMES,
  PAYMENT_METHOD_NAMES,
  PAYMENT_STATUS_NAMES,
  type OrderDetail,
  type OrderPreview,
} from '@/lib/api/contract/orders';
import { ACCOUNT_MESSAGES } from '@/lib/messages/accounts';
import { lineTotal, roundRubles, subtractRubles, toRubles } from '@/lib/money';
import { orderItems, orderPayments, orders, orderStatusHistory } from '../db/schema';
import { ApiHttpError } from '../http';
import type { Db } from '../db/client';

/**
 * The amounts every answer about a placed order carries (order creation, the confirmation page's
 * `OrderInfo`), rubles rounded to kopecks: `to_pay` is the total less what a certificate paid, 0
 * once `settled` (paid or cancelled).
 */
export function orderAmountsJson(order: typeof orders.$inferSelect, settled = false) {
  return {
    items_total: roundRubles(order.itemsTotal),
    discount: roundRubles(order.discount),
    delivery_cost: roundRubles(order.deliveryCost),
    total: roundRubles(order.total),
    gift_card_amount: roundRubles(order.giftCardAmount),
    to_pay: settled ? 0 : subtractRubles(order.total, order.giftCardAmount),
  };
}

/**
 * The head fields every order answer shares (the history's preview and detail, and the
 * confirmation page's `OrderInfo` of order-payment.ts): number, creation date (ISO 8601), status
 * and its Russian name.
 */
export function orderHeadJson(order: typeof orders.$inferSelect) {
  return {
    number: order.number,
    created_at: order.createdAt.toISOString(),
    status: order.status,
    status_name: ORDER_STATUS_NAMES[order.status],
  };
}

/** The user's orders, newest first. */
export async function listUserOrders(db: Db, userId: number): Promise<OrderPreview[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  if (rows.length === 0) return [];
  const lines = await db
    .select({ orderId: orderItems.orderId, image: orderItems.image, quantity: orderItems.quantity })
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(orderItems.id));
  return rows.map((order) => {
    const own = lines.filter((l) => l.orderId === order.id);
    return {
      pk: order.id,
      ...orderHeadJson(order),
      total: roundRubles(order.total),
      items_count: own.reduce((sum, l) => sum + l.quantity, 0),
      images: own
        .map((l) => l.image)
        .filter(Boolean)
        .slice(0, 4),
    };
  });
}

/**
 * One order of the user with lines, status history, delivery and payment.
 * @throws ApiHttpError 404 "Заказ не найден" when it does not exist or belongs to someone else.
 */
export async function getUserOrder(db: Db, userId: number, pk: number): Promise<OrderDetail> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, pk), eq(orders.userId, userId)))
    .limit(1);
  if (!order) throw new ApiHttpError(404, ACCOUNT_MESSAGES.orderNotFound);
  const [lines, history, [paidBy]] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id)),
    db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order.id))
      .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id)),
    // Issue #29: an online payment's method (card or СБП) is the paid attempt's.
    db
      .select({ method: orderPayments.method })
      .from(orderPayments)
      .where(and(eq(orderPayments.orderId, order.id), eq(orderPayments.status, 'paid')))
      .limit(1),
  ]);
  const method = order.paymentMethod === 'card' && paidBy ? paidBy.method : order.paymentMethod;
  return {
    pk: order.id,
    ...orderHeadJson(order),
    history: history.map((h) => ({
      status: h.status,
      status_name: ORDER_STATUS_NAMES[h.status],
      comment: h.comment,
      created_at: h.createdAt.toISOString(),
    })),
    contact: { fio: order.contactFio, email: order.contactEmail, phone: order.contactPhone },
    delivery: {
      method: order.deliveryMethod,
      method_name: DELIVERY_METHOD_NAMES[order.deliveryMethod] ?? order.deliveryMethod,
      address: order.deliveryAddress,
      cost: roundRubles(order.deliveryCost),
    },
    payment: {
      method,
      method_name: PAYMENT_METHOD_NAMES[method] ?? method,
      status: order.paymentStatus,
      status_name: PAYMENT_STATUS_NAMES[order.paymentStatus],
    },
    promo_code: order.promoCode,
    discount: roundRubles(order.discount),
    items_total: roundRubles(order.itemsTotal),
    total: roundRubles(order.total),
    items: lines.map(orderLineJson),
  };
}

/**
 * One order line on the wire (order detail of the history and `items_json` of get_order_info):
 * the snapshot taken when the order was placed; price and total in rubles.
 */
export function orderLineJson(l: typeof orderItems.$inferSelect) {
  return {
    id: l.id,
    product_id: l.productId,
    name: l.productName,
    brand: l.brandName,
    color: l.colorName,
    size: l.sizeName,
    image: l.image,
    full_path_offer: l.fullPathOffer,
    price: roundRubles(l.price),
    quantity: l.quantity,
    total: toRubles(lineTotal(l)),
  };
}
