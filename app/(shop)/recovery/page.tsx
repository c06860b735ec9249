/** /recovery (spec §2): the forgot-password form as a page. */
import { Breadcrumbs } from '@/components/breadcrumbs/breadcrumbs';
import { ForgotPasswordForm } from '@/features/auth/components/auth-forms';
import { href, routeTitle } from '@/lib/routes';
import type { Metadata } from 'next';

export const metadata: Metadata = { title: routeTitle('recovery'), robots: { index: false, follow: true } };

/** The password recovery page. */
export default function RecoveryRoute() {
  return (
    <div className="container" style={{ maxWidth: 480 }}>
      <Breadcrumbs items={[{ name: routeTitle('recovery'), href: href('recovery') }]} />
      <h1>{routeTitle('recovery')}</h1>
      <ForgotPasswordForm />
    </div>
  );
}
