/**
 * Favourites of a signed-in user (lib/api/contract/favorites.ts; spec §3: a guest's list lives in
 * lkData and merges into the account on login, so adding skips unknown products instead of
 * refusing the whole list). Newest first; FAVORITES_MAX products at most.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { OfferCard } from '@/lib/api/contract/catalog';
import { FAVORITES_MAX } from '@/lib/api/contract/favorites';
import { favorites, products } from '../db/schema';
import { ApiHttpError } from '../http';
import { loadCards } from './catalog';
import type { Db } from '../db/client';

/** The user's favourite product ids, newest first, and their cards in that order. */
export async function userFavorites(db: Db, userId: number): Promise<{ ids: number[]; results: OfferCard[] }> {
  const rows = await db
    .select({ id: favorites.productId })
    .from(favorites)
    .where(eq(favorites.userId, userId))
    .orderBy(desc(favorites.createdAt), desc(favorites.productId));
  const ids = rows.map((r) => r.id);
  return { ids, results: await loadCards(db, ids) };
}

/**
 * Adds the existing products among `ids` to the user's favourites (unknown ids skipped, ones
 * already there kept).
 * @throws ApiHttpError 400 when the list would hold more than FAVORITES_MAX products.
 */
export async function addFavorites(db: Db, userId: number, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const known = await tx
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.id, [...new Set(ids)]));
    if (known.length === 0) return;
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(favorites)
      .where(eq(favorites.userId, userId));
    if (n + known.length > FAVORITES_MAX)
      throw new ApiHttpError(400, `В избранном может быть не более ${FAVORITES_MAX} товаров`);
    await tx
      .insert(favorites)
      .values(known.map((k) => ({ userId, productId: k.id })))
      .onConflictDoNothing();
  });
}

/** Removes one product from the user's favourites; removing what is not there is not an error. */
export async function removeFavorite(db: Db, userId: number, productId: number): Promise<void> {
  await db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.productId, productId)));
}
