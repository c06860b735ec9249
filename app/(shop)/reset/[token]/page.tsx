/** /reset/{token} (spec §2): the link of the reset mail; sets a new password (spec §4, §5). */
import { Breadcrumbs } from '@/components/breadcrumbs/breadcrumbs';
import { PasswordChangeForm } from '@/features/auth/components/auth-forms';
import { href, routeTitle } from '@/lib/routes';
import type { Metadata } from 'next';

export const metadata: Metadata = {
  title: routeTitle('reset-token'),
  robots: { index: false, follow: false },
  referrer: 'no-referrer',
};

/** The new-password page. */
export default async function ResetRoute({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return (
    <div className="container" style={{ maxWidth: 480 }}>
      {/* The token stays out of the crumbs (and their JSON-LD): it is a secret of the mail. */}
      <Breadcrumbs items={[{ name: routeTitle('reset-token'), href: href('reset') }]} />
      <h1>{routeTitle('reset-token')}</h1>
      <PasswordChangeForm token={decodeURIComponent(token)} />
    </div>
  );
}
