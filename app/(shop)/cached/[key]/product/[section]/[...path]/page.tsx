/**
 * Cached product pages (issue #7): proxy.ts rewrites every GET of a product URL
 * `/{section}/{...path}` (lib/catalog-path.ts, kind 'product') here as
 * `/cached/-/product/{section}/{...path}`: a product page ignores the query, so all its variants
 * share the empty key. A route of its own, not the listings' (../../[section]/[[...path]]), so
 * that its client chunk holds only the product's islands, imported statically, and a listing's
 * only the listing's (issue #30, first-visit JS). The page reads no request data: Next renders
 * each product once on its first request, serves it from the cache after that (the API's cache
 * tags expire it on a change, issue #13) and re-renders it in the background every
 * {@link revalidate} seconds. Rendering is app/(shop)/[section]/[[...path]]/product-route.tsx.
 * A key other than the empty one or a path that is not a product's → 404; an unknown product is
 * answered 404 with the error page in the HTML (components/error-state/inline-not-found.tsx,
 * issue #14 item 6).
 */
import { notFound } from 'next/navigation';
import { resolveCatalogRoute } from '@/app/(shop)/[section]/[[...path]]/catalog-params';
import { productMetadata, ProductRoute } from '@/app/(shop)/[section]/[[...path]]/product-route';
import { metadataOr404, pageOr404 } from '@/components/error-state/inline-not-found';
import { EMPTY_KEY } from '@/features/catalog/utils/page-cache-key';
import type { Metadata } from 'next';

/** Seconds a cached product page is served before it is re-rendered (stock, prices). */
export const revalidate = 60;

/** No page is built ahead: each is rendered on its first request and cached (on-demand ISR). */
export function generateStaticParams(): { key: string; section: string; path: string[] }[] {
  return [];
}

type Params = Promise<{ key: string; section: string; path: string[] }>;

/** The product route of the params; `notFound()` for another key or a path that is no product's. */
async function productOf(params: Params) {
  const { key, ...rest } = await params;
  if (key !== EMPTY_KEY) notFound();
  const route = await resolveCatalogRoute(Promise.resolve(rest));
  if (route.kind !== 'product') notFound();
  return route;
}

/** Metadata of the product; "Ошибка" when there is none (spec §2; Next adds noindex). */
export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return metadataOr404(async () => productMetadata(await productOf(params)));
}

/** A product page, or the 404 page in its place. */
export default async function CachedProductPage({ params }: { params: Params }) {
  return pageOr404(async () => {
    const route = await productOf(params);
    // Called, not rendered as <ProductRoute>: its lookups run here, where a not-found is caught.
    return ProductRoute({ route, query: {} });
  });
}
