/**
 * The last search text (spec §3 Client state `searchParam`; §3 Local storage: lkData holds the
 * search param; issue #14 item 12): kept in `lkData.search`, so the header search opens with the
 * shopper's last query on the next visit. Hydrates after mount (DESIGN.md convention 7).
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { LK_DATA_SLICES, lkDataStorage } from './lk-data-storage';

type Persisted = { searchParam: string };

/** Search state and its setter. */
export type SearchState = Persisted & {
  /** Stores the submitted text, trimmed; at most 100 characters (the search field's bound). */
  setSearchParam: (text: string) => void;
};

/** The search store hook. */
export const useSearchStore = create<SearchState>()(
  persist(
    (set) => ({
      searchParam: '',
      setSearchParam: (text) => set({ searchParam: text.trim().slice(0, 100) }),
    }),
    {
      name: LK_DATA_SLICES.search,
      storage: lkDataStorage<Persisted>(),
      version: 0,
      skipHydration: true,
      partialize: (s): Persisted => ({ searchParam: s.searchParam }),
    },
  ),
);

/** Reads `lkData.search` once, in the browser only (synchronous: lkData storage is). */
export function hydrateSearchStore(): void {
  if (typeof window === 'undefined' || useSearchStore.persist.hasHydrated()) return;
  void useSearchStore.persist.rehydrate();
}
