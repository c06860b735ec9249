'use client';

/**
 * The favourites heart (spec §1 favourites; on cards and the product page): a toggle button
 * with `aria-pressed`, "Добавить в избранное" / "Убрать из избранного". Guests keep the list in
 * lkData, logged-in users on the server (stores/favorites-store.ts).
 */
import { useEffect } from 'react';
import { hydrateFavoritesStore, useFavoritesStore } from '@/stores/favorites-store';
import styles from './favorites.module.css';

/** Props: the product id (`OfferCard.id`), its name for the label, and `size` "sm" (cards) or "lg". */
export type FavoriteToggleProps = { productId: number; name: string; size?: 'sm' | 'lg' };

/** See the module docstring. */
export function FavoriteToggle({ productId, name, size = 'sm' }: FavoriteToggleProps) {
  const active = useFavoritesStore((s) => s.favoritesListId.includes(productId));
  const pending = useFavoritesStore((s) => Boolean(s.pending[productId]));
  useEffect(() => hydrateFavoritesStore(), []);
  const label = active ? `Убрать из избранного: ${name}` : `Добавить в избранное: ${name}`;
  return (
    <button
      type="button"
      className={`${styles.heart} ${size === 'lg' ? styles.heartLg : ''}`}
      aria-pressed={active}
      aria-label={label}
      title={active ? 'Убрать из избранного' : 'Добавить в избранное'}
      disabled={pending}
      onClick={() => void useFavoritesStore.getState().toggle(productId)}
    >
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z"
          fill={active ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.6"
        />
      </svg>
      {size === 'lg' ? <span>{active ? 'В избранном' : 'В избранное'}</span> : null}
    </button>
  );
}
