import { mainImage } from '@/components/product-image/main-image';
import type { OfferCard } from '@/lib/api/contract/catalog';
import { shownBrand } from '@/lib/format/brand';

/**
 * The part of a listing card (`OfferCard`, spec §7 offers) that a product tile shows: the
 * contract's own field names, the main image only. `ProductCard` is a client component, so these
 * are its serialised props in every page's RSC payload: ~0.4 kB a card instead of the ~1.5 kB of a
 * server-rendered card's element tree (issue #7: cached pages' HTML weight).
 */
export type CardOffer = Pick<OfferCard, 'name' | 'price' | 'old_price' | 'discount' | 'is_new' | 'full_path_offer'> & {
  /** '' for goods without a brand (`shownBrand`): the tile shows no brand line. */
  brand: { name: string };
  /** The main image (`is_main`, else the first): its URL and alt text; null without photos. */
  image: { image: string; alt: string } | null;
  /** Issue #33: approved reviews' mean rating and count; absent or null without reviews. */
  rating?: { average: number; count: number } | null;
};

/** Projects a contract card onto {@link CardOffer} (drops slug, category, colours, sizes, other images). */
export function toCardOffer(offer: OfferCard): CardOffer {
  const image = mainImage(offer.images);
  return {
    name: offer.name,
    brand: { name: shownBrand(offer.brand) },
    price: offer.price,
    old_price: offer.old_price,
    discount: offer.discount,
    is_new: offer.is_new,
    full_path_offer: offer.full_path_offer,
    image: image ? { image: image.image, alt: image.alt } : null,
    ...(offer.rating ? { rating: offer.rating } : {}),
  };
}
