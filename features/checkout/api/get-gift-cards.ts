/** GET /v1/gift/cards/ and /v1/gift/cards/{slug}/: certificate nominals of /podarochnye-sertifikaty (issue #5). */
import { GiftCardDataResponse, GiftCardNominalsResponse, type GiftCardNominal } from '@/lib/api/contract/checkout';
import { apiGet, isNotFound } from '@/lib/api/fetcher';
import { CATALOG_REVALIDATE_S } from '@/lib/constants';

/** Every nominal, cheapest first; empty when the call failed (logged). */
export async function getGiftNominals(): Promise<GiftCardNominal[]> {
  try {
    return (
      await apiGet('/v1/gift/cards/', GiftCardNominalsResponse, {
        cache: { revalidate: CATALOG_REVALIDATE_S, tags: ['gift-cards'] },
      })
    ).results;
  } catch (error) {
    console.error('что-то пошло не так: gift cards', error);
    return [];
  }
}

/** One nominal by slug; null for an unknown slug. @throws ApiRequestError on other failures. */
export async function getGiftNominal(slug: string): Promise<GiftCardNominal | null> {
  try {
    return (
      await apiGet(`/v1/gift/cards/${encodeURIComponent(slug)}/`, GiftCardDataResponse, {
        cache: { revalidate: CATALOG_REVALIDATE_S, tags: ['gift-cards'] },
      })
    ).response;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}
