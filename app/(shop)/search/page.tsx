/**
 * /search rendered per request: the requests proxy.ts does not send to the cached route
 * app/(shop)/cached/[key]/search (a query that cannot be keyed, see
 * features/catalog/utils/page-cache-key.ts). Rendering lives in ./search-route.tsx.
 */
import { searchMetadata, SearchRoute } from './search-route';
import type { Metadata } from 'next';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** "«купальник» — поиск", noindex, or "Поиск" (./search-route.tsx). */
export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  return searchMetadata(await searchParams);
}

/** The search page. */
export default async function SearchPage({ searchParams }: { searchParams: SearchParams }) {
  return <SearchRoute query={await searchParams} />;
}
