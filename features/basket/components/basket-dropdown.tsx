'use client';

/**
 * The header basket's hover dropdown (spec §2 Layout "Cart dropdown"), split from
 * basket-header-button.tsx so that it loads on the first hover or focus (issue #30).
 */
import Link from 'next/link';
import { mainImage } from '@/components/product-image/main-image';
import { ProductImage } from '@/components/product-image/product-image';
import { shownBrand } from '@/lib/format/brand';
import { formatPrice } from '@/lib/format/price';
import { useBasketStore } from '@/stores/basket-store';
import { lineSizes } from '../utils/line-details';
import styles from './basket-header-button.module.css';

/**
 * The dropdown panel: each line, "Итого" and the link to `basketPath` (spec §2); reads the basket
 * store, closes it at once on a link click.
 */
export function BasketDropdown({ basketPath }: { basketPath: string }) {
  const basketList = useBasketStore((s) => s.basketList);
  const total = useBasketStore((s) => s.total);
  const hideDropdownNow = useBasketStore((s) => s.hideDropdownNow);

  return (
    <div className={styles.panel} role="region" aria-label="Товары в корзине" data-testid="basket-dropdown">
      <ul className={styles.list}>
        {basketList.map((item) => {
          const image = mainImage(item.product.images);
          const sizes = lineSizes(item);
          return (
            <li key={item.item_uuid} className={styles.item}>
              <div className={styles.thumb}>
                {image ? <ProductImage src={image.image} alt={image.alt || item.product.name} sizes="56px" /> : null}
              </div>
              <div className={styles.info}>
                <Link href={item.product.full_path_offer} className={styles.name} onClick={hideDropdownNow}>
                  {item.product.name}
                </Link>
                {shownBrand(item.product.brand) ? (
                  <span className={styles.brand}>{item.product.brand.name}</span>
                ) : null}
                {sizes.length > 0 ? (
                  <span className={styles.meta}>{sizes.map((size) => `${size.label}: ${size.value}`).join(', ')}</span>
                ) : null}
                <span className={styles.price}>
                  {formatPrice(item.price)}
                  {item.quantity > 1 ? <span className={styles.qty}> × {item.quantity}</span> : null}
                </span>
              </div>
            </li>
          );
        })}
      </ul>
      <p className={styles.total}>
        <span>Итого</span>
        <span>{formatPrice(total)}</span>
      </p>
      <Link href={basketPath} className={styles.cta} onClick={hideDropdownNow}>
        Перейти в корзину
      </Link>
    </div>
  );
}
