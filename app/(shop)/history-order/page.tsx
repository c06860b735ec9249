/** /history-order (spec §2, title "История заказов"). */
import { Breadcrumbs } from '@/components/breadcrumbs/breadcrumbs';
import { OrderHistoryPage } from '@/features/account/components/order-history';
import { href, routeTitle } from '@/lib/routes';
import type { Metadata } from 'next';

export const metadata: Metadata = { title: routeTitle('history_order'), robots: { index: false, follow: false } };

/** The order history page. */
export default function HistoryOrderRoute() {
  return (
    <div className="container">
      <Breadcrumbs
        items={[
          { name: routeTitle('profile'), href: href('profile') },
          { name: routeTitle('history_order'), href: href('history_order') },
        ]}
      />
      <h1>{routeTitle('history_order')}</h1>
      <OrderHistoryPage />
    </div>
  );
}
