/** GET /v1/reviews/?product= (issue #33 item 1): approved reviews of a product for its page. */
import { ReviewListResponse } from '@/lib/api/contract/reviews';
import { apiGet } from '@/lib/api/fetcher';
import { CATALOG_REVALIDATE_S } from '@/lib/constants';

/** Reviews the product page renders (newest first); sorting and filtering happen in the page. */
export const PAGE_REVIEWS = 50;

/**
 * The rating and fit summary of all approved reviews of product `pk` and its newest
 * {@link PAGE_REVIEWS} reviews. Cached under "product:{pk}" like the product itself, so a
 * moderation decision (a change event of the product) refreshes the page; null when the API does
 * not answer (the page is shown without reviews rather than not at all).
 */
export async function getProductReviews(pk: number): Promise<ReviewListResponse | null> {
  try {
    return await apiGet('/v1/reviews/', ReviewListResponse, {
      query: { product: String(pk), limit: String(PAGE_REVIEWS) },
      cache: { revalidate: CATALOG_REVALIDATE_S, tags: ['catalog', `product:${pk}`] },
    });
  } catch {
    return null;
  }
}
