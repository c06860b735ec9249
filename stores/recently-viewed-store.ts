/**
 * Recently viewed products (issue #3 product page): the last {@link RECENTLY_VIEWED_LIMIT}
 * products a shopper opened, newest first, in localStorage under "recentlyViewed". Only what a
 * small card needs is kept, so the list shows without asking the API. Hydrates after mount
 * (DESIGN.md convention 7).
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** How many products are remembered. */
export const RECENTLY_VIEWED_LIMIT = 12;

/** A remembered product. Prices in rubles. */
export type ViewedProduct = {
  id: number;
  name: string;
  brand: string;
  price: number;
  old_price: number | null;
  image: string | null;
  href: string;
};

interface RecentlyViewedState {
  items: ViewedProduct[];
  /** Moves (or adds) a product to the front, keeping at most the limit. */
  remember: (product: ViewedProduct) => void;
}

/** The recently viewed store. */
export const useRecentlyViewedStore = create<RecentlyViewedState>()(
  persist(
    (set) => ({
      items: [],
      remember: (product) =>
        set(({ items }) => ({
          items: [product, ...items.filter((item) => item.id !== product.id)].slice(0, RECENTLY_VIEWED_LIMIT),
        })),
    }),
    { name: 'recentlyViewed', storage: createJSONStorage(() => localStorage), skipHydration: true },
  ),
);
