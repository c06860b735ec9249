/**
 * `savedStateCatalogPage` of spec §3 "Client state": what a listing had loaded with "Показать ещё"
 * and where it was scrolled, so that coming back from a product (browser Back) shows the same
 * cards at the same place. Kept in sessionStorage (one tab, forgotten when the tab closes); the
 * store hydrates after mount (DESIGN.md convention 7).
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { OfferCard } from '@/lib/api/contract/catalog';

/** A listing's saved state. */
export type SavedCatalogPage = {
  /** `location.pathname + location.search` of the listing. */
  key: string;
  /** Cards appended by "Показать ещё", in order. */
  appended: OfferCard[];
  /** The next 1-based page to load. */
  nextPage: number;
  /** `window.scrollY`, px. */
  scrollY: number;
};

interface CatalogState {
  savedStateCatalogPage: SavedCatalogPage | null;
  saveCatalogPage: (state: SavedCatalogPage) => void;
  clearCatalogPage: () => void;
}

/** sessionStorage key of the store. */
export const CATALOG_STORE_KEY = 'savedStateCatalogPage';

/** The catalogue store (sessionStorage, hydrated by the listing island after mount). */
export const useCatalogStore = create<CatalogState>()(
  persist(
    (set) => ({
      savedStateCatalogPage: null,
      saveCatalogPage: (state) => set({ savedStateCatalogPage: state }),
      clearCatalogPage: () => set({ savedStateCatalogPage: null }),
    }),
    {
      name: CATALOG_STORE_KEY,
      storage: createJSONStorage(() => sessionStorage),
      skipHydration: true,
    },
  ),
);
