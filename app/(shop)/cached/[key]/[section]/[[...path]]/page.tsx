/**
 * Cached catalogue pages (issue #7): proxy.ts rewrites `/{section}/{...path}?{query}` here as
 * `/cached/{key}/{section}/{...path}` with the query in the `key` segment
 * (features/catalog/utils/page-cache-key.ts). The page reads no request data, so Next renders each
 * (key, path) once on its first request, serves it from the cache after that and re-renders it
 * in the background every {@link revalidate} seconds. Rendering is the per-request route's
 * (app/(shop)/[section]/[[...path]]/catalog-route.tsx); a key no request could have produced → 404.
 */
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { catalogMetadata, CatalogRoute, type CatalogParams } from '@/app/(shop)/[section]/[[...path]]/catalog-route';
import { queryFromKey } from '@/features/catalog/utils/page-cache-key';

/** Seconds a cached listing or product page is served before it is re-rendered (stock, prices). */
export const revalidate = 60;

/** No page is built ahead: each is rendered on its first request and cached (on-demand ISR). */
export function generateStaticParams(): { key: string; section: string; path?: string[] }[] {
  return [];
}

type Params = Promise<{ key: string; section: string; path?: string[] }>;

async function split(params: Params) {
  const { key, ...route } = await params;
  const query = queryFromKey(key);
  if (!query) notFound();
  return { query, route: Promise.resolve(route) as CatalogParams };
}

/** Metadata of the listing or product. */
export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { query, route } = await split(params);
  return catalogMetadata(route, query);
}

/** A listing or a product page. */
export default async function CachedCatalogPage({ params }: { params: Params }) {
  const { query, route } = await split(params);
  return <CatalogRoute params={route} query={query} />;
}
