'use client';

/** The /favorite page body: the saved products as cards with hearts, or an empty state. */
import { useEffect } from 'react';
import { ProductGrid } from '@/components/product-grid/product-grid';
import { href } from '@/lib/routes';
import { hydrateFavoritesStore, useFavoritesStore } from '@/stores/favorites-store';
import { FavoriteToggle } from './favorite-toggle';

/** Loads the cards whenever the id list changes (spec §4 Data reloads). */
export function FavoritesPage() {
  const ids = useFavoritesStore((s) => s.favoritesListId);
  const offers = useFavoritesStore((s) => s.favoritesOffersList);
  const loading = useFavoritesStore((s) => s.offersLoading);
  const key = ids.join(',');
  useEffect(() => {
    hydrateFavoritesStore();
    void useFavoritesStore.getState().loadOffers();
  }, [key]);
  const shown = offers.filter((o) => ids.includes(o.id));
  if (ids.length === 0) {
    return (
      <p>
        В избранном пока пусто. Нажмите на сердечко у товара, чтобы сохранить его.{' '}
        <a href={href('new')}>Посмотреть новинки</a>
      </p>
    );
  }
  if (loading && shown.length === 0) return <p role="status">Загружаем избранное…</p>;
  return <ProductGrid offers={shown} label="Избранное" cardAction={FavoriteToggle} />;
}
