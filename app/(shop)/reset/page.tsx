/**
 * /reset (spec §2 static pages; issue #14 item 10). The link of a reset mail is /reset/{token};
 * /reset without a token (a cut link, an old bookmark) explains that and asks for a new link with
 * the forgot-password form (spec §5 "Forgot password", §8 reset messages).
 */
import { Breadcrumbs } from '@/components/breadcrumbs/breadcrumbs';
import { ForgotPasswordForm } from '@/features/auth/components/auth-forms';
import { href, routeTitle } from '@/lib/routes';
import type { Metadata } from 'next';

export const metadata: Metadata = { title: routeTitle('reset'), robots: { index: false, follow: true } };

/** The page that asks for a new reset link. */
export default function ResetWithoutTokenRoute() {
  return (
    <div className="container" style={{ maxWidth: 480 }}>
      <Breadcrumbs items={[{ name: routeTitle('reset'), href: href('reset') }]} />
      <h1>{routeTitle('reset')}</h1>
      <p>
        Ссылка для смены пароля приходит на почту и действует ограниченное время. Если она не открылась или устарела,
        запросите новую.
      </p>
      <ForgotPasswordForm />
    </div>
  );
}
