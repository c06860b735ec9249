/** /news/{slug} (spec §2 parametrised pages): one article of GET /v1/news/{slug}; 404 when unknown. */
import { JsonLd } from '@/components/json-ld';
import { getArticle } from '@/features/content/api/get-article';
import { ArticlePage, articleMetadata } from '@/features/content/components/article-page';
import { articleJsonLd } from '@/features/seo/utils/structured-data';
import { href } from '@/lib/routes';
import { absoluteUrl } from '@/lib/site-url';
import type { Metadata } from 'next';

type Props = { params: Promise<{ slug: string }> };

/** Title, description and cover of the article. */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return articleMetadata('news', (await params).slug);
}

/** The article page. */
export default async function Page({ params }: Props) {
  const { slug } = await params;
  const article = await getArticle('news', slug);
  return (
    <>
      <ArticlePage kind="news" slug={slug} />
      {article ? <JsonLd data={articleJsonLd(article, href('news-slug', { slug }), absoluteUrl)} /> : null}
    </>
  );
}
