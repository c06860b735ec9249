import type { OfferCard } from '@/lib/api/contract/catalog';
import { toCardOffer } from './card-offer';
import { ProductCard } from './product-card';

/** Props of a per-card control (`cardAction` of grids and rows): the card's product id and name. */
export type CardActionProps = { productId: number; name: string };

/** Props of `OfferTile`. */
export type OfferTileProps = {
  /** A contract card (`OfferCard`); the tile passes `ProductCard` only what it shows. */
  offer: OfferCard;
  /** Preload the image (see `ProductCard`). */
  preload?: boolean;
  /** Rendered over the image with the card's {@link CardActionProps}, e.g. the favourites heart. */
  cardAction?: React.ComponentType<CardActionProps>;
};

/**
 * The product card of a contract `OfferCard` as grids and rows show it: `ProductCard` with its
 * compact props (`toCardOffer`) and the card's control. Usable from server and client components.
 */
export function OfferTile({ offer, preload, cardAction: CardAction }: OfferTileProps) {
  return (
    <ProductCard
      offer={toCardOffer(offer)}
      preload={preload}
      actionSlot={CardAction ? <CardAction productId={offer.id} name={offer.name} /> : undefined}
    />
  );
}
