'use client';

/**
 * The basket page's slot for the promo code (issue #5), loaded when the filled basket renders it
 * rather than in an empty basket's first visit (issue #30). React's `lazy` without a Suspense
 * boundary of its own: while it loads, it suspends into BasketPage's boundary, whose fallback is
 * the basket's loading state, so the summary appears whole, as before.
 */
import { lazy } from 'react';

/** features/checkout's PromoCodeField (props: `classes`, checkout.module.css's class names). */
export const PromoCodeSlot = lazy(() =>
  import('@/features/checkout/components/promo-code-field').then((m) => ({ default: m.PromoCodeField })),
);
