/** Basket endpoints (spec §7 Cart), one declaration per route (routes/openapi.ts). */
import { AddToCartBody, CartResponse, ItemUuidParam, UpdateCartItemBody } from '@/lib/api/contract/cart';
import { jsonResponses } from '../docs';
import { openapiRoute, routeGroup } from '../openapi';
import * as h from './cart.handlers';
import type { ApiApp } from '../../types';

const route = routeGroup({ tags: ['Корзина'] });

export const show = route.get('/api/v2/cart/', {}, jsonResponses(CartResponse, 'Корзина (cookie cart_id)', []));
export const add = route.post(
  '/api/v2/cart/',
  { body: AddToCartBody },
  jsonResponses(CartResponse, 'Товар добавлен; ставит cookie cart_id', [400, 404, 409, 413]),
);
export const clear = route.delete('/api/v2/cart/', {}, jsonResponses(CartResponse, 'Корзина очищена', []));
// The contract's param schema: the hook's 400 carries its Russian message.
export const update = route.put(
  '/api/v2/cart/{item_uuid}/',
  { params: ItemUuidParam, body: UpdateCartItemBody },
  jsonResponses(CartResponse, 'Новое количество позиции', [400, 404, 409]),
);
export const remove = route.delete(
  '/api/v2/cart/{item_uuid}/',
  { params: ItemUuidParam },
  jsonResponses(CartResponse, 'Позиция удалена', [400, 404]),
);

/** Registers the basket routes under /api/v2/cart. */
export function registerCartRoutes(app: ApiApp) {
  const what = 'Позиция корзины не найдена';
  openapiRoute(app, show, h.show);
  openapiRoute(app, add, h.add);
  openapiRoute(app, clear, h.clear);
  openapiRoute(app, update, h.update, { what });
  openapiRoute(app, remove, h.remove, { what });
}
