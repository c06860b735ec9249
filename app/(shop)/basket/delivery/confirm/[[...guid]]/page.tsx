/** /basket/delivery/confirm/{guid?} (spec §2, issue #5): return URL of the acquiring; the island asks the API. */
import { ConfirmPage } from '@/features/checkout/components/payment-pages';
import type { Metadata } from 'next';

export const metadata: Metadata = { title: 'Оплата заказа', robots: { index: false, follow: false } };

/** The confirm page; a missing or malformed guid shows the "order not found" state. */
export default async function ConfirmRoute({ params }: { params: Promise<{ guid?: string[] }> }) {
  const { guid } = await params;
  const value = guid?.length === 1 && /^[0-9a-f-]{36}$/i.test(guid[0]!) ? guid[0]! : null;
  return (
    <div className="container">
      <h1>Оплата заказа</h1>
      <ConfirmPage guid={value} />
    </div>
  );
}
