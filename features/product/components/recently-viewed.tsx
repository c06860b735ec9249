'use client';

import { useEffect, useState } from 'react';
import { lazyIsland } from '@/lib/lazy-island';
import { useRecentlyViewedStore, type ViewedProduct } from '@/stores/recently-viewed-store';

// Issue #30: the cards' code loads only when there are cards to show (never on a first visit).
const RecentlyViewedList = lazyIsland(() => import('./recently-viewed-list').then((m) => m.RecentlyViewedList));

/**
 * "Вы недавно смотрели" (issue #3 product page): remembers the current product in localStorage
 * ("recentlyViewed") and shows up to 8 other products the shopper opened before, newest first
 * (./recently-viewed-list.tsx, loaded then).
 * Client island; nothing is rendered on the server or when there is nothing to show.
 */
export function RecentlyViewed({ current }: { current: ViewedProduct }) {
  const [items, setItems] = useState<ViewedProduct[]>([]);
  useEffect(() => {
    void Promise.resolve(useRecentlyViewedStore.persist.rehydrate()).then(() => {
      const before = useRecentlyViewedStore.getState().items.filter((item) => item.id !== current.id);
      setItems(before.slice(0, 8));
      useRecentlyViewedStore.getState().remember(current);
    });
  }, [current]);
  return items.length === 0 ? null : <RecentlyViewedList items={items} />;
}
