/** /profile (spec §2, title "Личный кабинет"): the account island of features/account. */
import { Breadcrumbs } from '@/components/breadcrumbs/breadcrumbs';
import { ProfilePage } from '@/features/account/components/profile-page';
import { href, routeTitle } from '@/lib/routes';
import type { Metadata } from 'next';

export const metadata: Metadata = {
  title: routeTitle('profile'),
  robots: { index: false, follow: false },
  alternates: { canonical: href('profile') },
};

/** The profile page. */
export default function ProfileRoute() {
  return (
    <div className="container">
      <Breadcrumbs items={[{ name: routeTitle('profile'), href: href('profile') }]} />
      <h1>{routeTitle('profile')}</h1>
      <ProfilePage />
    </div>
  );
}
