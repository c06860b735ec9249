import type { OfferCard } from '@/lib/api/contract/catalog';
import { FavoriteToggle } from './favorite-toggle';

/**
 * The heart on a product card (favourites, issue #4): pass as `cardAction` to product grids and
 * rows. A server-side render function, so listings stay server components with a small client
 * island per card.
 */
export function favoriteCardAction(offer: OfferCard) {
  return <FavoriteToggle productId={offer.id} name={offer.name} />;
}
