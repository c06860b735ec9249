/** Recently viewed products: newest first, no duplicates, at most 12. */
import { beforeEach, describe, expect, it } from 'vitest';
import { RECENTLY_VIEWED_LIMIT, useRecentlyViewedStore, type ViewedProduct } from './recently-viewed-store';

const product = (id: number): ViewedProduct => ({
  id,
  name: `Товар ${id}`,
  brand: 'Maaji',
  price: 1000,
  old_price: null,
  image: null,
  href: `/kupalniki/slitnye/${id}/tovar`,
});

describe('recently viewed store', () => {
  beforeEach(() => useRecentlyViewedStore.setState({ items: [] }));

  it('puts the newest first without duplicates and keeps the limit', () => {
    const { remember } = useRecentlyViewedStore.getState();
    for (let id = 1; id <= 15; id += 1) remember(product(id));
    remember(product(10));
    const ids = useRecentlyViewedStore.getState().items.map((item) => item.id);
    expect(ids).toHaveLength(RECENTLY_VIEWED_LIMIT);
    expect(ids.slice(0, 3)).toEqual([10, 15, 14]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('persists to localStorage under recentlyViewed', () => {
    useRecentlyViewedStore.getState().remember(product(7));
    expect(JSON.parse(localStorage.getItem('recentlyViewed') ?? '{}').state.items[0].id).toBe(7);
  });
});
