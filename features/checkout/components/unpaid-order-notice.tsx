'use client';

/**
 * The way back to an unpaid order (issue #34 item 9). After a declined card the order holds its
 * goods for RESERVATION_TTL_MINUTES (docs/payments.md, server/services/order-payment.ts
 * `heldUntil`), but the basket was emptied when it was placed, so /basket said «Корзина пуста» and
 * the guest had no way to pay. This notice, on /basket, shows the order with «Оплатить» (its
 * confirm page) while it is held.
 *
 * Access stays as safe as the confirm page's: only this browser knows the order, by its secret
 * link (the order's random guid, kept in `lkData.checkout.lastOrder` when it was placed); the
 * number alone opens nothing. The order's body loads only when such a guid is stored, so the
 * basket's first visit does not pay for it.
 */
import { useEffect } from 'react';
import { lazyIsland } from '@/lib/lazy-island';
import { hydrateCheckoutStore, useCheckoutStore } from '@/stores/checkout-store';

// Client-only (the guid is in this browser's storage): React's lazy, not next/dynamic's runtime.
const UnpaidOrderBody = lazyIsland(() => import('./unpaid-order-body').then((m) => m.UnpaidOrderBody));

/** Renders nothing unless this browser placed an order; then {@link UnpaidOrderBody} asks about it. */
export function UnpaidOrderNotice() {
  const guid = useCheckoutStore((s) => s.lastOrder?.guid ?? null);
  useEffect(() => hydrateCheckoutStore(), []);
  return guid ? <UnpaidOrderBody guid={guid} /> : null;
}
