/** Basket endpoints (spec §7 Cart), one declaration per route (routes/openapi.ts). */
import { createRoute } from '@hono/zod-openapi';
import { AddToCartBody, CartResponse, ItemUuidParam, UpdateCartItemBody } from '@/lib/api/contract/cart';
import { jsonBody, jsonResponses } from '../docs';
import { openapiRoute } from '../openapi';
import * as h from './cart.handlers';
import type { ApiApp } from '../../types';

const tags = ['Корзина'];
// The contract's param schema: the hook's 400 carries its Russian message.
const item = { params: ItemUuidParam };

export const show = createRoute({
  method: 'get',
  path: '/api/v2/cart/',
  tags,
  responses: jsonResponses(CartResponse, 'Корзина (cookie cart_id)', []),
});
export const add = createRoute({
  method: 'post',
  path: '/api/v2/cart/',
  tags,
  request: jsonBody(AddToCartBody),
  responses: jsonResponses(CartResponse, 'Товар добавлен; ставит cookie cart_id', [400, 404, 409, 413]),
});
export const clear = createRoute({
  method: 'delete',
  path: '/api/v2/cart/',
  tags,
  responses: jsonResponses(CartResponse, 'Корзина очищена', []),
});
export const update = createRoute({
  method: 'put',
  path: '/api/v2/cart/{item_uuid}/',
  tags,
  request: { ...item, ...jsonBody(UpdateCartItemBody) },
  responses: jsonResponses(CartResponse, 'Новое количество позиции', [400, 404, 409]),
});
export const remove = createRoute({
  method: 'delete',
  path: '/api/v2/cart/{item_uuid}/',
  tags,
  request: item,
  responses: jsonResponses(CartResponse, 'Позиция удалена', [400, 404]),
});

/** Registers the basket routes under /api/v2/cart. */
export function registerCartRoutes(app: ApiApp) {
  const what = 'Позиция корзины не найдена';
  openapiRoute(app, show, h.show);
  openapiRoute(app, add, h.add);
  openapiRoute(app, clear, h.clear);
  openapiRoute(app, update, h.update, { what });
  openapiRoute(app, remove, h.remove, { what });
}
