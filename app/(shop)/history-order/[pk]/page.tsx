/** /history-order/{pk} (spec §2 parametrised page): one order of the user; pk digits only. */
import { notFound } from 'next/navigation';
import { Breadcrumbs } from '@/components/breadcrumbs/breadcrumbs';
import { OrderDetailPage } from '@/features/account/components/order-history';
import { href, routeTitle } from '@/lib/routes';
import type { Metadata } from 'next';

export const metadata: Metadata = { title: routeTitle('history_order-pk'), robots: { index: false, follow: false } };

/** The order page. */
export default async function HistoryOrderDetailRoute({ params }: { params: Promise<{ pk: string }> }) {
  const { pk } = await params;
  if (!/^\d{1,9}$/.test(pk)) notFound();
  return (
    <div className="container">
      <Breadcrumbs
        items={[
          { name: routeTitle('profile'), href: href('profile') },
          { name: routeTitle('history_order'), href: href('history_order') },
          { name: routeTitle('history_order-pk'), href: href('history_order-pk', { pk }) },
        ]}
      />
      <OrderDetailPage pk={Number(pk)} />
    </div>
  );
}
