/** Favourites endpoints (lib/api/contract/favorites.ts), in OpenAPI. */
import { z } from 'zod';
import { FavoriteOffersResponse, FavoritesAddBody, FavoritesResponse } from '@/lib/api/contract/favorites';
import { jsonBody, jsonResponses } from '../docs';
import * as h from './favorites.handlers';
import type { ApiApp } from '../../types';

const TAG = ['Избранное'];
const security = [{ Token: [] }];

/** Registers the favourites routes. */
export function registerFavoriteRoutes(app: ApiApp) {
  const r = app.openAPIRegistry;
  r.registerPath({
    method: 'get',
    path: '/api/v1/favorites/',
    tags: TAG,
    security,
    responses: jsonResponses(FavoritesResponse, 'Избранное пользователя', [401]),
  });
  r.registerPath({
    method: 'post',
    path: '/api/v1/favorites/',
    tags: TAG,
    security,
    request: jsonBody(FavoritesAddBody),
    responses: jsonResponses(FavoritesResponse, 'Товары добавлены', [400, 401]),
  });
  r.registerPath({
    method: 'delete',
    path: '/api/v1/favorites/{id}/',
    tags: TAG,
    security,
    request: { params: z.object({ id: z.string() }) },
    responses: jsonResponses(FavoritesResponse, 'Товар убран', [400, 401]),
  });
  r.registerPath({
    method: 'get',
    path: '/api/v1/favorites/offers/',
    tags: TAG,
    request: { query: z.object({ ids: z.string().describe('1,2,3') }) },
    responses: jsonResponses(FavoriteOffersResponse, 'Карточки товаров', [400]),
  });
  app.get('/api/v1/favorites/offers', h.offers);
  app.get('/api/v1/favorites', h.list);
  app.post('/api/v1/favorites', h.add);
  app.delete('/api/v1/favorites/:id', h.remove);
}
