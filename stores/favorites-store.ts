/**
 * Favourites (spec §3 favoritesListId, favoritesOffersList; §4 "Favourites id list change reloads
 * the favourite offers"; §8 "Favourites offers failure: list set to empty").
 *
 * - Persisted into `lkData.favorites` (`{favoritesListId, owner}`), hydrated after mount.
 * - A guest's list lives only there. On login (`attachAccount`) a guest list is POSTed to
 *   /v1/favorites/ and the account's merged list replaces it, so nothing a guest saved is lost.
 * - Logged in, every heart goes to the server first and the list is applied after it answers.
 * - Logout (`detachAccount`) empties the list: the next guest on the device starts clean.
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { OfferCard } from '@/lib/api/contract/catalog';
import { accountRequest } from '@/lib/api/lazy-clients';
import { FAVORITES_MAX } from '@/lib/constants';
import { lkDataStorage, LK_DATA_SLICES } from './lk-data-storage';

// The answer schemas (and zod) load with the first favourites request, not with every page (issue #7).
const favorites = () => import('@/lib/api/contract/favorites');
const FavoritesResponse = () => favorites().then((m) => m.FavoritesResponse);
const FavoriteOffersResponse = () => favorites().then((m) => m.FavoriteOffersResponse);

/** Favourites state and actions. */
export type FavoritesState = {
  /** Product ids, newest first. Persisted. */
  favoritesListId: number[];
  /** Whose list the persisted ids are: a guest's (to merge on login) or the account's. */
  owner: 'guest' | 'account';
  /** Cards of the ids, loaded by `loadOffers`. */
  favoritesOffersList: OfferCard[];
  /** True while the cards load. */
  offersLoading: boolean;
  /** Product ids whose change is in flight. */
  pending: Record<number, true>;
  /** Adds or removes one product. Resolves false when the server refused. */
  toggle: (productId: number) => Promise<boolean>;
  /** Loads the cards of the list (spec §4); on failure the list of cards is empty (spec §8). */
  loadOffers: () => Promise<void>;
  /** Called after login / user load: merges a guest list into the account. */
  attachAccount: () => Promise<void>;
  /** Called on logout: empties the list. */
  detachAccount: () => void;
};

type Persisted = Pick<FavoritesState, 'favoritesListId' | 'owner'>;

/** The favourites store hook. */
export const useFavoritesStore = create<FavoritesState>()(
  persist(
    (set, get) => ({
      favoritesListId: [],
      owner: 'guest',
      favoritesOffersList: [],
      offersLoading: false,
      pending: {},

      toggle: async (productId) => {
        hydrateFavoritesStore();
        const state = get();
        if (state.pending[productId]) return false;
        const has = state.favoritesListId.includes(productId);
        if (state.owner === 'guest') {
          const next = has
            ? state.favoritesListId.filter((id) => id !== productId)
            : [productId, ...state.favoritesListId].slice(0, FAVORITES_MAX);
          set({
            favoritesListId: next,
            favoritesOffersList: state.favoritesOffersList.filter((o) => next.includes(o.id)),
          });
          return true;
        }
        set({ pending: { ...state.pending, [productId]: true } });
        try {
          const answer = has
            ? await accountRequest('DELETE', `/v1/favorites/${productId}/`, FavoritesResponse)
            : await accountRequest('POST', '/v1/favorites/', FavoritesResponse, { ids: [productId] });
          set({ favoritesListId: answer.ids, favoritesOffersList: answer.results });
          return true;
        } catch {
          return false;
        } finally {
          set((s) => {
            const pending = { ...s.pending };
            delete pending[productId];
            return { pending };
          });
        }
      },

      loadOffers: async () => {
        hydrateFavoritesStore();
        set({ offersLoading: true });
        try {
          if (get().owner === 'account') {
            const answer = await accountRequest('GET', '/v1/favorites/', FavoritesResponse);
            set({ favoritesListId: answer.ids, favoritesOffersList: answer.results });
          } else {
            const ids = get().favoritesListId;
            const answer = ids.length
              ? await accountRequest('GET', `/v1/favorites/offers/?ids=${ids.join(',')}`, FavoriteOffersResponse)
              : { response: [] };
            set({ favoritesOffersList: answer.response });
          }
        } catch {
          set({ favoritesOffersList: [] });
        } finally {
          set({ offersLoading: false });
        }
      },

      attachAccount: async () => {
        hydrateFavoritesStore();
        const { owner, favoritesListId } = get();
        try {
          const answer =
            owner === 'guest' && favoritesListId.length > 0
              ? await accountRequest('POST', '/v1/favorites/', FavoritesResponse, { ids: favoritesListId })
              : await accountRequest('GET', '/v1/favorites/', FavoritesResponse);
          set({ owner: 'account', favoritesListId: answer.ids, favoritesOffersList: answer.results });
        } catch {
          // The guest list stays in lkData and is merged on the next load.
        }
      },

      detachAccount: () => set({ owner: 'guest', favoritesListId: [], favoritesOffersList: [] }),
    }),
    {
      name: LK_DATA_SLICES.favorites,
      storage: lkDataStorage<Persisted>(),
      version: 0,
      skipHydration: true,
      partialize: (s): Persisted => ({ favoritesListId: s.favoritesListId, owner: s.owner }),
      merge: (persisted, current) => {
        const p = (persisted ?? {}) as Partial<Persisted>;
        const ids = Array.isArray(p.favoritesListId)
          ? p.favoritesListId.filter((id): id is number => Number.isInteger(id) && id > 0)
          : [];
        return { ...current, favoritesListId: ids, owner: p.owner === 'account' ? 'account' : 'guest' };
      },
    },
  ),
);

/** Reads `lkData.favorites` once, in the browser only (DESIGN.md convention 7). */
export function hydrateFavoritesStore(): void {
  if (typeof window === 'undefined' || useFavoritesStore.persist.hasHydrated()) return;
  void useFavoritesStore.persist.rehydrate();
}

/** Test helper. Not for app code. */
export function resetFavoritesStoreForTests(): void {
  useFavoritesStore.setState(useFavoritesStore.getInitialState(), true);
}
