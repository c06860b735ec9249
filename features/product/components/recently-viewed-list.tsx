'use client';

import { Price } from '@/components/price/price';
import type { ViewedProduct } from '@/stores/recently-viewed-store';
import styles from './recently-viewed.module.css';

/**
 * The "Вы недавно смотрели" section (issue #3 product page): a row of small cards (photo, brand,
 * name, price in ₽) linking to the products in `items`, newest first. Loaded by ./recently-viewed.tsx
 * only when there is something to show: a first visit has nothing, so its code stays out of the
 * first visit's JS (issue #30).
 */
export function RecentlyViewedList({ items }: { items: readonly ViewedProduct[] }) {
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
