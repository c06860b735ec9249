import type { ProductDetail } from '@/lib/api/contract/catalog';

/**
 * The article a shopper sees for a product (issue #28): the retailer's own (`article`, 1C `Артикул`
 * or YML `vendorCode`, e.g. "5420"), else the product number (the pk), as the demo catalogue has
 * always shown it. Search finds a product by either (server/services/search/ranking.ts
 * `articleMatches`), so what is shown is what can be typed.
 */
export function productArticle(product: Pick<ProductDetail, 'id' | 'article'>): string {
  return product.article ?? String(product.id);
}
