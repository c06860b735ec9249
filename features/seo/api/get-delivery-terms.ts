/** GET /v1/delivery_terms/ (issue #34; ours): the owner's delivery settings and stores. */
import { DeliveryTermsResponse } from '@/lib/api/contract/delivery-terms';
import { apiGet } from '@/lib/api/fetcher';
import { CATALOG_REVALIDATE_S } from '@/lib/constants';

/**
 * The delivery terms the product JSON-LD states (`shippingDetails`), cached 5 minutes under the tags
 * "delivery-terms" and "content" (the info pages state the same terms and share their staleness).
 * @returns the terms, or `null` when they failed to load: the JSON-LD then says nothing about
 *   shipping rather than something untrue.
 */
export async function getDeliveryTerms(): Promise<DeliveryTermsResponse | null> {
  try {
    return await apiGet('/v1/delivery_terms/', DeliveryTermsResponse, {
      cache: { revalidate: CATALOG_REVALIDATE_S, tags: ['delivery-terms', 'content'] },
    });
  } catch (error) {
    console.error('что-то пошло не так: delivery_terms', error);
    return null;
  }
}
