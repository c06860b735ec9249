/** Favourites endpoints (lib/api/contract/favorites.ts), one declaration per route (routes/openapi.ts). */
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { FavoriteOffersResponse, FavoritesAddBody, FavoritesResponse } from '@/lib/api/contract/favorites';
import { jsonBody, jsonResponses } from '../docs';
import { openapiRoute } from '../openapi';
import * as h from './favorites.handlers';
import type { ApiApp } from '../../types';

const tags = ['Избранное'];
const security = [{ Token: [] }];

export const list = createRoute({
  method: 'get',
  path: '/api/v1/favorites/',
  tags,
  security,
  responses: jsonResponses(FavoritesResponse, 'Избранное пользователя', [401]),
});
export const add = createRoute({
  method: 'post',
  path: '/api/v1/favorites/',
  tags,
  security,
  request: jsonBody(FavoritesAddBody),
  responses: jsonResponses(FavoritesResponse, 'Товары добавлены', [400, 401]),
});
export const remove = createRoute({
  method: 'delete',
  path: '/api/v1/favorites/{id}/',
  tags,
  security,
  request: { params: z.object({ id: z.string() }) },
  responses: jsonResponses(FavoritesResponse, 'Товар убран', [400, 401]),
});
export const offers = createRoute({
  method: 'get',
  path: '/api/v1/favorites/offers/',
  tags,
  // Optional: without ids the answer is an empty list, as before the single declaration.
  request: { query: z.object({ ids: z.string().optional().describe('1,2,3') }) },
  responses: jsonResponses(FavoriteOffersResponse, 'Карточки товаров', [400]),
});

/** Registers the favourites routes. */
export function registerFavoriteRoutes(app: ApiApp) {
  openapiRoute(app, offers, h.offers);
  openapiRoute(app, list, h.list);
  openapiRoute(app, add, h.add);
  openapiRoute(app, remove, h.remove);
}
