import { formatPrice } from '@/lib/format/price';
import styles from './price.module.css';

/** Props of `Price`: rubles (spec §9). */
export type PriceProps = {
  /** Current price, rubles. */
  price: number;
  /** Price before the discount, rubles; shown struck through when above `price`. */
  oldPrice?: number | null;
  /** Percent off, 0 for none; shown as a "−30%" badge. */
  discount?: number;
  size?: 'md' | 'lg';
};

/**
 * A price in ₽ grouped by threes (spec §9), the old price struck through and the discount
 * badge; sale prices use the accent colour. Screen readers hear "Цена", "Старая цена", "Скидка".
 */
export function Price({ price, oldPrice, discount = 0, size = 'md' }: PriceProps) {
  const onSale = oldPrice != null && oldPrice > price;
  return (
    <p className={`${styles.price} ${size === 'lg' ? styles.lg : ''}`}>
      <span className={onSale ? styles.sale : styles.current}>
        <span className="visually-hidden">Цена: </span>
        {formatPrice(price)}
      </span>
      {onSale ? (
        <s className={styles.old}>
          <span className="visually-hidden">Старая цена: </span>
          {formatPrice(oldPrice)}
        </s>
      ) : null}
      {onSale && discount > 0 ? (
        <span className={styles.badge}>
          <span className="visually-hidden">Скидка </span>−{discount}%
        </span>
      ) : null}
    </p>
  );
}
