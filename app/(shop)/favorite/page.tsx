/** /favorite (spec §2, title "Избранное"): the saved products of features/favorites. */
import { Breadcrumbs } from '@/components/breadcrumbs/breadcrumbs';
import { FavoritesPage } from '@/features/favorites/components/favorites-page';
import { href, routeTitle } from '@/lib/routes';
import type { Metadata } from 'next';

export const metadata: Metadata = {
  title: routeTitle('favorite'),
  robots: { index: false, follow: true },
  alternates: { canonical: href('favorite') },
};

/** The favourites page. */
export default function FavoriteRoute() {
  return (
    <div className="container">
      <Breadcrumbs items={[{ name: routeTitle('favorite'), href: href('favorite') }]} />
      <h1>{routeTitle('favorite')}</h1>
      <FavoritesPage />
    </div>
  );
}
