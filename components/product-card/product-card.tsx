import { Price } from '@/components/price/price';
import styles from './product-card.module.css';
import type { CardOffer } from './card-offer';

/** Props of `ProductCard`. */
export type ProductCardProps = {
  /** What the tile shows: `toCardOffer(offer)` of a contract card (`OfferCard`), but the photo. */
  offer: Omit<CardOffer, 'image'>;
  /**
   * The photo, rendered by the caller (`OfferTile`: a `ProductImage` of `offer.image`); without it
   * the tile says «Нет фото». A slot, not built here, so that the image code (next/image's
   * `getImageProps`, ~6 kB gzip) runs where the grid is composed, on the server for server-rendered
   * grids, and never ships in a listing's first visit (issue #30).
   */
  picture?: React.ReactNode;
  /**
   * A control over the image's top-right corner, outside the card link (e.g. the favourites
   * heart of features/favorites; this component stays presentational).
   */
  actionSlot?: React.ReactNode;
};

/**
 * A product tile of listings and rows: 3:4 image, brand, name, price with old price and discount
 * badge, the reviews' rating when there are any (issue #33), all inside one link to `full_path_offer` (spec §2 product detail route). Works without JS.
 *
 * A server component where the grid is (no code in the browser: issue #30; it was a client
 * component for a more compact RSC payload, issue #7, which cost ~1.2 kB of first-visit JS with
 * `Price`); client grids («Показать ещё») render it on the client. The photo comes rendered
 * (`picture`): from the server its `<img>` props are in the payload, its code is not in the browser's.
 */
export function ProductCard({ offer, picture, actionSlot }: ProductCardProps) {
  return (
    <article className={styles.card}>
      {/* data-product-card: a click starts loading the product page's photo (lib/soft-navigation.ts). */}
      <a href={offer.full_path_offer} className={styles.link} data-product-card="">
        <div className={styles.media}>
          {picture ?? <span className={styles.noImage}>Нет фото</span>}
          <span className={styles.badges}>{offer.is_new ? <span className={styles.new}>New</span> : null}</span>
        </div>
        {offer.brand.name ? <p className={styles.brand}>{offer.brand.name}</p> : null}
        <h3 className={styles.name}>{offer.name}</h3>
        <Price price={offer.price} oldPrice={offer.old_price} discount={offer.discount} />
        {offer.rating ? (
          <p
            className={styles.rating}
            aria-label={`Оценка ${offer.rating.average} из 5, отзывов: ${offer.rating.count}`}
          >
            ★ {offer.rating.average.toLocaleString('ru-RU', { minimumFractionDigits: 1 })}{' '}
            <span className={styles.ratingCount}>({offer.rating.count})</span>
          </p>
        ) : null}
      </a>
      {actionSlot ? <div className={styles.action}>{actionSlot}</div> : null}
    </article>
  );
}
