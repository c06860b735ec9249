/** /blog/{slug} (spec §2 parametrised pages): one article of GET /v1/blog/{slug}; 404 when unknown. */
import type { Metadata } from 'next';
import { ArticlePage, articleMetadata } from '@/features/content/components/article-page';

type Props = { params: Promise<{ slug: string }> };

/** Title, description and cover of the article. */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return articleMetadata('blog', (await params).slug);
}

/** The article page. */
export default async function Page({ params }: Props) {
  return <ArticlePage kind="blog" slug={(await params).slug} />;
}
