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
  /**
   * Preload the first row: true for the main grid of a page. The row has 2 cards on phones, 3
   * from 768 px and 4 from 1100 px (product-grid.module.css); the 3rd and 4th card are preloaded
   * only where they are in it, so that a phone's two LCP candidates do not share its bandwidth
   * with photos of the second row (issue #30, LCP).
   */
  preloadFirstRow?: boolean;
  /** Accessible name of the list. */
  label?: string;
};

/** Screens on which the card of an index is in the first row (none: on all); see product-grid.module.css. */
const FIRST_ROW_MEDIA = [undefined, undefined, '(min-width: 768px)', '(min-width: 1100px)'] as const;

/** Product cards in a grid: 2 columns on phones, 3 on tablets, 4 on desktops (images 3:4). */
export function ProductGrid({ offers, preloadFirstRow = false, label = 'Товары', cardAction }: ProductGridProps) {
  return (
    <ul className={styles.grid} aria-label={label} data-testid="product-grid">
      {offers.map((offer, index) => (
        <li key={offer.id}>
          <OfferTile
            offer={offer}
            preload={preloadFirstRow && index < FIRST_ROW_MEDIA.length}
            preloadMedia={FIRST_ROW_MEDIA[index]}
            cardAction={cardAction}
          />
        </li>
      ))}
    </ul>
  );
}
