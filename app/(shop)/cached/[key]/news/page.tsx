/**
 * The cached /news list (issue #34 item 10: a public page, cached like the catalogue's): proxy.ts
 * rewrites `/news?offset=N` here as `/cached/{key}/news` with the offset in the key
 * (features/catalog/utils/page-cache-key.ts `articleListKey`). Rendered on the first request of a
 * key, served from the cache after that and re-rendered in the background every
 * {@link revalidate} seconds; a new article also expires it through its cache tags.
 */
import { notFound } from 'next/navigation';
import { queryFromKey } from '@/features/catalog/utils/page-cache-key';
import {
  articleListMetadata,
  ArticleListPage,
  articleListOffset,
} from '@/features/content/components/article-list-page';
import type { Metadata } from 'next';

/** Seconds a cached page is served before it is re-rendered. */
export const revalidate = 60;

/** Nothing is built ahead (on-demand ISR). */
export function generateStaticParams(): { key: string }[] {
  return [];
}

type Params = Promise<{ key: string }>;

async function offsetOf(params: Params): Promise<number> {
  const query = queryFromKey((await params).key);
  if (!query) notFound();
  return articleListOffset(query.offset);
}

/** Title and description (article-list-page.tsx). */
export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return articleListMetadata('news', await offsetOf(params));
}

/** The list page. */
export default async function CachedListPage({ params }: { params: Params }) {
  return <ArticleListPage kind="news" offset={await offsetOf(params)} />;
}
