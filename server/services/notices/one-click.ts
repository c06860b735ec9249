/**
 * Buy in one click (issue #33 item 4, docs/notices.md): a name and a phone, from the product page
 * (one line) or the basket (its lines). The order is an ordinary order — «Заказ в 1 клик», payment
 * and delivery to be agreed by the operator's call — created the checkout's way
 * (server/services/checkout.ts): lines and prices from the catalogue (`describeLines`), stock taken
 * with the guarded decrement (`takeStock`) in the order's transaction, so it is reserved like any
 * order and given back when the order is cancelled (1C or the operator). It is exported to 1C by
 * the same `sale query` as every order (server/services/order-exchange.ts).
 *
 * Its payment method is "one_click", not "card": the reservation sweeper (reservations.ts) leaves
 * it alone, since nobody pays online; the operator confirms or cancels it after the call.
 *
 * `Idempotency-Key`: a repeat with the same key and body returns the first order (advisory lock +
 * the unique index); the same key with another body is a 409.
 */
import { eq, sql } from 'drizzle-orm';
import type { OneClickBody } from '@/lib/api/contract/notices';
import { linesTotal, toRubles } from '@/lib/money';
import { type Db } from '../../db/client';
import { cartItems, offerFeatures, orderItems, orders, orderStatusHistory } from '../../db/schema';
import { ApiHttpError } from '../../http';
import { noteStockChanged } from '../catalog-index';
import {
  BAD_IDEMPOTENCY_KEY,
  describeLines,
  IDEMPOTENCY_KEY_RE,
  IDEMPOTENCY_KEY_REUSED,
  insertOrder,
  orderBodyHash,
  orderItemOf,
  takeStock,
  type OrderActor,
  type RawLine,
} from '../checkout';
import { consentSubject, recordConsents, type ConsentEvidence } from '../consent';
import type { z } from 'zod';

type Body = z.output<typeof OneClickBody>;

/** `payment_method` and `delivery_method` of one-click orders. */
export const ONE_CLICK_METHOD = 'one_click';
/** What the order, its history and 1C's document say about it. */
export const ONE_CLICK_COMMENT = 'Заказ в 1 клик: перезвонить покупателю, уточнить доставку и оплату';

/** The lines asked for: `item` resolved by its sizes' ext ids, else the basket's lines. */
async function requested(
  db: Pick<Db, 'select'>,
  body: Body,
  actor: OrderActor,
): Promise<{ lines: RawLine[]; fromCart: boolean }> {
  if (body.item) {
    const item = body.item;
    const own = await db.select().from(offerFeatures).where(eq(offerFeatures.offerId, item.offer));
    if (own.length === 0) throw new ApiHttpError(404, 'Товар не найден');
    const byExt = (ext: string | undefined, kind: string) => own.find((f) => f.extId === ext && f.kind === kind);
    if (own.some((f) => f.kind === 'top' || f.kind === 'bottom')) {
      const top = byExt(item.featuretop, 'top');
      const bottom = byExt(item.featurebot, 'bottom');
      if (!top || !bottom) throw new ApiHttpError(400, 'Выберите размер верха и низа');
      return {
        lines: [{ offerId: item.offer, featureIds: [top.id, bottom.id], quantity: item.quantity }],
        fromCart: false,
      };
    }
    const size = byExt(item.feature, 'size');
    if (!size) throw new ApiHttpError(400, 'Выберите размер');
    return { lines: [{ offerId: item.offer, featureIds: [size.id], quantity: item.quantity }], fromCart: false };
  }
  if (!actor.cartId) return { lines: [], fromCart: true };
  const list = await db.select().from(cartItems).where(eq(cartItems.cartId, actor.cartId));
  return {
    lines: list.map((r) => ({
      offerId: r.offerId,
      featureIds: [r.featureId, r.featureTopId, r.featureBotId].filter((x): x is number => x !== null),
      quantity: r.quantity,
    })),
    fromCart: true,
  };
}

/** The created (or repeated) one-click order as the API answers it. */
export interface OneClickOrder {
  id: number;
  number: string;
  guid: string;
  total: number;
}

/**
 * Creates an order in one click (see the module docstring), in one transaction: stock, order,
 * lines, history, the 152-ФЗ consent of the form, emptying the basket when its lines were ordered.
 * @param accountEmail the signed-in shopper's address, stored as the order's contact e-mail.
 * @returns the order and whether this call created it.
 * @throws ApiHttpError 400 (empty basket, no size, bad key), 404 (unknown offer), 409 (stock short,
 *   key reused with another body).
 */
export async function createOneClickOrder(
  db: Db,
  actor: OrderActor & { accountEmail: string | null },
  body: Body,
  options: { idempotencyKey?: string | null; evidence: ConsentEvidence },
): Promise<{ order: OneClickOrder; created: boolean }> {
  const key = options.idempotencyKey ?? '';
  if (key !== '' && !IDEMPOTENCY_KEY_RE.test(key)) throw new ApiHttpError(400, BAD_IDEMPOTENCY_KEY);
  const bodyHash = orderBodyHash(body);
  // A guest without a basket: the key alone, but a repeat is answered only for the same body (name,
  // phone, item), so a stranger who learnt the key learns nothing new.
  const scope =
    key === ''
      ? null
      : actor.cartId
        ? `oneclick:cart:${actor.cartId}:${key}`
        : actor.userId
          ? `oneclick:user:${actor.userId}:${key}`
          : `oneclick:anon:${key}`;
  const earlier = async (tx: Pick<Db, 'select'>) => {
    if (!scope) return null;
    const [row] = await tx.select().from(orders).where(eq(orders.idempotencyKey, scope)).limit(1);
    if (!row) return null;
    if (row.idempotencyBodyHash !== bodyHash) throw new ApiHttpError(409, IDEMPOTENCY_KEY_REUSED);
    return row;
  };
  const toAnswer = (row: typeof orders.$inferSelect): OneClickOrder => ({
    id: row.id,
    number: row.number,
    guid: row.guid,
    total: row.total,
  });
  const found = await earlier(db);
  if (found) return { order: toAnswer(found), created: false };

  const result = await db.transaction(async (tx) => {
    if (scope) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${scope}))`);
      const again = await earlier(tx);
      if (again) return { row: again, created: false, products: [] as number[] };
    }
    const { lines: raw, fromCart } = await requested(tx, body, actor);
    const lines = await describeLines(tx, raw);
    if (lines.length === 0) throw new ApiHttpError(400, 'Корзина пуста');
    await takeStock(tx, lines);
    const total = toRubles(linesTotal(lines));
    const row = await insertOrder(tx, {
      userId: actor.userId,
      contactFio: body.name,
      contactEmail: actor.accountEmail ?? '',
      contactPhone: body.phone,
      deliveryMethod: ONE_CLICK_METHOD,
      deliveryAddress: 'Уточнит оператор по телефону',
      deliveryData: { one_click: true },
      paymentMethod: ONE_CLICK_METHOD,
      itemsTotal: total,
      total,
      comment: ONE_CLICK_COMMENT,
      idempotencyKey: scope,
      idempotencyBodyHash: scope ? bodyHash : null,
      cartId: fromCart ? actor.cartId : null,
    });
    await tx.insert(orderItems).values(lines.map((l) => orderItemOf(row.id, l)));
    await tx.insert(orderStatusHistory).values({ orderId: row.id, status: 'new', comment: 'Заказ в 1 клик' });
    // 152-ФЗ art. 9: the form's consent to process the name and phone, with the order.
    await recordConsents(tx, {
      userId: actor.userId,
      subject: consentSubject({ userId: actor.userId, phone: body.phone }),
      documents: ['personal-data'],
      form: 'checkout',
      evidence: options.evidence,
    });
    if (fromCart && actor.cartId) await tx.delete(cartItems).where(eq(cartItems.cartId, actor.cartId));
    return { row, created: true, products: lines.map((l) => l.productId) };
  });
  if (result.created) noteStockChanged(db, result.products);
  return { order: toAnswer(result.row), created: result.created };
}
