/**
 * Catalogue pages rendered per request (spec §2 "Catalogue sections" and "Product detail"): the
 * requests proxy.ts does not send to the cached route app/(shop)/cached/[key]/[section]/[[...path]]
 * (a query that cannot be keyed, see features/catalog/utils/page-cache-key.ts). Rendering lives
 * in ./catalog-route.tsx.
 */
import { catalogMetadata, CatalogRoute, type CatalogParams } from './catalog-route';
import type { Metadata } from 'next';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Metadata of the listing or product (./catalog-route.tsx). */
export async function generateMetadata({
  params,
  searchParams,
}: {
  params: CatalogParams;
  searchParams: SearchParams;
}): Promise<Metadata> {
  return catalogMetadata(params, await searchParams);
}

/** A listing or a product page. */
export default async function CatalogPage({
  params,
  searchParams,
}: {
  params: CatalogParams;
  searchParams: SearchParams;
}) {
  return <CatalogRoute params={params} query={await searchParams} />;
}
