/**
 * Favourites contract (spec §3 favoritesListId / favoritesOffersList, §4 "Favourites id list change
 * reloads the favourite offers", §8 "Favourites offers failure: list set to empty"). Ids are
 * product ids (the `id` of an OfferCard). Paths are ours, the spec shows none:
 * GET|POST /v1/favorites/, DELETE /v1/favorites/{id}/ (the user's list, token required) and
 * GET /v1/favorites/offers/?ids=1,2 (cards of any ids, for guests too).
 */
import { z } from 'zod';
import { FAVORITES_MAX } from '../../constants';
import { OfferCard } from './catalog';
import { intIdParam, intId } from './common';

export { FAVORITES_MAX };

export const FavoritesResponse = z
  .object({ status: z.literal('success'), ids: z.array(z.number().int()), results: z.array(OfferCard) })
  .meta({ id: 'FavoritesResponse' });
export type FavoritesResponse = z.infer<typeof FavoritesResponse>;

/** POST /v1/favorites/: adds ids (merge of a guest's lkData list on login, or one heart). */
export const FavoritesAddBody = z
  .object({
    ids: z
      .array(intId('Некорректный товар'))
      .min(1, 'Не указан товар')
      .max(FAVORITES_MAX, `Не более ${FAVORITES_MAX} товаров`),
  })
  .strict()
  .meta({ id: 'FavoritesAddBody' });

/** DELETE /v1/favorites/{id}/: the product id. */
export const FavoriteIdParam = z.object({ id: intIdParam('Некорректный товар') });

/** GET /v1/favorites/offers/?ids=… answer (spec §3 "Saved offers … response field response"). */
export const FavoriteOffersResponse = z.object({ response: z.array(OfferCard) }).meta({ id: 'FavoriteOffersResponse' });
