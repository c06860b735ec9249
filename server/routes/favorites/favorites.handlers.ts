/**
 * Favourites (lib/api/contract/favorites.ts): the user's list (token required, services/favorites.ts)
 * and cards of any ids for guests, whose list lives in lkData (spec §3).
 */
import { FavoriteIdParam, FavoritesAddBody, FAVORITES_MAX } from '@/lib/api/contract/favorites';
import { ApiHttpError, parseOr400, readJson } from '../../http';
import { requireUser } from '../../services/auth';
import { loadCards } from '../../services/catalog';
import { addFavorites, removeFavorite, userFavorites } from '../../services/favorites';
import type * as r from './favorites.routes';
import type { AppEnv } from '../../types';
import type { RouteConfig, RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';

type Handler<R extends RouteConfig> = RouteHandler<R, AppEnv>;

/** The user's favourites after a change: ids newest first and their cards. */
async function answer(c: Context<AppEnv>, userId: number) {
  return c.json({ status: 'success' as const, ...(await userFavorites(c.var.db, userId)) }, 200);
}

/** GET /v1/favorites/. @throws ApiHttpError 401 without a token. */
export const list: Handler<typeof r.list> = async (c) => {
  const user = await requireUser(c);
  return answer(c, user.id);
};

/** POST /v1/favorites/ {ids}: adds existing products, up to FAVORITES_MAX in all. */
export const add: Handler<typeof r.add> = async (c) => {
  const user = await requireUser(c);
  const { ids } = parseOr400(FavoritesAddBody, await readJson(c), 'Не удалось добавить в избранное');
  await addFavorites(c.var.db, user.id, ids);
  return answer(c, user.id);
};

/** DELETE /v1/favorites/{id}/. Removing what is not there is not an error. */
export const remove: Handler<typeof r.remove> = async (c) => {
  const user = await requireUser(c);
  const { id } = parseOr400(FavoriteIdParam, { id: c.req.valid('param').id.replace(/\/+$/, '') }, 'Некорректный товар');
  await removeFavorite(c.var.db, user.id, id);
  return answer(c, user.id);
};

/** GET /v1/favorites/offers/?ids=1,2,3: cards of these product ids, in that order. */
export const offers: Handler<typeof r.offers> = async (c) => {
  const raw = c.req.valid('query').ids ?? '';
  const ids = raw
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0 && n < 2 ** 31);
  if (ids.length > FAVORITES_MAX) throw new ApiHttpError(400, `Не более ${FAVORITES_MAX} товаров`);
  return c.json({ response: await loadCards(c.var.db, [...new Set(ids)]) }, 200);
};
