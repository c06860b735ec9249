/** /sale (spec §2 named link "sale", title "Распродажа"; §7 POST /v1/offers_list/ {type:'sale'}, 64 items). */
import { JsonLd } from '@/components/json-ld';
import { getOffersList } from '@/features/catalog/api/get-offers-list';
import { OffersListPage } from '@/features/catalog/components/offers-list-page';
import { FavoriteToggle } from '@/features/favorites/components/favorite-toggle';
import { pageHeading, pageMetadata } from '@/features/seo/utils/page-metadata';
import { itemListJsonLd } from '@/features/seo/utils/structured-data';
import { href, routeTitle } from '@/lib/routes';
import { absoluteUrl } from '@/lib/site-url';
import type { Metadata } from 'next';

/** SEO record of /sale or "Распродажа — Lumière". */
export async function generateMetadata(): Promise<Metadata> {
  // Issue #14 item 7: og:image is the list's first product photo (the same cached call as the page's).
  const first = await getOffersList('sale').then(
    (list) => list[0],
    () => undefined,
  );
  return pageMetadata({
    image: first?.images[0]?.image,
    imageAlt: first ? `${first.name} ${first.brand.name}` : undefined,
    path: href('sale'),
    title: routeTitle('sale'),
    description: 'Распродажа купальников, одежды, обуви и аксессуаров со скидками до 70%.',
  });
}

/** The sale list. */
export default async function SalePage() {
  const [offers, heading] = await Promise.all([getOffersList('sale'), pageHeading(href('sale'), routeTitle('sale'))]);
  return (
    <>
      <OffersListPage type="sale" offers={offers} heading={heading} cardAction={FavoriteToggle} />
      <JsonLd data={itemListJsonLd(heading, offers, 0, absoluteUrl)} />
    </>
  );
}
