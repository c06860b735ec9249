/**
 * Favourites (lib/api/contract/favorites.ts): the user's list (token required) and cards of any
 * ids for guests, whose list lives in lkData (spec §3). POST adds (a guest list merges into the
 * account on login, nothing a guest saved is lost); unknown product ids are skipped.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { FavoriteIdParam, FavoritesAddBody, FAVORITES_MAX } from '@/lib/api/contract/favorites';
import { favorites, products } from '../../db/schema';
import { ApiHttpError, parseOr400, readJson } from '../../http';
import { requireUser } from '../../services/auth';
import { loadCards } from '../../services/catalog';
import type * as r from './favorites.routes';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../types';
import type { RouteConfig, RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';

type Ctx = Context<AppEnv>;
type Handler<R extends RouteConfig> = RouteHandler<R, AppEnv>;

/** The user's favourites after a change: ids newest first and their cards. */
async function answer(c: Ctx, db: Db, userId: number) {
  const rows = await db
    .select({ id: favorites.productId })
    .from(favorites)
    .where(eq(favorites.userId, userId))
    .orderBy(desc(favorites.createdAt), desc(favorites.productId));
  const ids = rows.map((r) => r.id);
  return c.json({ status: 'success' as const, ids, results: await loadCards(db, ids) }, 200);
}

/** GET /v1/favorites/. @throws ApiHttpError 401 without a token. */
export const list: Handler<typeof r.list> = async (c) => {
  const user = await requireUser(c);
  return answer(c, c.var.db, user.id);
};

/** POST /v1/favorites/ {ids}: adds existing products, up to FAVORITES_MAX in all. */
export const add: Handler<typeof r.add> = async (c) => {
  const user = await requireUser(c);
  const { ids } = parseOr400(FavoritesAddBody, await readJson(c), 'Не удалось добавить в избранное');
  const db = c.var.db;
  await db.transaction(async (tx) => {
    const known = await tx
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.id, [...new Set(ids)]));
    if (known.length === 0) return;
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(favorites)
      .where(eq(favorites.userId, user.id));
    if (n + known.length > FAVORITES_MAX)
      throw new ApiHttpError(400, `В избранном может быть не более ${FAVORITES_MAX} товаров`);
    await tx
      .insert(favorites)
      .values(known.map((k) => ({ userId: user.id, productId: k.id })))
      .onConflictDoNothing();
  });
  return answer(c, db, user.id);
};

/** DELETE /v1/favorites/{id}/. Removing what is not there is not an error. */
export const remove: Handler<typeof r.remove> = async (c) => {
  const user = await requireUser(c);
  const { id } = parseOr400(FavoriteIdParam, { id: c.req.valid('param').id.replace(/\/+$/, '') }, 'Некорректный товар');
  await c.var.db.delete(favorites).where(and(eq(favorites.userId, user.id), eq(favorites.productId, id)));
  return answer(c, c.var.db, user.id);
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
