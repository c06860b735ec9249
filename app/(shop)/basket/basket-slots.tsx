'use client';

/**
 * The basket page's slot for the promo code (issue #5), loaded when the filled basket renders it
 * rather than in an empty basket's first visit (issue #30). React's `lazy` without a Suspense
 * boundary of its own: while it loads, it suspends into BasketPage's boundary, whose fallback is
 * the basket's loading state, so the summary appears whole, as before.
 */
import { lazy, type ComponentProps } from 'react';

const PromoCodeField = lazy(() =>
  import('@/features/checkout/components/promo-code-field').then((m) => ({ default: m.PromoCodeField })),
);

/**
 * features/checkout's PromoCodeField (props: `classes`, checkout.module.css's class names). A
 * function, not the lazy object itself: the server page's client reference resolves to this
 * export, and a lazy type that resolves to another lazy type does not render (React error #306).
 */
export function PromoCodeSlot(props: ComponentProps<typeof PromoCodeField>) {
  return <PromoCodeField {...props} />;
}
