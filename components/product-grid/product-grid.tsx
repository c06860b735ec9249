import { OfferTile, type CardActionProps } from '@/components/product-card/offer-tile';
import type { OfferCard } from '@/lib/api/contract/catalog';
import styles from './product-grid.module.css';

/** Props of `ProductGrid`. */
export type ProductGridProps = {
  /**
   * Per-card control (ProductCard `actionSlot`), e.g. the favourites heart: a component rendered
   * with each card's {@link CardActionProps}. A component, not a render function, so that a server
   * page can hand a client component to client grids too ("Показать ещё").
   */
  cardAction?: React.ComponentType<CardActionProps>;
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
          <OfferTile offer={offer} preload={preloadFirstRow && index < 4} cardAction={cardAction} />
        </li>
      ))}
    </ul>
  );
}
