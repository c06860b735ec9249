/** /basket/success (spec §2, issue #5): "Заказ оформлен" with the order-accepted popup. */
import { Breadcrumbs } from '@/components/breadcrumbs/breadcrumbs';
import { SuccessPage } from '@/features/checkout/components/payment-pages';
import { href, routeTitle } from '@/lib/routes';
import type { Metadata } from 'next';

export const metadata: Metadata = { title: routeTitle('basket-success'), robots: { index: false, follow: false } };

/** The success page. */
export default function SuccessRoute() {
  return (
    <div className="container">
      <Breadcrumbs
        items={[
          { name: routeTitle('basket'), href: href('basket') },
          { name: routeTitle('basket-success'), href: href('basket-success') },
        ]}
      />
      <h1>{routeTitle('basket-success')}</h1>
      <SuccessPage />
    </div>
  );
}
