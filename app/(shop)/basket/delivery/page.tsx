/**
 * /basket/delivery (spec §2, issue #5): the checkout form island under a server-rendered heading;
 * the Yandex Maps key of CDEK's pickup-point widget, when configured, is handed to it (issue #14 item 13).
 */
import { Breadcrumbs } from '@/components/breadcrumbs/breadcrumbs';
import { DeliveryPage } from '@/features/checkout/components/delivery-page';
import { env } from '@/lib/env';
import { href, routeTitle } from '@/lib/routes';
import type { Metadata } from 'next';

export const metadata: Metadata = { title: routeTitle('basket-delivery'), robots: { index: false, follow: false } };

/** The checkout page. */
export default function DeliveryRoute() {
  return (
    <div className="container">
      <Breadcrumbs
        items={[
          { name: routeTitle('basket'), href: href('basket') },
          { name: routeTitle('basket-delivery'), href: href('basket-delivery') },
        ]}
      />
      <h1>{routeTitle('basket-delivery')}</h1>
      <DeliveryPage cdekMapsKey={env.CDEK_WIDGET_MAPS_KEY ?? null} />
    </div>
  );
}
