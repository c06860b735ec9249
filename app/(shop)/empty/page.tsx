/** /empty (spec §2 static pages): title, h1 and text from GET /v1/about/empty. */
import { InfoPageView, infoPageMetadata } from '@/features/content/components/info-page-view';
import type { Metadata } from 'next';

/** Title and description of the stored page; noindex: a service page with nothing to find (issue #14). */
export async function generateMetadata(): Promise<Metadata> {
  return { ...(await infoPageMetadata('empty')), robots: { index: false, follow: true } };
}

/** The page. */
export default function Page() {
  return <InfoPageView path="empty" />;
}
