/** Favourites endpoints (lib/api/contract/favorites.ts), one declaration per route (routes/openapi.ts). */
import { z } from 'zod';
import { FavoriteOffersResponse, FavoritesAddBody, FavoritesResponse } from '@/lib/api/contract/favorites';
import { jsonResponses } from '../docs';
import { openapiRoute, routeGroup } from '../openapi';
import * as h from './favorites.handlers';
import type { ApiApp } from '../../types';

const open = routeGroup({ tags: ['Избранное'] });
const withToken = routeGroup({ tags: ['Избранное'], security: [{ Token: [] }] });

export const list = withToken.get(
  '/api/v1/favorites/',
  {},
  jsonResponses(FavoritesResponse, 'Избранное пользователя', [401]),
);
export const add = withToken.post(
  '/api/v1/favorites/',
  { body: FavoritesAddBody },
  jsonResponses(FavoritesResponse, 'Товары добавлены', [400, 401]),
);
export const remove = withToken.delete(
  '/api/v1/favorites/{id}/',
  { params: z.object({ id: z.string() }) },
  jsonResponses(FavoritesResponse, 'Товар убран', [400, 401]),
);
export const offers = open.get(
  '/api/v1/favorites/offers/',
  // Optional: without ids the answer is an empty list, as before the single declaration.
  { query: z.object({ ids: z.string().optional().describe('1,2,3') }) },
  jsonResponses(FavoriteOffersResponse, 'Карточки товаров', [400]),
);

/** Registers the favourites routes. */
export function registerFavoriteRoutes(app: ApiApp) {
  openapiRoute(app, offers, h.offers);
  openapiRoute(app, list, h.list);
  openapiRoute(app, add, h.add);
  openapiRoute(app, remove, h.remove);
}
