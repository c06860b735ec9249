/**
 * /blog/{slug} (spec §2 parametrised pages): one article of GET /v1/blog/{slug}; 404 when unknown,
 * with the error page in the HTML (issue #14 item 6): the route is on-demand ISR, so the not-found
 * signal of components/error-state/inline-not-found.tsx sets the status.
 */
import { InlineNotFound } from '@/components/error-state/inline-not-found';
import { JsonLd } from '@/components/json-ld';
import { getArticle } from '@/features/content/api/get-article';
import { ArticlePage, articleMetadata } from '@/features/content/components/article-page';
import { articleJsonLd } from '@/features/seo/utils/structured-data';
import { href } from '@/lib/routes';
import { absoluteUrl } from '@/lib/site-url';
import type { Metadata } from 'next';

type Props = { params: Promise<{ slug: string }> };

/** Seconds an article is served from the cache before it is re-rendered (edits also expire it by tag). */
export const revalidate = 60;

/** No article is built ahead: each is rendered on its first request and cached (on-demand ISR). */
export function generateStaticParams(): { slug: string }[] {
  return [];
}

/** Title, description and cover of the article. */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return articleMetadata('blog', (await params).slug);
}

/** The article page. */
export default async function Page({ params }: Props) {
  const { slug } = await params;
  const article = await getArticle('blog', slug);
  if (!article) return <InlineNotFound />;
  return (
    <>
      <ArticlePage kind="blog" slug={slug} />
      <JsonLd data={articleJsonLd(article, href('blog-slug', { slug }), absoluteUrl)} />
    </>
  );
}
