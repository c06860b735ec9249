/** /subscribe/confirm/{token} (issue #12 double opt-in): the link of the confirmation mail; a button confirms the subscription. */
import { NewsletterLinkAction } from '@/features/content/components/newsletter-link-action';
import { routeTitle } from '@/lib/routes';
import type { Metadata } from 'next';

export const metadata: Metadata = {
  title: routeTitle('subscribe-confirm-token'),
  robots: { index: false, follow: false },
  referrer: 'no-referrer',
};

/** The confirmation page. */
export default async function SubscribeConfirmRoute({ params }: { params: Promise<{ token: string }> }) {
  // Not decoded: mailed tokens are base64url, and a malformed %-escape must not throw (the API answers 400).
  const { token } = await params;
  return (
    <div className="container" style={{ maxWidth: 480 }}>
      <h1>{routeTitle('subscribe-confirm-token')}</h1>
      <NewsletterLinkAction kind="confirm" token={token} />
    </div>
  );
}
