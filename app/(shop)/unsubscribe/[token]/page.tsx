/** /unsubscribe/{token} (issue #12): the unsubscribe link of every newsletter mail; a button unsubscribes. */
import { NewsletterLinkAction } from '@/features/content/components/newsletter-link-action';
import { routeTitle } from '@/lib/routes';
import type { Metadata } from 'next';

export const metadata: Metadata = {
  title: routeTitle('unsubscribe-token'),
  robots: { index: false, follow: false },
  referrer: 'no-referrer',
};

/** The unsubscribe page. */
export default async function UnsubscribeRoute({ params }: { params: Promise<{ token: string }> }) {
  // Not decoded: mailed tokens are base64url, and a malformed %-escape must not throw (the API answers 400).
  const { token } = await params;
  return (
    <div className="container" style={{ maxWidth: 480 }}>
      <h1>{routeTitle('unsubscribe-token')}</h1>
      <NewsletterLinkAction kind="unsubscribe" token={token} />
    </div>
  );
}
