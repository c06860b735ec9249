/**
 * The cached /news and /blog lists (issue #34 item 10: public pages, cached like the
 * catalogue's): proxy.ts rewrites `/{news|blog}?offset=N` to `/cached/{key}/{news|blog}` with the
 * offset in the key (features/catalog/utils/page-cache-key.ts `articleListKey`). Rendered on the
 * first request of a key, served from the cache after that and re-rendered in the background
 * (the routes' `revalidate`); a new article also expires it through its cache tags.
 */
import { notFound } from 'next/navigation';
import { queryFromKey } from '@/features/catalog/utils/page-cache-key';
import {
  articleListMetadata,
  ArticleListPage,
  articleListOffset,
} from '@/features/content/components/article-list-page';
import type { Metadata } from 'next';

/** Route params of a cached article list. */
export type CachedListParams = Promise<{ key: string }>;

async function offsetOf(params: CachedListParams): Promise<number> {
  const query = queryFromKey((await params).key);
  if (!query) notFound();
  return articleListOffset(query.offset);
}

/** `generateMetadata` and the page component of the cached list of `kind` (news or blog). */
export function cachedArticleListRoute(kind: 'news' | 'blog') {
  return {
    /** Title and description (article-list-page.tsx). */
    generateMetadata: async ({ params }: { params: CachedListParams }): Promise<Metadata> =>
      articleListMetadata(kind, await offsetOf(params)),
    /** The list page; a key that is not a list query answers 404. */
    Page: async ({ params }: { params: CachedListParams }) => (
      <ArticleListPage kind={kind} offset={await offsetOf(params)} />
    ),
  };
}
