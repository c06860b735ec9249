/**
 * Helpers shared by the catalogue's listing and product rendering (./listing-route.tsx,
 * ./product-route.tsx): the route params and their parsing, and the API's 404 as `notFound()`.
 * No client component is imported here, so a route importing only one of the two renderers gets
 * only that renderer's islands in its chunk (issue #30).
 */
import { notFound } from 'next/navigation';
import { isNotFound } from '@/lib/api/fetcher';
import { decodeSegments, parseCatalogPath, type CatalogRoute } from '@/lib/catalog-path';

/** Route params of a catalogue page (`/{section}/{...path}`). */
export type CatalogParams = Promise<{ section: string; path?: string[] }>;

/** Calls `fn`, turning an API 404 into `notFound()`. */
export async function or404<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (isNotFound(error)) notFound();
    throw error;
  }
}

/** The listing or product route of `params` (lib/catalog-path.ts); a malformed path throws `notFound()`. */
export async function resolveCatalogRoute(params: CatalogParams): Promise<CatalogRoute> {
  const { section, path } = await params;
  const route = parseCatalogPath(section, decodeSegments(path ?? []));
  if (!route) notFound();
  return route;
}
