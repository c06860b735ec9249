/** Basket endpoints (spec §7 Cart), documented in OpenAPI. */
import { z } from 'zod';
import { AddToCartBody, CartResponse, UpdateCartItemBody } from '@/lib/api/contract/cart';
import { jsonBody, jsonResponses } from '../docs';
import * as h from './cart.handlers';
import type { ApiApp } from '../../types';

/** Registers the basket routes under /api/v2/cart. */
export function registerCartRoutes(app: ApiApp) {
  const r = app.openAPIRegistry;
  const item = { params: z.object({ item_uuid: z.string().uuid() }) };
  r.registerPath({
    method: 'get',
    path: '/api/v2/cart/',
    tags: ['Корзина'],
    responses: jsonResponses(CartResponse, 'Корзина (cookie cart_id)', []),
  });
  r.registerPath({
    method: 'post',
    path: '/api/v2/cart/',
    tags: ['Корзина'],
    request: jsonBody(AddToCartBody),
    responses: jsonResponses(CartResponse, 'Товар добавлен; ставит cookie cart_id', [400, 404, 409, 413]),
  });
  r.registerPath({
    method: 'delete',
    path: '/api/v2/cart/',
    tags: ['Корзина'],
    responses: jsonResponses(CartResponse, 'Корзина очищена', []),
  });
  r.registerPath({
    method: 'put',
    path: '/api/v2/cart/{item_uuid}/',
    tags: ['Корзина'],
    request: { ...item, ...jsonBody(UpdateCartItemBody) },
    responses: jsonResponses(CartResponse, 'Новое количество позиции', [400, 404, 409]),
  });
  r.registerPath({
    method: 'delete',
    path: '/api/v2/cart/{item_uuid}/',
    tags: ['Корзина'],
    request: item,
    responses: jsonResponses(CartResponse, 'Позиция удалена', [400, 404]),
  });

  app.get('/api/v2/cart', h.show);
  app.post('/api/v2/cart', h.add);
  app.delete('/api/v2/cart', h.clear);
  app.put('/api/v2/cart/:item_uuid', h.update);
  app.delete('/api/v2/cart/:item_uuid', h.remove);
}
