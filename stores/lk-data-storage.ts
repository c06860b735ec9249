/**
 * The persisted `lkData` blob of spec §3 "Local storage": one localStorage entry shared by every
 * persisted store (basket, favourites, gift card, city, order popup flag, search param).
 *
 * Each zustand store persists into its own slice of the blob, named by the store's `persist`
 * `name`, so stores never overwrite each other's data:
 *
 * ```json
 * localStorage["lkData"] = {
 *   "basket":    { "state": { "basketListId": ["<item_uuid>"], "offerFeaturesList": { "<offer id>": {…} } }, "version": 0 },
 *   "favorites": { "state": { "favoritesListId": [123] }, "version": 0 },
 *   "…":         { "state": { … }, "version": 0 }
 * }
 * ```
 *
 * Usage in a store: `persist(creator, { name: 'favorites', storage: lkDataStorage(), skipHydration: true })`
 * and rehydrate after mount (DESIGN.md convention 7). Slice names in use: see {@link LK_DATA_SLICES}.
 */
import type { PersistStorage, StorageValue } from 'zustand/middleware';

/** localStorage key of the blob (spec §3). */
export const LK_DATA_KEY = 'lkData';

/** Slice names taken by stores so far; add yours here to keep them unique. */
export const LK_DATA_SLICES = {
  basket: 'basket',
  favorites: 'favorites',
  checkout: 'checkout',
  search: 'search',
} as const;

type LkDataBlob = Record<string, unknown>;

function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Safari private mode and disabled storage throw on access.
    return null;
  }
}

/** Reads the whole `lkData` blob; `{}` when absent, unreadable or not an object. */
export function readLkData(): LkDataBlob {
  const storage = browserStorage();
  if (!storage) return {};
  try {
    const parsed: unknown = JSON.parse(storage.getItem(LK_DATA_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as LkDataBlob) : {};
  } catch {
    return {};
  }
}

function writeLkData(blob: LkDataBlob): void {
  const storage = browserStorage();
  if (!storage) return;
  try {
    storage.setItem(LK_DATA_KEY, JSON.stringify(blob));
  } catch {
    // Quota exceeded: the basket still lives on the server (cookie `cart_id`), so losing the
    // local copy only costs the instant badge and the remembered sizes.
  }
}

/**
 * A zustand `PersistStorage` that keeps a store's persisted state under `lkData[name]`.
 * Reads and writes are synchronous, so `persist.rehydrate()` finishes before it returns.
 * Writes that would not change the slice are skipped (persist writes on every `set`).
 * On the server (no `window`) it reads nothing and writes nothing.
 */
export function lkDataStorage<S>(): PersistStorage<S> {
  return {
    getItem(name) {
      const slice = readLkData()[name];
      return slice && typeof slice === 'object' ? (slice as StorageValue<S>) : null;
    },
    setItem(name, value) {
      const blob = readLkData();
      if (JSON.stringify(blob[name]) === JSON.stringify(value)) return;
      writeLkData({ ...blob, [name]: value });
    },
    removeItem(name) {
      const blob = readLkData();
      if (!(name in blob)) return;
      delete blob[name];
      writeLkData(blob);
    },
  };
}
