/**
 * Cached catalogue listings (issue #7): proxy.ts rewrites `/{section}/{...path}?{query}` of a
 * listing here as `/cached/{key}/{section}/{...path}` with the query in the `key` segment
 * (features/catalog/utils/page-cache-key.ts). The page reads no request data, so Next renders each
 * (key, path) once on its first request, serves it from the cache after that and re-renders it
 * in the background every {@link revalidate} seconds. Rendering is the listing's
 * (app/(shop)/[section]/[[...path]]/listing-route.tsx); products have their own cached route
 * (../../product/[section]/[...path]) so that each page kind's chunk holds only its own islands
 * (issue #30): a product path here, or a key no request could have produced → 404.
 * An unknown category is answered 404 with the error page in the HTML
 * (components/error-state/inline-not-found.tsx, issue #14 item 6), so metadata and page catch
 * the not-found signal instead of letting it end the render.
 */
import { notFound } from 'next/navigation';
import { resolveCatalogRoute } from '@/app/(shop)/[section]/[[...path]]/catalog-params';
import { listingMetadata, ListingRoute } from '@/app/(shop)/[section]/[[...path]]/listing-route';
import { metadataOr404, pageOr404 } from '@/components/error-state/inline-not-found';
import { queryFromKey } from '@/features/catalog/utils/page-cache-key';
import type { Metadata } from 'next';

/** Seconds a cached listing is served before it is re-rendered (stock, prices). */
export const revalidate = 60;

/** No page is built ahead: each is rendered on its first request and cached (on-demand ISR). */
export function generateStaticParams(): { key: string; section: string; path?: string[] }[] {
  return [];
}

type Params = Promise<{ key: string; section: string; path?: string[] }>;

/** The listing route and query of the params; `notFound()` for a bad key or a product path. */
async function split(params: Params) {
  const { key, ...rest } = await params;
  const query = queryFromKey(key);
  if (!query) notFound();
  const route = await resolveCatalogRoute(Promise.resolve(rest));
  if (route.kind !== 'listing') notFound();
  return { query, route };
}

/** Metadata of the listing; "Ошибка" when there is none (spec §2; Next adds noindex). */
export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return metadataOr404(async () => {
    const { query, route } = await split(params);
    return listingMetadata(route, query);
  });
}

/** A listing page, or the 404 page in its place. */
export default async function CachedListingPage({ params }: { params: Params }) {
  return pageOr404(async () => {
    const { query, route } = await split(params);
    // Called, not rendered as <ListingRoute>: its lookups run here, where a not-found is caught.
    return ListingRoute({ route, query });
  });
}
