/** /payment-sbp (issue #29): the built-in sandbox's simulated СБП bank app (the sandbox provider's СБП link). */
import { Breadcrumbs } from '@/components/breadcrumbs/breadcrumbs';
import { SandboxSbpPage } from '@/features/checkout/components/sandbox-pages';
import { href, routeTitle } from '@/lib/routes';
import type { Metadata } from 'next';

const TITLE = 'Оплата через СБП';

export const metadata: Metadata = { title: TITLE, robots: { index: false, follow: false } };

/** The simulated bank app for the payment `?orderId=`. */
export default async function SbpPaymentRoute({
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
          { name: TITLE, href: '/payment-sbp' },
        ]}
      />
      <h1>{TITLE}</h1>
      <SandboxSbpPage orderId={id} />
    </div>
  );
}
