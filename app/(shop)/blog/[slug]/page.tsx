/** /blog/{slug} (spec §2 parametrised pages): one article of GET /v1/blog/{slug}; 404 when unknown. */
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Breadcrumbs } from '@/components/breadcrumbs/breadcrumbs';
import { getArticle } from '@/features/content/api/get-article';
import { ArticleView } from '@/features/content/components/article-view';
import { href, routeTitle } from '@/lib/routes';

type Props = { params: Promise<{ slug: string }> };

/** Title, description and cover of the article. */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  const article = await getArticle('blog', slug);
  if (!article) return { title: 'Ошибка' };
  const path = href('blog-slug', { slug });
  return {
    title: article.title,
    description: article.excerpt,
    alternates: { canonical: path },
    openGraph: { type: 'article', title: article.title, description: article.excerpt, url: path, images: [{ url: article.cover }], publishedTime: article.published_at },
  };
}

/** The article page. */
export default async function Page({ params }: Props) {
  const { slug } = await params;
  const article = await getArticle('blog', slug);
  if (!article) notFound();
  return (
    <div className="container">
      <Breadcrumbs
        items={[
          { name: routeTitle('blog'), href: href('blog') },
          { name: article.title, href: href('blog-slug', { slug }) },
        ]}
      />
      <ArticleView article={article} backHref={href('blog')} backLabel="Все статьи" />
    </div>
  );
}
