/**
 * The news and blog list pages, /news and /blog (spec §2; §7 GET /v1/{content}?offset=), shared by
 * their per-request routes (app/(shop)/news, app/(shop)/blog) and the cached ones
 * (app/(shop)/cached/[key]/news|blog) that proxy.ts sends GET requests to. Cached, they are public
 * pages like the catalogue's (issue #34 item 10: reading `searchParams` made them `private,
 * no-store`, without ETag or brotli): the offset of the no-JS "Показать ещё" link lives in the
 * cache key instead (features/catalog/utils/page-cache-key.ts `articleListKey`).
 */
import { Breadcrumbs } from '@/components/breadcrumbs/breadcrumbs';
import type { ArticleKind } from '@/lib/api/contract/publications';
import { seoTitle } from '@/lib/format/seo-text';
import { href, routeTitle } from '@/lib/routes';
import { getInfoPage } from '../api/get-info-page';
import { ArticleList } from './article-list';
import type { Metadata } from 'next';

/** Largest offset a list page is rendered for (larger ones show the first articles). */
const MAX_OFFSET = 100_000;

/** The list's first article from `?offset=` (a whole number 1…99 999), else 0. */
export function articleListOffset(value: string | string[] | undefined): number {
  const n = Number(Array.isArray(value) ? value[0] : value);
  return Number.isInteger(n) && n > 0 && n < MAX_OFFSET ? n : 0;
}

/**
 * Title and description from the stored page "news"/"blog" when there is one, else the route
 * table's title; the list is its own canonical, and its later parts (`offset` > 0) are
 * `noindex, follow`.
 */
export async function articleListMetadata(kind: ArticleKind, offset: number): Promise<Metadata> {
  const page = await getInfoPage(kind);
  return {
    title: { absolute: seoTitle(page?.title ?? routeTitle(kind)) },
    description: page?.description,
    alternates: { canonical: href(kind) },
    robots: offset > 0 ? { index: false, follow: true } : undefined,
  };
}

/** The list page of `kind` from article `offset` on (≥ 0). */
export async function ArticleListPage({ kind, offset }: { kind: ArticleKind; offset: number }) {
  const page = await getInfoPage(kind);
  return (
    <div className="container">
      <Breadcrumbs items={[{ name: routeTitle(kind), href: href(kind) }]} />
      <h1 className="page-title">{page?.h1 ?? routeTitle(kind)}</h1>
      <ArticleList kind={kind} offset={offset} />
    </div>
  );
}
