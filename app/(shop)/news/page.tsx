/** /news (spec §2): the list of GET /v1/news with "Показать ещё" (GET /v1/{content}?offset=). */
import { Breadcrumbs } from '@/components/breadcrumbs/breadcrumbs';
import { getInfoPage } from '@/features/content/api/get-info-page';
import { ArticleList } from '@/features/content/components/article-list';
import { href, routeTitle } from '@/lib/routes';
import type { Metadata } from 'next';

type Props = { searchParams: Promise<{ offset?: string }> };

function offsetOf(value: string | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 && n < 100_000 ? n : 0;
}

/** Title from the stored page "news" when there is one, else the route table's. */
export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const page = await getInfoPage('news');
  const offset = offsetOf((await searchParams).offset);
  return {
    title: page?.title ?? routeTitle('news'),
    description: page?.description,
    alternates: { canonical: href('news') },
    robots: offset > 0 ? { index: false, follow: true } : undefined,
  };
}

/** The list page. */
export default async function Page({ searchParams }: Props) {
  const page = await getInfoPage('news');
  const offset = offsetOf((await searchParams).offset);
  return (
    <div className="container">
      <Breadcrumbs items={[{ name: routeTitle('news'), href: href('news') }]} />
      <h1 className="page-title">{page?.h1 ?? routeTitle('news')}</h1>
      <ArticleList kind="news" offset={offset} />
    </div>
  );
}
