/** POST /v1/offers_list/ (spec §7: sale or new, empty filter, 64 items). */
import { OffersListResponse, type OfferCard } from '@/lib/api/contract/catalog';
import { apiPost } from '@/lib/api/fetcher';
import { CATALOG_REVALIDATE_S } from '@/lib/constants';

/**
 * The sale or new list (up to 64 cards), cached 5 minutes under "offers-list:{type}".
 * @returns the cards, empty when the call failed (spec §8: sale/new failures only logged).
 */
export async function getOffersList(type: 'sale' | 'new'): Promise<OfferCard[]> {
  try {
    const data = await apiPost('/v1/offers_list/', { type, filter: {} }, OffersListResponse, {
      cache: { revalidate: CATALOG_REVALIDATE_S, tags: ['catalog', 'listings', `offers-list:${type}`] },
    });
    return data.results;
  } catch (error) {
    console.error(`что-то пошло не так: offers_list ${type}`, error);
    return [];
  }
}
