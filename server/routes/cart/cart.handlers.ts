/**
 * Handlers of the basket endpoints (spec §7 Cart), typed from cart.routes.ts. The anonymous basket is identified by the
 * httpOnly `cart_id` cookie set here; answers are `{status: "success", cart}`.
 */
import { setCookie } from 'hono/cookie';
import { AddToCartBody, UpdateCartItemBody } from '@/lib/api/contract/cart';
import { parseOr400, readJson } from '../../http';
import { addToCart, clearCart, getCart, removeCartItem, updateCartItem } from '../../services/cart';
import { CART_COOKIE, cartIdOf } from './cart-cookie';
import type * as r from './cart.routes';
import type { AppEnv } from '../../types';
import type { RouteConfig, RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';

type Ctx = Context<AppEnv>;
type Handler<R extends RouteConfig> = RouteHandler<R, AppEnv>;

const THIRTY_DAYS_S = 60 * 60 * 24 * 30;

/** `{status: "success", cart}` of the basket `cartId` (empty basket when null). */
async function answer(c: Ctx, cartId: string | null) {
  return c.json({ status: 'success' as const, cart: await getCart(c.var.db, cartId) }, 200);
}

/** GET /v2/cart/: the basket of the cookie. */
export const show: Handler<typeof r.show> = async (c) => {
  return answer(c, cartIdOf(c));
};

/** POST /v2/cart/: adds a size; sets the cookie for a new basket. @throws ApiHttpError 400/404/409/413 (services/cart.ts). */
export const add: Handler<typeof r.add> = async (c) => {
  const body = parseOr400(AddToCartBody, await readJson(c), 'Не удалось добавить товар');
  const current = cartIdOf(c);
  const cartId = await addToCart(c.var.db, current, body);
  if (cartId !== current) {
    setCookie(c, CART_COOKIE, cartId, {
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
      maxAge: THIRTY_DAYS_S,
      secure: c.req.url.startsWith('https:'),
    });
  }
  return answer(c, cartId);
};

/** PUT /v2/cart/{item_uuid}/ {quantity}. @throws ApiHttpError 400/404/409. */
export const update: Handler<typeof r.update> = async (c) => {
  const { item_uuid } = c.req.valid('param');
  const { quantity } = parseOr400(UpdateCartItemBody, await readJson(c), 'Не удалось изменить количество');
  const cartId = cartIdOf(c);
  await updateCartItem(c.var.db, cartId, item_uuid, quantity);
  return answer(c, cartId);
};

/** DELETE /v2/cart/{item_uuid}/. @throws ApiHttpError 404 for an unknown line. */
export const remove: Handler<typeof r.remove> = async (c) => {
  const { item_uuid } = c.req.valid('param');
  const cartId = cartIdOf(c);
  await removeCartItem(c.var.db, cartId, item_uuid);
  return answer(c, cartId);
};

/** DELETE /v2/cart/: empties the basket. */
export const clear: Handler<typeof r.clear> = async (c) => {
  const cartId = cartIdOf(c);
  await clearCart(c.var.db, cartId);
  return answer(c, cartId);
};
