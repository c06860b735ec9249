'use client';

/** The header's favourites link with the counter (spec §2 Layout "favourites counter"). */
import { useEffect } from 'react';
import { pluralize } from '@/lib/format/plural';
import { hydrateFavoritesStore, useFavoritesStore } from '@/stores/favorites-store';
import styles from './favorites.module.css';

/**
 * Props: the header's class names, so it looks like the other header actions, and the favourites
 * page's link (`href('favorite')`, `routeTitle('favorite')`), built on the server so the route
 * table stays out of the browser (issue #30).
 */
export type FavoritesHeaderButtonProps = {
  className?: string;
  textClassName?: string;
  favorites: { href: string; title: string };
};

/** Link to /favorite with the number of favourites as a badge. */
export function FavoritesHeaderButton({ className, textClassName, favorites }: FavoritesHeaderButtonProps) {
  const count = useFavoritesStore((s) => s.favoritesListId.length);
  useEffect(() => hydrateFavoritesStore(), []);
  const label =
    count > 0 ? `${favorites.title}, ${count} ${pluralize(count, ['товар', 'товара', 'товаров'])}` : favorites.title;
  return (
    <a
      href={favorites.href}
      className={`${className ?? ''} ${styles.headerLink}`}
      aria-label={label}
      data-testid="favorites-counter"
    >
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
        />
      </svg>
      {count > 0 ? (
        <span className={styles.badge} aria-hidden="true">
          {count}
        </span>
      ) : null}
      <span className={textClassName ?? styles.headerText}>{favorites.title}</span>
    </a>
  );
}
