/** /reset/{token} (spec §2): the link of the reset mail; sets a new password (spec §4, §5). */
import type { Metadata } from 'next';
import { PasswordChangeForm } from '@/features/auth/components/auth-forms';
import { routeTitle } from '@/lib/routes';

export const metadata: Metadata = { title: routeTitle('reset-token'), robots: { index: false, follow: false }, referrer: 'no-referrer' };

/** The new-password page. */
export default async function ResetRoute({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return (
    <div className="container" style={{ maxWidth: 480 }}>
      <h1>{routeTitle('reset-token')}</h1>
      <PasswordChangeForm token={decodeURIComponent(token)} />
    </div>
  );
}
