/** GET /v1/product_offer/?categoryPath=&slug=&pk= (spec §7 Catalogue). */
import { ProductDetail } from '@/lib/api/contract/catalog';
import { apiGet } from '@/lib/api/fetcher';
import { CATALOG_REVALIDATE_S } from '@/lib/constants';

/**
 * A product page's data: offers (colours) with sizes, texts, breadcrumbs, related cards. Cached
 * 5 minutes under "product:{pk}".
 * @param query pk (digits), categoryPath without leading slash, slug as requested.
 * @throws ApiRequestError (404 for an unknown product).
 */
export function getProduct(query: { pk: string; categoryPath: string; slug?: string }): Promise<ProductDetail> {
  return apiGet('/v1/product_offer/', ProductDetail, {
    query: { categoryPath: query.categoryPath, slug: query.slug, pk: query.pk },
    cache: { revalidate: CATALOG_REVALIDATE_S, tags: ['catalog', `product:${query.pk}`] },
  });
}
