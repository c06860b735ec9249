/** /new (spec §2 named link "new", title "Новинки"; §7 POST /v1/offers_list/ {type:'new'}, 64 items). */
import { JsonLd } from '@/components/json-ld';
import { getOffersList } from '@/features/catalog/api/get-offers-list';
import { OffersListPage } from '@/features/catalog/components/offers-list-page';
import { FavoriteToggle } from '@/features/favorites/components/favorite-toggle';
import { pageHeading, pageMetadata } from '@/features/seo/utils/page-metadata';
import { itemListJsonLd } from '@/features/seo/utils/structured-data';
import { shownBrand } from '@/lib/format/brand';
import { href, routeTitle } from '@/lib/routes';
import { absoluteUrl } from '@/lib/site-url';
import type { Metadata } from 'next';

/** SEO record of /new or "Новинки — Lumière". */
export async function generateMetadata(): Promise<Metadata> {
  // Issue #14 item 7: og:image is the list's first product photo (the same cached call as the page's).
  const first = await getOffersList('new').then(
    (list) => list[0],
    () => undefined,
  );
  return pageMetadata({
    image: first?.images[0]?.image,
    imageAlt: first ? `${first.name} ${shownBrand(first.brand)}`.trim() : undefined,
    path: href('new'),
    title: routeTitle('new'),
    description: 'Новинки сезона: купальники, одежда, обувь и аксессуары.',
  });
}

/** The new arrivals list. */
export default async function NewPage() {
  const [offers, heading] = await Promise.all([getOffersList('new'), pageHeading(href('new'), routeTitle('new'))]);
  return (
    <>
      <OffersListPage type="new" offers={offers} heading={heading} cardAction={FavoriteToggle} />
      <JsonLd data={itemListJsonLd(heading, offers, 0, absoluteUrl)} />
    </>
  );
}
