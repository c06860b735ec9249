/**
 * /news (spec §2): the list of GET /v1/news with "Показать ещё" (GET /v1/{content}?offset=), rendered
 * per request only for what proxy.ts does not send to the cached route
 * app/(shop)/cached/[key]/news (features/content/components/article-list-page.tsx).
 */
import {
  articleListMetadata,
  ArticleListPage,
  articleListOffset,
} from '@/features/content/components/article-list-page';
import type { Metadata } from 'next';

type Props = { searchParams: Promise<{ offset?: string }> };

/** Title and description (article-list-page.tsx). */
export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  return articleListMetadata('news', articleListOffset((await searchParams).offset));
}

/** The list page. */
export default async function Page({ searchParams }: Props) {
  return <ArticleListPage kind="news" offset={articleListOffset((await searchParams).offset)} />;
}
