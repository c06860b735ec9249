/** /payment-sber (spec §2, issue #5): the built-in sandbox acquiring page (used when Sber credentials are not set). */
import { Breadcrumbs } from '@/components/breadcrumbs/breadcrumbs';
import { SandboxPaymentPage } from '@/features/checkout/components/sandbox-pages';
import { href, routeTitle } from '@/lib/routes';
import type { Metadata } from 'next';

export const metadata: Metadata = { title: routeTitle('payment_sber'), robots: { index: false, follow: false } };

/** The card form of the payment `?orderId=`. */
export default async function PaymentRoute({
  searchParams,
}: {
  searchParams: Promise<{ orderId?: string | string[] }>;
}) {
  const { orderId } = await searchParams;
  const id = typeof orderId === 'string' && /^[0-9a-f-]{36}$/i.test(orderId) ? orderId : null;
  return (
    <div className="container">
      <Breadcrumbs
        items={[
          { name: routeTitle('basket'), href: href('basket') },
          { name: routeTitle('payment_sber'), href: href('payment_sber') },
        ]}
      />
      <h1>{routeTitle('payment_sber')}</h1>
      <SandboxPaymentPage orderId={id} />
    </div>
  );
}
