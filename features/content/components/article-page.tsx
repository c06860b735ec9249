/**
 * One news item or blog article page (spec §2 parametrised pages /news/{slug}, /blog/{slug}): the
 * page body and its metadata from GET /v1/{news|blog}/{slug}; an unknown slug is the 404 page.
 */
import { notFound } from 'next/navigation';
import { Breadcrumbs } from '@/components/breadcrumbs/breadcrumbs';
import type { ArticleKind } from '@/lib/api/contract/publications';
import { SITE_NAME } from '@/lib/constants';
import { seoDescription, seoTitle } from '@/lib/format/seo-text';
import { href, routeTitle } from '@/lib/routes';
import { getArticle } from '../api/get-article';
import { ArticleView } from './article-view';
import type { Metadata } from 'next';

/** Route names and back-link labels of the two publication kinds. */
const KINDS: Record<ArticleKind, { list: 'news' | 'blog'; item: 'news-slug' | 'blog-slug'; back: string }> = {
  news: { list: 'news', item: 'news-slug', back: 'Все новости' },
  blog: { list: 'blog', item: 'blog-slug', back: 'Все статьи' },
};

/** Title, description, canonical URL and OpenGraph article card of a publication. */
export async function articleMetadata(kind: ArticleKind, slug: string): Promise<Metadata> {
  const article = await getArticle(kind, slug);
  if (!article) return { title: 'Ошибка' };
  const path = href(KINDS[kind].item, { slug });
  // Whole titles ≤ 70 and descriptions ≤ 160 characters, the shop named once (issue #14).
  return {
    title: { absolute: seoTitle(article.title) },
    description: seoDescription(article.excerpt),
    alternates: { canonical: path },
    // Issue #14 item 7: site, locale and the cover's alt text (the layout's openGraph is replaced).
    openGraph: {
      type: 'article',
      siteName: SITE_NAME,
      locale: 'ru_RU',
      title: article.title,
      description: article.excerpt,
      url: path,
      images: [{ url: article.cover, alt: article.cover_alt || article.title }],
      publishedTime: article.published_at,
    },
  };
}

/** The publication page: breadcrumbs and the article; `notFound()` for an unknown slug. */
export async function ArticlePage({ kind, slug }: { kind: ArticleKind; slug: string }) {
  const article = await getArticle(kind, slug);
  if (!article) notFound();
  const { list, item, back } = KINDS[kind];
  return (
    <div className="container">
      <Breadcrumbs
        items={[
          { name: routeTitle(list), href: href(list) },
          { name: article.title, href: href(item, { slug }) },
        ]}
      />
      <ArticleView article={article} backHref={href(list)} backLabel={back} />
    </div>
  );
}
