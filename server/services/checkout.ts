/**
 * Order creation (issue #5; spec §7 POST /v1/order/ and /v2/order/; DESIGN.md "Database": orders
 * are created in one transaction with stock checked and decremented, an idempotency key makes a
 * repeated submit return the same order).
 *
 * Guarantees:
 * - prices, promo discounts, certificate nominals and delivery cost come from the database and the
 *   delivery provider, never from the client (a `price` sent in a line is ignored);
 * - stock is decremented with a conditional update (`stock >= quantity`), features in id order, so
 *   two shoppers can never buy the last piece twice and stock never goes below 0;
 * - the `Idempotency-Key` header, scoped by the basket identity (cart cookie, else user; a guest
 *   without a basket cookie gets no de-duplication, issue #29), serialises repeats on an advisory
 *   lock and returns the first order — only for the same body (its SHA-256 is stored; another body
 *   is a 409); the unique index on the key is the backstop;
 * - a guest's order needs the personal data consent, and the form's consents are recorded in the
 *   order's transaction (issue #29);
 * - everything (stock, order, lines, history, certificate spend, emptying the basket) is one
 *   transaction: a failure at any step leaves no trace.
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CreateOrderBody, CreatedOrder } from '@/lib/api/contract/checkout';
import { CreateOrderBody as CreateOrderSchema } from '@/lib/api/contract/checkout';
import { CONSENT_TEXTS } from '@/lib/messages/consent';
import { linesTotal, orderTotals, toKopecks, toRubles } from '@/lib/money';
import { rows, type Db } from '../db/client';
import { cartItems, giftCardNominals, offerFeatures, orderItems, orders, orderStatusHistory } from '../db/schema';
import { ApiHttpError } from '../http';
import { noteStockChanged } from './catalog-index';
import { consentSubject, currentEvidence, recordConsents, type ConsentEvidence } from './consent';
import { deliveryQuote, destinationOf, pickupAddressOf, quoteContext } from './delivery/delivery';
import { issueGiftCards, spendGiftCard } from './gift-cards';
import { startSubscription } from './newsletter';
import { orderAmountsJson } from './order-history';
import { sendOrderMail } from './order-mail';
import { shopVatRate } from './order-receipt';
import { claimPromo, evaluatePromo } from './promo';
import type { z } from 'zod';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Body = z.output<typeof CreateOrderSchema>;

/** Who is ordering: the user of the token (or null) and the basket of the `cart_id` cookie. */
export interface OrderActor {
  userId: number | null;
  cartId: string | null;
}

/** Steps of the transaction, in order; tests fail one to prove nothing is half-written. */
export type OrderStep = 'stock' | 'order' | 'lines' | 'gift_card' | 'cart';

export interface CreateOrderOptions {
  /** Value of the `Idempotency-Key` header. */
  idempotencyKey?: string | null;
  /** "v2": lines from the basket; "v1": lines from `items`, or the basket without them. */
  version: 'v1' | 'v2';
  /** Called after each step inside the transaction (tests throw here). */
  afterStep?: (step: OrderStep) => void | Promise<void>;
  /** Where the consents came from; default: the request being handled (server/services/consent.ts). */
  evidence?: ConsentEvidence;
}

/** A well-formed `Idempotency-Key` header (checkout and one-click). */
export const IDEMPOTENCY_KEY_RE = /^[A-Za-z0-9_.:-]{8,200}$/;
/** Russian 400 of a malformed `Idempotency-Key` header. */
export const BAD_IDEMPOTENCY_KEY = 'Некорректный заголовок Idempotency-Key: 8–200 латинских букв, цифр, «-», «_»';
/** Russian refusal when a line's stock is short. */
export const OUT_OF_STOCK = (name: string, size: string) =>
  `Товар «${name}»${size ? ` (размер ${size})` : ''} закончился или его осталось меньше, чем в заказе`;

export interface ProductLine {
  offerId: number;
  productId: number;
  name: string;
  brand: string;
  color: string;
  image: string;
  path: string;
  price: number;
  weight: number;
  quantity: number;
  features: Array<{ id: number; name: string; kind: string }>;
  /** Issue #29: the product's VAT rate, or the shop default. */
  vatRate: string;
  markingRequired: boolean;
}

interface CertificateLine {
  nominalId: number;
  name: string;
  price: number;
  quantity: number;
}

/**
 * The stored scope of an `Idempotency-Key`: the basket (cart cookie) or the account it came with.
 * Issue #29: a guest without a basket cookie gets no scope — the key is then not used to find an
 * earlier order, since a bare key would be shared by every guest (a second guest sending the same
 * key received the first buyer's order).
 */
function scopeOf(key: string | null | undefined, actor: OrderActor): string | null {
  if (key === undefined || key === null || key === '') return null;
  if (!IDEMPOTENCY_KEY_RE.test(key)) throw new ApiHttpError(400, BAD_IDEMPOTENCY_KEY);
  if (actor.cartId) return `cart:${actor.cartId}:${key}`;
  if (actor.userId) return `user:${actor.userId}:${key}`;
  return null;
}

/** Russian 409 of a known `Idempotency-Key` sent with another body (issue #29). */
export const IDEMPOTENCY_KEY_REUSED =
  'Этот заказ уже оформлен с другими данными. Обновите страницу и оформите заказ ещё раз';

/** JSON with object keys sorted at every level: the same data always gives the same text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/**
 * SHA-256 (hex) of a validated body (defaults applied, keys sorted), stored with the order: the
 * checkout's and the one-click form's.
 */
export function orderBodyHash(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}

/**
 * The earlier order of a repeated key, if its body was the same.
 * @throws ApiHttpError 409 {@link IDEMPOTENCY_KEY_REUSED} when the stored body hash differs (orders
 *   made before the hash existed have none and are returned as before).
 */
function sameSubmit(existing: typeof orders.$inferSelect, bodyHash: string): typeof orders.$inferSelect {
  if (existing.idempotencyBodyHash !== null && existing.idempotencyBodyHash !== bodyHash)
    throw new ApiHttpError(409, IDEMPOTENCY_KEY_REUSED);
  return existing;
}

export type RawLine = { offerId: number; featureIds: number[]; quantity: number };

/** Lines of the request: `items` (v1) resolved by ext_id, else the basket's lines. */
async function requestedLines(
  tx: Pick<Db, 'select'>,
  body: Body,
  actor: OrderActor,
  version: 'v1' | 'v2',
): Promise<{ lines: RawLine[]; fromCart: boolean }> {
  if (version === 'v1' && body.items) {
    const offerIds = [...new Set(body.items.map((i) => i.offer))];
    const feats = await tx.select().from(offerFeatures).where(inArray(offerFeatures.offerId, offerIds));
    const lines = body.items.map((item) => {
      const own = feats.filter((f) => f.offerId === item.offer);
      if (own.length === 0) throw new ApiHttpError(404, 'Товар не найден');
      const byExt = (ext: string | undefined, kind: string) => own.find((f) => f.extId === ext && f.kind === kind);
      if (own.some((f) => f.kind === 'top')) {
        const top = byExt(item.featuretop, 'top');
        const bottom = byExt(item.featurebot, 'bottom');
        if (!top || !bottom) throw new ApiHttpError(400, 'Выберите размер верха и низа');
        return { offerId: item.offer, featureIds: [top.id, bottom.id], quantity: item.quantity };
      }
      const size = byExt(item.feature, 'size');
      if (!size) throw new ApiHttpError(400, 'Выберите размер');
      return { offerId: item.offer, featureIds: [size.id], quantity: item.quantity };
    });
    return { lines, fromCart: false };
  }
  if (!actor.cartId) return { lines: [], fromCart: true };
  const rows = await tx.select().from(cartItems).where(eq(cartItems.cartId, actor.cartId));
  return {
    lines: rows.map((r) => ({
      offerId: r.offerId,
      featureIds: [r.featureId, r.featureTopId, r.featureBotId].filter((x): x is number => x !== null),
      quantity: r.quantity,
    })),
    fromCart: true,
  };
}

/**
 * Catalogue data of the lines: names, current prices (rubles), weights, sizes; also used by the
 * one-click order (issue #33, server/services/notices/one-click.ts).
 * @throws ApiHttpError 404 for an unknown offer.
 */
export async function describeLines(tx: Pick<Db, 'execute'>, raw: RawLine[]): Promise<ProductLine[]> {
  if (raw.length === 0) return [];
  const offerIds = sql.join(
    [...new Set(raw.map((l) => l.offerId))].map((id) => sql`${id}`),
    sql`, `,
  );
  const res = (await tx.execute(sql`
    select o.id as offer_id, p.id as product_id, p.name, p.slug, p.price, p.weight, p.vat_rate, p.marking_required, b.name as brand, col.name as color, cat.path as category_path,
           (select i.url from product_images i where i.product_id = p.id order by i.is_main desc, i.sort, i.id limit 1) as image
    from offers o join products p on p.id = o.product_id join brands b on b.id = p.brand_id
    join colors col on col.id = o.color_id join categories cat on cat.id = p.category_id
    where o.id in (${offerIds})`)) as unknown as {
    rows: Array<{
      offer_id: number;
      product_id: number;
      name: string;
      slug: string;
      price: string | number;
      weight: number;
      vat_rate: string | null;
      marking_required: boolean;
      brand: string;
      color: string;
      category_path: string;
      image: string | null;
    }>;
  };
  const featureIds = [...new Set(raw.flatMap((l) => l.featureIds))];
  const feats = featureIds.length
    ? (
        (await tx.execute(
          sql`select id, name, kind from offer_features where id in (${sql.join(
            featureIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        )) as unknown as {
          rows: Array<{ id: number; name: string; kind: string }>;
        }
      ).rows
    : [];
  const byOffer = new Map(res.rows.map((r) => [r.offer_id, r]));
  return raw.map((line) => {
    const row = byOffer.get(line.offerId);
    if (!row) throw new ApiHttpError(404, 'Товар не найден');
    return {
      offerId: line.offerId,
      productId: row.product_id,
      name: row.name,
      brand: row.brand,
      color: row.color,
      image: row.image ?? '',
      path: `/${row.category_path}/${row.product_id}/${row.slug}`,
      price: Number(row.price),
      weight: row.weight,
      quantity: line.quantity,
      vatRate: row.vat_rate ?? shopVatRate(),
      markingRequired: row.marking_required,
      features: line.featureIds.map((id) => feats.find((f) => f.id === id) ?? { id, name: '', kind: 'size' }),
    };
  });
}

/** The size as an order line shows it: "48", or "Верх: S, низ: M" for separates. */
export function sizeName(line: ProductLine): string {
  const top = line.features.find((f) => f.kind === 'top');
  const bottom = line.features.find((f) => f.kind === 'bottom');
  if (top || bottom) return `Верх: ${top?.name ?? '—'}, низ: ${bottom?.name ?? '—'}`;
  return line.features[0]?.name ?? '';
}

/** Grams of the parcel: Σ weight × quantity (certificates weigh nothing). */
function parcelWeight(lines: ProductLine[]): number {
  return Math.max(
    100,
    lines.reduce((sum, l) => sum + l.weight * l.quantity, 0),
  );
}

/**
 * Decrements the stock of every feature of the lines, in feature-id order (no deadlocks between
 * two orders of the same sizes), each with the guard `stock >= quantity`.
 * @throws ApiHttpError 409 {@link OUT_OF_STOCK} for the first short feature.
 */
export async function takeStock(tx: Tx, lines: ProductLine[]): Promise<void> {
  const need = new Map<number, { quantity: number; line: ProductLine }>();
  for (const line of lines) {
    for (const f of line.features) {
      const prev = need.get(f.id);
      need.set(f.id, { quantity: (prev?.quantity ?? 0) + line.quantity, line });
    }
  }
  for (const [featureId, { quantity, line }] of [...need.entries()].sort((a, b) => a[0] - b[0])) {
    const updated = await tx
      .update(offerFeatures)
      .set({ stock: sql`${offerFeatures.stock} - ${quantity}` })
      .where(and(eq(offerFeatures.id, featureId), sql`${offerFeatures.stock} >= ${quantity}`))
      .returning({ id: offerFeatures.id });
    if (updated.length === 0) throw new ApiHttpError(409, OUT_OF_STOCK(line.name, sizeName(line)));
  }
}

function toCreated(row: typeof orders.$inferSelect): CreatedOrder {
  return {
    pk: row.id,
    guid: row.guid,
    number: row.number,
    status: row.status,
    payment_status: row.paymentStatus,
    ...orderAmountsJson(row),
  };
}

/** Public number of an order id: 3 → "LM-000103" (after the seeded LM-000101/102). */
export function orderNumber(id: number): string {
  return `LM-${String(100 + id).padStart(6, '0')}`;
}

/** Values of a new order row, less the `id` and `number` that {@link insertOrder} gives it. */
export type NewOrder = Omit<typeof orders.$inferInsert, 'id' | 'number'>;

/**
 * Inserts an order inside the caller's transaction (checkout, one-click): the id is taken from the
 * orders sequence first so that the public number ({@link orderNumber}) goes into the same insert.
 * @returns the stored row (defaults such as `guid`, `status` filled in by the database).
 */
export async function insertOrder(tx: Tx, values: NewOrder): Promise<typeof orders.$inferSelect> {
  const [next] = await rows<{ id: number }>(tx, sql`select nextval(pg_get_serial_sequence('orders', 'id'))::int as id`);
  const id = Number(next!.id);
  const [row] = await tx
    .insert(orders)
    .values({ ...values, id, number: orderNumber(id) })
    .returning();
  return row!;
}

/**
 * The order line of a catalogue line: the sizes by kind, the names, price (rubles) and the 54-ФЗ
 * receipt fields (VAT rate, marking) copied as they were when the order was made.
 */
export function orderItemOf(orderId: number, l: ProductLine): typeof orderItems.$inferInsert {
  return {
    orderId,
    productId: l.productId,
    offerId: l.offerId,
    featureId: l.features.find((f) => f.kind === 'size')?.id ?? null,
    featureTopId: l.features.find((f) => f.kind === 'top')?.id ?? null,
    featureBotId: l.features.find((f) => f.kind === 'bottom')?.id ?? null,
    productName: l.name,
    brandName: l.brand,
    colorName: l.color,
    sizeName: sizeName(l),
    image: l.image,
    fullPathOffer: l.path,
    price: l.price,
    quantity: l.quantity,
    vatRate: l.vatRate,
    markingRequired: l.markingRequired,
  };
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}

async function orderByScope(db: Pick<Db, 'select'>, scope: string) {
  const [row] = await db.select().from(orders).where(eq(orders.idempotencyKey, scope)).limit(1);
  return row ?? null;
}

/**
 * Creates an order from the basket (or v1 `items`), see the module docstring.
 * @returns the order and whether this call created it (false: an earlier submit with the key did).
 * @throws ApiHttpError 400 (empty basket, bad key, promo/certificate misuse, method not available),
 *   404 (unknown city, offer, promo, certificate), 409 (stock short, certificate balance short).
 */
export async function createOrder(
  db: Db,
  actor: OrderActor,
  input: CreateOrderBody | Body,
  options: CreateOrderOptions,
): Promise<{ order: CreatedOrder; created: boolean }> {
  const body = CreateOrderSchema.parse(input);
  // Issue #29 (152-ФЗ art. 9): a guest's contact is processed only with the form's consent; a
  // signed-in shopper gave it at registration.
  if (actor.userId === null && body.personal_data_consent !== true)
    throw new ApiHttpError(400, CONSENT_TEXTS.personalDataRequired, {
      personal_data_consent: CONSENT_TEXTS.personalDataRequired,
    });
  const evidence = options.evidence ?? currentEvidence();
  const scope = scopeOf(options.idempotencyKey, actor);
  const bodyHash = orderBodyHash(body);
  if (scope) {
    const existing = await orderByScope(db, scope);
    if (existing) return { order: toCreated(sameSubmit(existing, bodyHash)), created: false };
  }
  const step = async (name: OrderStep) => {
    await options.afterStep?.(name);
  };

  // Read-only preparation outside the transaction: the delivery quote may call CDEK over the
  // network and must not hold row locks meanwhile. The lines are read again under the lock.
  const preview = await describeLines(db, (await requestedLines(db, body, actor, options.version)).lines);
  const nominal = body.gift_card_ext_id
    ? (await db.select().from(giftCardNominals).where(eq(giftCardNominals.extId, body.gift_card_ext_id)).limit(1))[0]
    : undefined;
  if (body.gift_card_ext_id && !nominal) throw new ApiHttpError(404, 'Сертификат не найден');
  if (preview.length === 0 && !nominal && !scope) throw new ApiHttpError(400, 'Корзина пуста');
  const destination = await destinationOf(db, body.delivery.city_id);
  // Issue #34: the owner's prices, threshold (goods before a promo discount) and pickup stores.
  const quote =
    preview.length > 0
      ? await deliveryQuote(destination, parcelWeight(preview), body.delivery.method, {
          ...(await quoteContext(db, toRubles(linesTotal(preview)))),
          storeId: body.delivery.store_id,
        })
      : null;

  let createdRow: typeof orders.$inferSelect;
  let issued: Array<{ code: string; amount: number }> = [];
  try {
    const result = await db.transaction(async (tx) => {
      if (scope) {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${scope}))`);
        const existing = await orderByScope(tx, scope);
        if (existing) return { row: sameSubmit(existing, bodyHash), created: false, stockOf: [] as number[] };
      }
      const { lines: raw, fromCart } = await requestedLines(tx, body, actor, options.version);
      const lines = await describeLines(tx, raw);
      if (lines.length === 0 && !nominal) throw new ApiHttpError(400, 'Корзина пуста');

      await takeStock(tx, lines);
      await step('stock');
      const stockOf = lines.map((l) => l.productId);

      const goods = linesTotal(lines);
      const certificates: CertificateLine[] = nominal
        ? [{ nominalId: nominal.id, name: nominal.name, price: nominal.amount, quantity: 1 }]
        : [];
      const promo = body.promo_code ? await evaluatePromo(tx, body.promo_code, toRubles(goods)) : null;
      // The same sums as the checkout page's summary (features/checkout, lib/money.ts orderTotals).
      const sums = orderTotals({
        goods,
        certificates: linesTotal(certificates),
        discount: toKopecks(promo?.discount ?? 0),
        deliveryCost: toKopecks(quote ? quote.cost : 0),
      });
      const itemsTotal = toRubles(sums.itemsTotal);
      const discount = toRubles(sums.discount);
      const deliveryCost = toRubles(sums.deliveryCost);
      const total = toRubles(sums.total);
      const d = body.delivery;
      const address =
        lines.length === 0
          ? `Электронный сертификат на ${body.contact.email}`
          : d.method === 'pickup' && quote?.store
            ? pickupAddressOf(quote.store)
            : d.method === 'cdek'
              ? `${destination.city}, пункт выдачи СДЭК${d.pickup_point ? `: ${d.pickup_point}` : ''}`
              : [
                  d.postcode,
                  `г. ${destination.city}`,
                  `ул. ${d.street}`,
                  `д. ${d.house}`,
                  d.apartment ? `кв. ${d.apartment}` : '',
                ]
                  .filter(Boolean)
                  .join(', ');

      const row = await insertOrder(tx, {
        userId: actor.userId,
        contactFio: body.contact.fio,
        contactEmail: body.contact.email,
        contactPhone: body.contact.phone,
        deliveryMethod: lines.length === 0 ? 'email' : d.method,
        deliveryAddress: address,
        deliveryData: {
          ...d,
          city: destination.city,
          region: destination.region,
          days_min: quote?.days_min ?? 0,
          days_max: quote?.days_max ?? 0,
          source: quote?.source ?? 'none',
        },
        deliveryCost,
        paymentMethod: body.payment_method,
        promoCode: promo?.code ?? null,
        discount,
        itemsTotal,
        total,
        comment: body.comment,
        idempotencyKey: scope,
        idempotencyBodyHash: scope ? bodyHash : null,
        cartId: fromCart ? actor.cartId : null,
      });
      const id = row.id;
      await step('order');

      await tx.insert(orderItems).values([
        ...lines.map((l) => orderItemOf(id, l)),
        ...certificates.map((c) => ({
          orderId: id,
          giftCardNominalId: c.nominalId,
          productName: c.name,
          brandName: 'Lumière',
          price: c.price,
          quantity: c.quantity,
          vatRate: shopVatRate(),
        })),
      ]);
      // Issue #12: first-order, per-customer and total limits, recorded under the code's row lock.
      if (promo)
        await claimPromo(tx, promo.id, id, {
          userId: actor.userId,
          email: body.contact.email,
          phone: body.contact.phone,
        });
      await tx.insert(orderStatusHistory).values({ orderId: id, status: 'new', comment: 'Заказ оформлен' });
      // Issue #29: the consents of the checkout form, with the order (152-ФЗ art. 9; 38-ФЗ art. 18).
      await recordConsents(tx, {
        userId: actor.userId,
        subject: consentSubject({ userId: actor.userId, email: body.contact.email }),
        documents: [
          ...(actor.userId === null ? (['personal-data'] as const) : []),
          ...(body.advertising_consent ? (['advertising'] as const) : []),
        ],
        form: 'checkout',
        evidence,
      });
      await step('lines');

      let final = row;
      if (body.payment_method === 'giftcard' && !body.gift_card_code)
        throw new ApiHttpError(400, 'Введите код подарочного сертификата');
      if (body.gift_card_code) {
        const spent = await spendGiftCard(tx, body.gift_card_code, total, id, body.payment_method === 'giftcard');
        const paid = spent.spent >= total;
        const [updated] = await tx
          .update(orders)
          .set({
            giftCardAmount: spent.spent,
            giftCardCode: spent.code,
            ...(paid
              ? {
                  paymentStatus: 'paid' as const,
                  status: 'paid' as const,
                  paidAt: new Date(),
                  paymentMethod: 'giftcard',
                }
              : {}),
          })
          .where(eq(orders.id, id))
          .returning();
        final = updated!;
        if (paid) {
          await tx
            .insert(orderStatusHistory)
            .values({ orderId: id, status: 'paid', comment: 'Оплачен подарочным сертификатом' });
          issued = await issueGiftCards(
            tx,
            id,
            certificates.map((c) => ({ nominalId: c.nominalId, amount: c.price, quantity: c.quantity })),
          );
        }
      }
      await step('gift_card');

      if (fromCart && actor.cartId) await tx.delete(cartItems).where(eq(cartItems.cartId, actor.cartId));
      await step('cart');
      return { row: final, created: true, stockOf };
    });
    if (!result.created) return { order: toCreated(result.row), created: false };
    createdRow = result.row;
    // Committed: sizes sold out by this order leave listings and facets on the next request
    // (issue #7 catalogue index, server/services/catalog-index/).
    noteStockChanged(db, result.stockOf);
  } catch (error) {
    // Two submits with one key that raced past the lock (cannot happen with the advisory lock,
    // kept as the backstop of the unique index).
    if (scope && isUniqueViolation(error)) {
      const existing = await orderByScope(db, scope);
      if (existing) return { order: toCreated(sameSubmit(existing, bodyHash)), created: false };
    }
    throw error;
  }
  sendOrderMail(db, createdRow.id, createdRow.paymentStatus === 'paid' ? 'paid' : 'created', issued);
  // The advertising box starts the double opt-in; mail goes out only after the owner confirms.
  if (body.advertising_consent) await startSubscription(db, body.contact.email);
  return { order: toCreated(createdRow), created: true };
}
