/**
 * The basket (spec §7 Cart, §3 Cart item, §4 Basket, §5 basket rule). A basket is identified by
 * its id (the API's httpOnly `cart_id` cookie). Every change runs in one transaction and checks
 * stock, so a rejected request leaves the stored basket as it was.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { AddToCartBody, Cart, CartItem, FeatureRef } from '@/lib/api/contract/cart';
import { linesTotal, toRubles } from '@/lib/money';
import { rows, type Db } from '../db/client';
import { cartItems, carts, offerFeatures, offers, products } from '../db/schema';
import { ApiHttpError } from '../http';
import { SEPARATES_TYPES, loadCards } from './catalog';

const EMPTY: Cart = { id: null, items: [], count: 0, total: 0 };

/** Does a basket with this id exist? */
export async function cartExists(db: Db, cartId: string): Promise<boolean> {
  const found = await db.select({ id: carts.id }).from(carts).where(eq(carts.id, cartId)).limit(1);
  return found.length > 0;
}

/** The basket with its lines, prices from the catalogue (rubles), count = lines, total = Σ price × quantity. */
export async function getCart(db: Db, cartId: string | null): Promise<Cart> {
  if (!cartId) return EMPTY;
  if (!(await cartExists(db, cartId))) return EMPTY;
  const lines = await rows<{
    item_uuid: string;
    quantity: number;
    offer_id: number;
    offer_ext_id: string;
    product_id: number;
    color_id: number;
    color_slug: string;
    color_name: string;
    color_hex: string;
    f_id: number | null;
    f_name: string | null;
    f_ext: string | null;
    f_stock: number | null;
    t_id: number | null;
    t_name: string | null;
    t_ext: string | null;
    t_stock: number | null;
    b_id: number | null;
    b_name: string | null;
    b_ext: string | null;
    b_stock: number | null;
  }>(
    db,
    sql`select ci.item_uuid, ci.quantity, o.id as offer_id, o.ext_id as offer_ext_id, o.product_id,
               c.id as color_id, c.slug as color_slug, c.name as color_name, c.hex as color_hex,
               f.id as f_id, f.name as f_name, f.ext_id as f_ext, f.stock as f_stock,
               t.id as t_id, t.name as t_name, t.ext_id as t_ext, t.stock as t_stock,
               b.id as b_id, b.name as b_name, b.ext_id as b_ext, b.stock as b_stock
        from cart_items ci
        join offers o on o.id = ci.offer_id
        join colors c on c.id = o.color_id
        left join offer_features f on f.id = ci.feature_id
        left join offer_features t on t.id = ci.feature_top_id
        left join offer_features b on b.id = ci.feature_bot_id
        where ci.cart_id = ${cartId}
        order by ci.created_at, ci.item_uuid`,
  );
  const cards = new Map((await loadCards(db, [...new Set(lines.map((l) => l.product_id))])).map((c) => [c.id, c]));
  const items: CartItem[] = lines.flatMap((l) => {
    const card = cards.get(l.product_id);
    if (!card) return [];
    const ref = (id: number | null, name: string | null, ext: string | null): FeatureRef | null =>
      id === null ? null : { id, name: name ?? '', ext_id: ext ?? '' };
    const stocks = [l.f_stock, l.t_stock, l.b_stock].filter((s): s is number => s !== null);
    const stock = stocks.length ? Math.min(...stocks) : 0;
    const offerImages = card.images;
    return [
      {
        item_uuid: l.item_uuid,
        quantity: l.quantity,
        price: card.price,
        old_price: card.old_price,
        product: {
          id: card.id,
          name: card.name,
          brand: card.brand,
          price: card.price,
          images: offerImages,
          full_path_offer: card.full_path_offer,
        },
        offer: {
          id: l.offer_id,
          ext_id: l.offer_ext_id,
          color: { id: l.color_id, slug: l.color_slug, name: l.color_name, hex: l.color_hex },
        },
        feature: ref(l.f_id, l.f_name, l.f_ext),
        featuretop: ref(l.t_id, l.t_name, l.t_ext),
        featurebot: ref(l.b_id, l.b_name, l.b_ext),
        stock,
        available: stock >= 1,
      },
    ];
  });
  const total = toRubles(linesTotal(items));
  return { id: cartId, items, count: items.length, total };
}

/** Resolves the chosen features of an offer; throws 400/404/409 with a Russian message. */
async function resolveFeatures(db: Db, body: AddToCartBody) {
  const [offer] = await db
    .select({ id: offers.id, type: products.type })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .where(eq(offers.id, body.offer));
  if (!offer) throw new ApiHttpError(404, 'Товар не найден');
  const feats = await db.select().from(offerFeatures).where(eq(offerFeatures.offerId, offer.id));
  const pick = (extId: string | undefined, kind: 'size' | 'top' | 'bottom', missing: string) => {
    if (!extId) throw new ApiHttpError(400, missing);
    const f = feats.find((x) => x.extId === extId && x.kind === kind);
    if (!f) throw new ApiHttpError(404, 'Размер не найден у этого товара');
    return f;
  };
  if (SEPARATES_TYPES.has(offer.type) || feats.some((f) => f.kind === 'top')) {
    if (body.feature) throw new ApiHttpError(400, 'Для этого товара выберите размер верха и низа');
    return {
      offerId: offer.id,
      feature: null,
      top: pick(body.featuretop, 'top', 'Выберите размер верха'),
      bottom: pick(body.featurebot, 'bottom', 'Выберите размер низа'),
    };
  }
  if (body.featuretop || body.featurebot) throw new ApiHttpError(400, 'У этого товара нет размеров верха и низа');
  return { offerId: offer.id, feature: pick(body.feature, 'size', 'Выберите размер'), top: null, bottom: null };
}

function assertStock(stocks: Array<{ stock: number; name: string } | null>, quantity: number) {
  for (const f of stocks) {
    if (!f) continue;
    if (f.stock < 1) throw new ApiHttpError(409, `Размер ${f.name} закончился`);
    if (f.stock < quantity) {
      throw new ApiHttpError(409, `Недостаточно товара на складе: размера ${f.name} осталось ${f.stock} шт.`);
    }
  }
}

/**
 * POST /v2/cart/: adds the offer in the chosen size(s); the same offer and sizes again add to the
 * line's quantity. Creates the basket when `cartId` is null or unknown.
 * @returns the basket id (new or existing).
 * @throws ApiHttpError 400/404/409 (missing size, unknown offer or size, not enough stock).
 */
export async function addToCart(db: Db, cartId: string | null, body: AddToCartBody): Promise<string> {
  const chosen = await resolveFeatures(db, body);
  return db.transaction(async (tx) => {
    let id = cartId && (await cartExists(tx as unknown as Db, cartId)) ? cartId : null;
    if (!id) {
      const [created] = await tx.insert(carts).values({}).returning({ id: carts.id });
      if (!created) throw new ApiHttpError(500, 'Не удалось создать корзину');
      id = created.id;
    }
    const sameLine = and(
      eq(cartItems.cartId, id),
      eq(cartItems.offerId, chosen.offerId),
      sql`coalesce(${cartItems.featureId}, 0) = ${chosen.feature?.id ?? 0}`,
      sql`coalesce(${cartItems.featureTopId}, 0) = ${chosen.top?.id ?? 0}`,
      sql`coalesce(${cartItems.featureBotId}, 0) = ${chosen.bottom?.id ?? 0}`,
    );
    const [existing] = await tx.select().from(cartItems).where(sameLine).for('update');
    const quantity = (existing?.quantity ?? 0) + body.quantity;
    if (quantity > 99) throw new ApiHttpError(400, 'Количество не может быть больше 99');
    assertStock([chosen.feature, chosen.top, chosen.bottom], quantity);
    if (existing) {
      await tx.update(cartItems).set({ quantity }).where(eq(cartItems.itemUuid, existing.itemUuid));
    } else {
      await tx.insert(cartItems).values({
        cartId: id,
        offerId: chosen.offerId,
        featureId: chosen.feature?.id ?? null,
        featureTopId: chosen.top?.id ?? null,
        featureBotId: chosen.bottom?.id ?? null,
        quantity,
      });
    }
    await tx.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, id));
    return id;
  });
}

/**
 * PUT /v2/cart/{item_uuid}/: sets the line's quantity to the new total (spec §7).
 * @throws ApiHttpError 404 for a line not in this basket, 409 when stock is short.
 */
export async function updateCartItem(db: Db, cartId: string | null, itemUuid: string, quantity: number) {
  if (!cartId) throw new ApiHttpError(404, 'Позиция корзины не найдена');
  await db.transaction(async (tx) => {
    const [line] = await tx
      .select()
      .from(cartItems)
      .where(and(eq(cartItems.itemUuid, itemUuid), eq(cartItems.cartId, cartId)))
      .for('update');
    if (!line) throw new ApiHttpError(404, 'Позиция корзины не найдена');
    const ids = [line.featureId, line.featureTopId, line.featureBotId].filter((x): x is number => x !== null);
    const feats = ids.length
      ? await tx
          .select()
          .from(offerFeatures)
          .where(
            sql`${offerFeatures.id} in (${sql.join(
              ids.map((i) => sql`${i}`),
              sql`, `,
            )})`,
          )
      : [];
    if (quantity > line.quantity) assertStock(feats, quantity);
    await tx.update(cartItems).set({ quantity }).where(eq(cartItems.itemUuid, itemUuid));
    await tx.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cartId));
  });
}

/**
 * DELETE /v2/cart/{item_uuid}/.
 * @throws ApiHttpError 404 for a line not in this basket.
 */
export async function removeCartItem(db: Db, cartId: string | null, itemUuid: string) {
  if (!cartId) throw new ApiHttpError(404, 'Позиция корзины не найдена');
  const deleted = await db
    .delete(cartItems)
    .where(and(eq(cartItems.itemUuid, itemUuid), eq(cartItems.cartId, cartId)))
    .returning({ id: cartItems.itemUuid });
  if (deleted.length === 0) throw new ApiHttpError(404, 'Позиция корзины не найдена');
}

/** DELETE /v2/cart/: removes every line. */
export async function clearCart(db: Db, cartId: string | null) {
  if (!cartId) return;
  await db.delete(cartItems).where(eq(cartItems.cartId, cartId));
}

/** Parcel weight of the basket for delivery quotes, grams: 300 without a basket, at least 100. */
export async function cartWeight(db: Db, cartId: string | null): Promise<number> {
  if (!cartId) return 300;
  const lines = await db
    .select({ weight: products.weight, quantity: cartItems.quantity })
    .from(cartItems)
    .innerJoin(offers, eq(offers.id, cartItems.offerId))
    .innerJoin(products, eq(products.id, offers.productId))
    .where(eq(cartItems.cartId, cartId));
  return Math.max(
    100,
    lines.reduce((sum, line) => sum + line.weight * line.quantity, 0),
  );
}
