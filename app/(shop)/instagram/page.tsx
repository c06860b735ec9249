/** /instagram (spec §2 static pages): the stored page text and the feed of GET /v1/instagramm_posts. */
import { InfoPageView, infoPageMetadata } from '@/features/content/components/info-page-view';
import { InstagramGrid } from '@/features/content/components/instagram-grid';

/** Title and description of the stored page. */
export function generateMetadata() {
  return infoPageMetadata('instagram');
}

/** The page. */
export default function Page() {
  return (
    <InfoPageView path="instagram">
      <InstagramGrid />
    </InfoPageView>
  );
}
