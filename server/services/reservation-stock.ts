/**
 * What an unpaid order holds and gives back (issue #13 "Reservations expire"; DESIGN.md
 * "Database": stock changes in one transaction, never below 0).
 *
 * An order takes the stock of its sizes when it is created (server/services/checkout.ts
 * `takeStock`) and, when part of it is paid by a gift certificate, that part of the certificate's
 * balance. An order awaiting card payment keeps both for RESERVATION_TTL_MINUTES; then
 * {@link releaseReservation} cancels it and gives both back. A card payment that still arrives
 * (the shopper paid at the bank at minute 31) goes through {@link reclaimExpiredOrder}: the goods
 * and the certificate part are taken again when all of them are still there, otherwise the order
 * stays cancelled with payment status `refund_required` for the operator.
 *
 * Every function here runs inside the caller's transaction and changes the order only with a
 * conditional update on its status, so two API processes (two sweepers, or a sweeper and a
 * shopper's status check) can never return or take the same stock twice.
 */
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import { roundRubles } from '@/lib/money';
import { giftCards, giftCardTransactions, offerFeatures, orderItems, orders, orderStatusHistory } from '../db/schema';
import type { Db } from '../db/client';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type OrderRow = typeof orders.$inferSelect;

/** Russian refusal of a new payment for an order whose reservation expired (409). */
export const RESERVATION_EXPIRED = 'Заказ отменён: время на оплату истекло. Оформите заказ заново';

/** "30 минут", "1 минуту", "2 минуты" (accusative, as in «не оплачен за 21 минуту»). */
export function minutesRu(n: number): string {
  const tens = n % 100;
  const last = n % 10;
  const word = tens >= 11 && tens <= 14 ? 'минут' : last === 1 ? 'минуту' : last >= 2 && last <= 4 ? 'минуты' : 'минут';
  return `${n} ${word}`;
}

/** Pieces the order's goods hold per size (offer_features id → quantity), and their products. */
interface Held {
  need: Map<number, number>;
  productIds: number[];
  /** A goods line lost its size (the size was deleted from the catalogue): it cannot be re-reserved. */
  orphaned: boolean;
}

async function heldBy(tx: Tx, orderId: number): Promise<Held> {
  const lines = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  const need = new Map<number, number>();
  const productIds = new Set<number>();
  let orphaned = false;
  for (const line of lines) {
    if (line.giftCardNominalId !== null) continue; // a certificate bought with the order holds no stock
    const features = [line.featureId, line.featureTopId, line.featureBotId].filter((id): id is number => id !== null);
    if (features.length === 0) orphaned = true;
    for (const id of features) need.set(id, (need.get(id) ?? 0) + line.quantity);
    if (line.productId !== null) productIds.add(line.productId);
  }
  return { need, productIds: [...productIds], orphaned };
}

/** Sizes in id order, the order `takeStock` locks them in: no deadlock with a concurrent checkout. */
function byId(need: Map<number, number>): Array<[number, number]> {
  return [...need.entries()].sort((a, b) => a[0] - b[0]);
}

/**
 * Cancels an unpaid card order whose reservation expired and gives back what it held: the stock of
 * its sizes (`offer_features.stock += quantity`) and the gift certificate part (balance and a
 * positive ledger row). Writes the status history row «Отменён: не оплачен за N минут…».
 *
 * Only an order that is still `new`, paid by card, payment `pending`/`failed` and created before
 * `createdBefore` is cancelled (one conditional update): a second sweeper, or a payment recorded
 * meanwhile, makes this a no-op.
 * @param ttlMinutes for the history comment.
 * @returns the products whose stock came back (for `noteStockChanged` after commit), or null when
 *   the order was not (or no longer) due.
 */
export async function releaseReservation(
  tx: Tx,
  orderId: number,
  createdBefore: Date,
  ttlMinutes: number,
): Promise<{ productIds: number[] } | null> {
  const now = new Date();
  const [order] = await tx
    .update(orders)
    .set({ status: 'cancelled', reservationReleasedAt: now, updatedAt: now })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.status, 'new'),
        eq(orders.paymentMethod, 'card'),
        inArray(orders.paymentStatus, ['pending', 'failed']),
        lt(orders.createdAt, createdBefore),
      ),
    )
    .returning();
  if (!order) return null;
  return giveBack(tx, order, `Отменён: не оплачен за ${minutesRu(ttlMinutes)}, товары вернулись в продажу`);
}

/**
 * What a just-cancelled order gives back, in the caller's transaction: a history row `comment`, the
 * stock of its sizes (in id order, as `takeStock` locks them) and its certificate part.
 */
async function giveBack(tx: Tx, order: OrderRow, comment: string): Promise<{ productIds: number[] }> {
  await tx.insert(orderStatusHistory).values({ orderId: order.id, status: 'cancelled', comment });
  const held = await heldBy(tx, order.id);
  for (const [featureId, quantity] of byId(held.need)) {
    await tx
      .update(offerFeatures)
      .set({ stock: sql`${offerFeatures.stock} + ${quantity}` })
      .where(eq(offerFeatures.id, featureId));
  }
  await creditCertificate(tx, order, order.giftCardAmount);
  return { productIds: held.productIds };
}

/** Statuses from which an order can still be cancelled with its goods returned to stock. */
export const CANCELLABLE_STATUSES = ['new', 'confirmed', 'paid', 'assembling'] as const;

/**
 * Issue #29: cancels an order that has not left the warehouse (by the operator, or 1C's
 * «Отменён») and gives back its stock and certificate part, with a history row `comment`.
 * One conditional update on the status, so a second call is a no-op.
 * @returns the products whose stock came back, or null when the order was not cancellable.
 */
export async function cancelAndRelease(
  tx: Tx,
  orderId: number,
  comment: string,
): Promise<{ productIds: number[] } | null> {
  const [order] = await tx
    .update(orders)
    .set({ status: 'cancelled', updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), inArray(orders.status, [...CANCELLABLE_STATUSES])))
    .returning();
  if (!order) return null;
  return giveBack(tx, order, comment);
}

/**
 * Issue #29: puts `amount` rubles back on the certificate that paid part of `order` (a cancelled
 * order, or the certificate's share of returned lines), with a positive ledger row.
 */
export async function creditCertificate(tx: Tx, order: OrderRow, amount: number): Promise<void> {
  if (!order.giftCardCode || amount <= 0) return;
  const [card] = await tx
    .update(giftCards)
    .set({ balance: sql`${giftCards.balance} + ${amount}` })
    .where(eq(giftCards.code, order.giftCardCode))
    .returning({ id: giftCards.id });
  if (card)
    await tx
      .insert(giftCardTransactions)
      .values({ giftCardId: card.id, orderId: order.id, amount: roundRubles(amount) });
}

/**
 * A card payment completed for an order the sweeper had cancelled (called inside the payment
 * check's transaction, which has just closed the attempt as paid). With the order row locked:
 * when every size still has the stock and the certificate (if any) still the balance, takes them
 * again and clears `reservation_released_at` — the caller then marks the order paid. Otherwise
 * (or when the order was cancelled for another reason) the order stays cancelled, its payment
 * status becomes `refund_required`, a history row says so, and the operator is told on stderr.
 * @returns reserved: true when the goods are the shopper's again; productIds whose stock changed.
 */
export async function reclaimExpiredOrder(
  tx: Tx,
  orderId: number,
): Promise<{ reserved: boolean; productIds: number[] }> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update').limit(1);
  if (!order || order.status !== 'cancelled') return { reserved: false, productIds: [] };
  const held = await heldBy(tx, orderId);
  let available = order.reservationReleasedAt !== null && !held.orphaned;
  const sizes = byId(held.need);
  if (available && sizes.length > 0) {
    const stock = await tx
      .select({ id: offerFeatures.id, stock: offerFeatures.stock })
      .from(offerFeatures)
      .where(
        inArray(
          offerFeatures.id,
          sizes.map(([id]) => id),
        ),
      )
      .orderBy(asc(offerFeatures.id))
      .for('update');
    const have = new Map(stock.map((s) => [s.id, s.stock]));
    available = sizes.every(([id, quantity]) => (have.get(id) ?? 0) >= quantity);
  }
  let cardId: number | null = null;
  if (available && order.giftCardCode && order.giftCardAmount > 0) {
    const [card] = await tx
      .select()
      .from(giftCards)
      .where(eq(giftCards.code, order.giftCardCode))
      .for('update')
      .limit(1);
    available = !!card && card.balance >= order.giftCardAmount;
    cardId = card?.id ?? null;
  }
  if (!available) {
    await tx
      .update(orders)
      .set({ paymentStatus: 'refund_required', paidAt: new Date(), updatedAt: new Date() })
      .where(eq(orders.id, orderId));
    await tx.insert(orderStatusHistory).values({
      orderId,
      status: 'cancelled',
      comment: 'Оплата поступила после отмены заказа, товара уже нет в наличии: деньги будут возвращены',
    });
    // The operator's cue (no personal data: the public order number only).
    console.warn(
      `[reservations] order ${order.number}: card payment arrived after its reservation expired and the goods are gone; refund required`,
    );
    return { reserved: false, productIds: [] };
  }
  for (const [featureId, quantity] of sizes) {
    await tx
      .update(offerFeatures)
      .set({ stock: sql`${offerFeatures.stock} - ${quantity}` })
      .where(eq(offerFeatures.id, featureId));
  }
  if (cardId !== null) {
    await tx
      .update(giftCards)
      .set({ balance: sql`${giftCards.balance} - ${order.giftCardAmount}` })
      .where(eq(giftCards.id, cardId));
    await tx
      .insert(giftCardTransactions)
      .values({ giftCardId: cardId, orderId, amount: -roundRubles(order.giftCardAmount) });
  }
  await tx.update(orders).set({ reservationReleasedAt: null, updatedAt: new Date() }).where(eq(orders.id, orderId));
  return { reserved: true, productIds: held.productIds };
}

/** Unpaid card orders due for expiry (the sweeper's list), oldest first. */
export async function dueOrders(db: Pick<Db, 'select'>, createdBefore: Date, limit: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.status, 'new'),
        eq(orders.paymentMethod, 'card'),
        inArray(orders.paymentStatus, ['pending', 'failed']),
        lt(orders.createdAt, createdBefore),
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(limit);
}

/** Orders the sweeper cancelled after `since` whose payment may still arrive, oldest first. */
export async function expiredAwaitingPayment(db: Pick<Db, 'select'>, since: Date, limit: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.status, 'cancelled'),
        inArray(orders.paymentStatus, ['pending', 'failed']),
        sql`${orders.reservationReleasedAt} > ${since.toISOString()}`,
        sql`exists (select 1 from order_payments p where p.order_id = ${orders.id} and p.status = 'created')`,
      ),
    )
    .orderBy(asc(orders.reservationReleasedAt))
    .limit(limit);
}
