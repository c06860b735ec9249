/**
 * Cached search pages (issue #7 "search ≥ 250 requests/s"): proxy.ts rewrites
 * `/search?searchParam=…&…` here as `/cached/{key}/search` (features/catalog/utils/page-cache-key.ts).
 * Rendered on the first request of each key, served from the cache after that and re-rendered in
 * the background every {@link revalidate} seconds. Rendering: app/(shop)/search/search-route.tsx.
 */
import { notFound } from 'next/navigation';
import { searchMetadata, SearchRoute } from '@/app/(shop)/search/search-route';
import { queryFromKey } from '@/features/catalog/utils/page-cache-key';
import type { Metadata } from 'next';

/** Seconds a cached search page is served before it is re-rendered. */
export const revalidate = 60;

/** Nothing is built ahead (on-demand ISR). */
export function generateStaticParams(): { key: string }[] {
  return [];
}

type Params = Promise<{ key: string }>;

async function queryOf(params: Params) {
  const query = queryFromKey((await params).key);
  if (!query) notFound();
  return query;
}

/** "«купальник» — поиск", noindex, or "Поиск" (search-route.tsx). */
export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return searchMetadata(await queryOf(params));
}

/** The search page. */
export default async function CachedSearchPage({ params }: { params: Params }) {
  return <SearchRoute query={await queryOf(params)} />;
}
