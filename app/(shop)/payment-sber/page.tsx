/** /payment-sber (spec §2, issue #5): the built-in sandbox acquiring page (used when Sber credentials are not set). */
import { SandboxFrame, sandboxOrderId } from '@/features/checkout/components/sandbox-frame';
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
  return (
    <SandboxFrame title={routeTitle('payment_sber')} path={href('payment_sber')}>
      <SandboxPaymentPage orderId={await sandboxOrderId(searchParams)} />
    </SandboxFrame>
  );
}
