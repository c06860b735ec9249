import { OfferTile } from '@/components/product-card/offer-tile';
import type { ProductGridProps } from '@/components/product-grid/product-grid';
import type { OfferCard } from '@/lib/api/contract/catalog';
import styles from './product-row.module.css';

/** Props of `ProductRow`. */
export type ProductRowProps = {
  /** Per-card control, e.g. the favourites heart (see `ProductGridProps.cardAction`). */
  cardAction?: ProductGridProps['cardAction'];
  title: string;
  offers: readonly OfferCard[];
  /** "Смотреть все" link target; omitted → no link. */
  moreHref?: string;
  /** Cards shown; default 12. */
  limit?: number;
};

/**
 * A titled, horizontally scrollable row of product cards (home "Распродажа"/"Новинки", related
 * products). Renders nothing for an empty list.
 */
export function ProductRow({ title, offers, moreHref, limit = 12, cardAction }: ProductRowProps) {
  if (offers.length === 0) return null;
  const id = `row-${title.replace(/\s+/g, '-').toLowerCase()}`;
  return (
    <section className={styles.row} aria-labelledby={id}>
      <div className={styles.head}>
        <h2 id={id} className={styles.title}>
          {title}
        </h2>
        {moreHref ? (
          <a href={moreHref} className={styles.more}>
            Смотреть все
          </a>
        ) : null}
      </div>
      <ul className={styles.list}>
        {offers.slice(0, limit).map((offer) => (
          <li key={offer.id} className={styles.item}>
            <OfferTile offer={offer} cardAction={cardAction} />
          </li>
        ))}
      </ul>
    </section>
  );
}
