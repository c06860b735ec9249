/** /address (spec §2 static pages): title, h1 and text from GET /v1/about/address. */
import { InfoPageView, infoPageMetadata } from '@/features/content/components/info-page-view';

/** Title and description of the stored page. */
export function generateMetadata() {
  return infoPageMetadata('address');
}

/** The page. */
export default function Page() {
  return <InfoPageView path="address" />;
}
