/** /payment-sbp (issue #29): the built-in sandbox's simulated СБП bank app (the sandbox provider's СБП link). */
import { SandboxFrame, sandboxOrderId } from '@/features/checkout/components/sandbox-frame';
import { SandboxSbpPage } from '@/features/checkout/components/sandbox-pages';
import type { Metadata } from 'next';

const TITLE = 'Оплата через СБП';

export const metadata: Metadata = { title: TITLE, robots: { index: false, follow: false } };

/** The simulated bank app for the payment `?orderId=`. */
export default async function SbpPaymentRoute({
  searchParams,
}: {
  searchParams: Promise<{ orderId?: string | string[] }>;
}) {
  return (
    <SandboxFrame title={TITLE} path="/payment-sbp">
      <SandboxSbpPage orderId={await sandboxOrderId(searchParams)} />
    </SandboxFrame>
  );
}
