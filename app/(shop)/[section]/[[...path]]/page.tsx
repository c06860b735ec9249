/**
 * Catalogue pages rendered per request (spec §2 "Catalogue sections" and "Product detail"): the
 * requests proxy.ts does not send to the cached routes (app/(shop)/cached/[key]/[section]/[[...path]]
 * for listings, app/(shop)/cached/[key]/product/[section]/[...path] for products): a listing query
 * that cannot be keyed (features/catalog/utils/page-cache-key.ts), a request other than GET/HEAD.
 * Rendering lives in ./catalog-route.tsx, which imports both page kinds.
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
