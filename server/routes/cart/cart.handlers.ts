/**
 * Handlers of the basket endpoints (spec §7 Cart). The anonymous basket is identified by the
 * httpOnly `cart_id` cookie set here; answers are `{status: "success", cart}`.
 */
import { getCookie, setCookie } from 'hono/cookie';
import { AddToCartBody, ItemUuidParam, UpdateCartItemBody } from '@/lib/api/contract/cart';
import { parseOr400, readJson } from '../../http';
import { addToCart, clearCart, getCart, removeCartItem, updateCartItem } from '../../services/cart';
import type { AppEnv } from '../../types';
import type { Context } from 'hono';

type Ctx = Context<AppEnv>;

/** Name of the basket cookie. */
export const CART_COOKIE = 'cart_id';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const THIRTY_DAYS_S = 60 * 60 * 24 * 30;

function cartIdOf(c: Ctx): string | null {
  const value = getCookie(c, CART_COOKIE);
  return value && UUID.test(value) ? value : null;
}

async function answer(c: Ctx, cartId: string | null) {
  return c.json({ status: 'success' as const, cart: await getCart(c.var.db, cartId) });
}

export async function show(c: Ctx) {
  return answer(c, cartIdOf(c));
}

export async function add(c: Ctx) {
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
}

export async function update(c: Ctx) {
  const { item_uuid } = parseOr400(
    ItemUuidParam,
    { item_uuid: c.req.param('item_uuid') },
    'Позиция корзины не найдена',
  );
  const { quantity } = parseOr400(UpdateCartItemBody, await readJson(c), 'Не удалось изменить количество');
  const cartId = cartIdOf(c);
  await updateCartItem(c.var.db, cartId, item_uuid, quantity);
  return answer(c, cartId);
}

export async function remove(c: Ctx) {
  const { item_uuid } = parseOr400(
    ItemUuidParam,
    { item_uuid: c.req.param('item_uuid') },
    'Позиция корзины не найдена',
  );
  const cartId = cartIdOf(c);
  await removeCartItem(c.var.db, cartId, item_uuid);
  return answer(c, cartId);
}

export async function clear(c: Ctx) {
  const cartId = cartIdOf(c);
  await clearCart(c.var.db, cartId);
  return answer(c, cartId);
}
