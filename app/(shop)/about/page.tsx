/** /about (spec §2 static pages): title, h1 and text from GET /v1/about/about. */
import { InfoPageView, infoPageMetadata } from '@/features/content/components/info-page-view';

/** Title and description of the stored page. */
export function generateMetadata() {
  return infoPageMetadata('about');
}

/** The page. */
export default function Page() {
  return <InfoPageView path="about" />;
}
