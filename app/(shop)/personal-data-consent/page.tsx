/**
 * /personal-data-consent (issue #29, 152-ФЗ art. 9): the separate consent document every form that
 * takes personal data links to; title, h1 and text from GET /v1/about/personal-data-consent.
 */
import { InfoPageView, infoPageMetadata } from '@/features/content/components/info-page-view';
import { CONSENT_PAGE_PATH } from '@/lib/messages/consent';

/** Title and description of the stored page. */
export function generateMetadata() {
  return infoPageMetadata(CONSENT_PAGE_PATH);
}

/** The page. */
export default function Page() {
  return <InfoPageView path={CONSENT_PAGE_PATH} />;
}
