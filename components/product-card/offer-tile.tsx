import { ProductImage } from '@/components/product-image/product-image';
import type { OfferCard } from '@/lib/api/contract/catalog';
import { toCardOffer } from './card-offer';
import { ProductCard } from './product-card';
import styles from './product-card.module.css';

/**
 * CSS `sizes` of a tile's photo, at the grid's breakpoints (product-grid.module.css): two columns
 * below 768 px, three to 1,099 px, four from 1,100 px, and never wider than 320 px (the 1,360 px
 * container's quarter, less gaps, is 309 px). An open-ended `25vw` made a 2,560 px screen fetch
 * 1,440 px photos for 309 px tiles.
 */
const CARD_IMAGE_SIZES = '(max-width: 767px) 50vw, (max-width: 1099px) 33vw, (max-width: 1280px) 25vw, 320px';

/** Props of a per-card control (`cardAction` of grids and rows): the card's product id and name. */
export type CardActionProps = { productId: number; name: string };

/** Props of `OfferTile`. */
export type OfferTileProps = {
  /** A contract card (`OfferCard`); the tile passes `ProductCard` only what it shows. */
  offer: OfferCard;
  /** Preload the photo as the page's LCP candidate (first row of the first grid on a page). */
  preload?: boolean;
  /** With `preload`: the screens on which the tile is in the first row (see `ProductImage`). */
  preloadMedia?: string;
  /** Rendered over the image with the card's {@link CardActionProps}, e.g. the favourites heart. */
  cardAction?: React.ComponentType<CardActionProps>;
};

/**
 * The product card of a contract `OfferCard` as grids and rows show it: `ProductCard` with its
 * compact props (`toCardOffer`), its photo and the card's control. Usable from server and client
 * components; from a server component the photo (`ProductImage`, next/image's `getImageProps`) is
 * rendered on the server, so a server-rendered grid ships no image code (issue #30).
 */
export function OfferTile({ offer, preload = false, preloadMedia, cardAction: CardAction }: OfferTileProps) {
  const { image, ...shown } = toCardOffer(offer);
  return (
    <ProductCard
      offer={shown}
      picture={
        image ? (
          <ProductImage
            src={image.image}
            alt={image.alt || `${shown.brand.name} ${shown.name}`.trim()}
            sizes={CARD_IMAGE_SIZES}
            preload={preload}
            preloadMedia={preloadMedia}
            className={styles.image}
          />
        ) : undefined
      }
      actionSlot={CardAction ? <CardAction productId={offer.id} name={offer.name} /> : undefined}
    />
  );
}
