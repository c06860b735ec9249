'use client';

import { useEffect, useState } from 'react';
import { Price } from '@/components/price/price';
import { useRecentlyViewedStore, type ViewedProduct } from '@/stores/recently-viewed-store';
import styles from './recently-viewed.module.css';

/**
 * "Вы недавно смотрели" (issue #3 product page): remembers the current product in localStorage
 * ("recentlyViewed") and shows up to 8 other products the shopper opened before, newest first.
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
  if (items.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="recently-viewed-title">
      <h2 id="recently-viewed-title" className={styles.title}>
        Вы недавно смотрели
      </h2>
      <ul className={styles.list}>
        {items.map((item) => (
          <li key={item.id}>
            <a href={item.href} className={styles.card}>
              {item.image ? (
                // eslint-disable-next-line @next/next/no-img-element -- API thumbnails in a client island
                <img
                  src={item.image}
                  alt={`${item.brand} ${item.name}`}
                  width={150}
                  height={200}
                  loading="lazy"
                  className={styles.image}
                />
              ) : (
                <span className={styles.image} />
              )}
              <span className={styles.brand}>{item.brand}</span>
              <span className={styles.name}>{item.name}</span>
            </a>
            <Price price={item.price} oldPrice={item.old_price} />
          </li>
        ))}
      </ul>
    </section>
  );
}
