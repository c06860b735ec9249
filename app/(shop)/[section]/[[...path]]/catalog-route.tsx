/**
 * Rendering of the catalogue pages rendered per request (./page.tsx: the listings proxy.ts cannot
 * key, and a product page requested other than by GET/HEAD). Catalogue pages (spec §2 "Catalogue
 * sections" and "Product detail"): one catch-all per section, parsed by `parseCatalogPath`; a
 * listing is rendered by ./listing-route.tsx, a product by ./product-route.tsx. The cached routes
 * import only one of the two each (app/(shop)/cached/[key]/[section]/[[...path]] listings,
 * app/(shop)/cached/[key]/product/[section]/[...path] products; proxy.ts), so that neither page
 * kind downloads the other's islands (issue #30). Unknown section, malformed path, unknown
 * category/product or a page beyond the last → 404.
 */
import type { RawQuery } from '@/features/catalog/utils/listing-query';
import { resolveCatalogRoute, type CatalogParams } from './catalog-params';
import { listingMetadata, ListingRoute } from './listing-route';
import { productMetadata, ProductRoute } from './product-route';
import type { Metadata } from 'next';

export type { CatalogParams } from './catalog-params';

/**
 * Metadata of the listing (./listing-route.tsx `listingMetadata`) or the product
 * (./product-route.tsx `productMetadata`). `query`: the page's query parameters.
 */
export async function catalogMetadata(params: CatalogParams, query: RawQuery): Promise<Metadata> {
  const route = await resolveCatalogRoute(params);
  return route.kind === 'product' ? productMetadata(route) : listingMetadata(route, query);
}

/** A listing or a product page; `query` as in {@link catalogMetadata}. Throws notFound()/permanentRedirect() as the module docstring says. */
export async function CatalogRoute({ params, query }: { params: CatalogParams; query: RawQuery }) {
  const route = await resolveCatalogRoute(params);
  return route.kind === 'product' ? ProductRoute({ route, query }) : ListingRoute({ route, query });
}
