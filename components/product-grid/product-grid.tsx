import type { OfferCard } from '@/lib/api/contract/catalog';
import { ProductCard } from '@/components/product-card/product-card';
import { toCardOffer } from '@/components/product-card/card-offer';
import styles from './product-grid.module.css';

/** Props of `ProductGrid`. */
export type ProductGridProps = {
  /** Per-card control (ProductCard `actionSlot`), e.g. the favourites heart. */
  cardAction?: (offer: OfferCard) => React.ReactNode;
  offers: readonly OfferCard[];
  /** Preload the first row (4 cards): true for the main grid of a page. */
  preloadFirstRow?: boolean;
  /** Accessible name of the list. */
  label?: string;
};

/** Product cards in a grid: 2 columns on phones, 3 on tablets, 4 on desktops (images 3:4). */
export function ProductGrid({ offers, preloadFirstRow = false, label = 'Товары', cardAction }: ProductGridProps) {
  return (
    <ul className={styles.grid} aria-label={label} data-testid="product-grid">
      {offers.map((offer, index) => (
        <li key={offer.id}>
          <ProductCard offer={toCardOffer(offer)} preload={preloadFirstRow && index < 4} actionSlot={cardAction?.(offer)} />
        </li>
      ))}
    </ul>
  );
}
