'use client';

/**
 * The checkout parts of /basket (issue #5; spec §2 checkout popups, §4 Popups, §6 Roles): the gift certificate in the basket (spec §3
 * giftCardExtId, `POST /v1/gift/card/data/`), the "Оформить заказ" button that gives a guest the
 * checkout choice popup, and that popup (log in, register, or continue anonymously with fio,
 * e-mail and phone → /basket/delivery).
 *
 * Issue #30 (first-visit JS): the popup's body, with the phone mask, loads when it opens
 * (./checkout-choice-dialog.tsx), the promo code field (./promo-code-field.tsx) with the filled
 * basket; the links are plain `<a>` (lib/soft-navigation.ts makes them
 * client navigations) with paths from the server page, not next/link and the route table; the
 * class names of checkout.module.css come from there too (./checkout-classes.ts), as a client
 * import would ship the module's whole class map.
 */
import { useEffect } from 'react';
import { lazyIsland } from '@/lib/lazy-island';
import { hydrateCheckoutStore, useCheckoutStore } from '@/stores/checkout-store';
import { usePopupsStore } from '@/stores/popups-store';
import { useSessionStore } from '@/stores/session-store';

const GiftCardBlock = lazyIsland(() => import('./gift-card-in-basket').then((m) => m.GiftCardBlock));
const CheckoutChoiceDialog = lazyIsland(() => import('./checkout-choice-dialog').then((m) => m.CheckoutChoiceDialog));

/**
 * "Оформить заказ": a logged-in or already anonymous shopper goes to `href` (/basket/delivery), a
 * guest gets the checkout choice popup (spec §4). Without JavaScript it is a plain link.
 */
export function BasketCheckoutButton({ href, className }: { href: string; className: string | undefined }) {
  const user = useSessionStore((s) => s.user);
  const anonymous = useSessionStore((s) => s.anonymous);
  const openPopup = usePopupsStore((s) => s.openPopup);
  return (
    <a
      href={href}
      className={className}
      data-testid="basket-checkout"
      onClick={(event) => {
        if (user || anonymous) return;
        event.preventDefault();
        openPopup('checkoutChoice');
      }}
    >
      Оформить заказ
    </a>
  );
}

/**
 * The gift certificate put into the basket from /podarochnye-sertifikaty (spec §3 giftCardExtId,
 * giftCardInBasketData; §4 a change reloads it; §8 a failed lookup resets it). Its block
 * (./gift-card-in-basket.tsx) loads only when a certificate is stored. `checkoutHref`:
 * /basket/delivery, for "Оформить заказ" when the certificate is all the basket holds.
 */
export function GiftCardInBasket({
  checkoutHref,
  buttonClassName,
}: {
  checkoutHref: string;
  /** checkout.module.css `secondary`, for its «Оформить заказ». */
  buttonClassName: string | undefined;
}) {
  const extId = useCheckoutStore((s) => s.giftCardExtId);

  useEffect(() => {
    hydrateCheckoutStore();
    void useCheckoutStore.getState().loadGiftCard();
  }, [extId]);

  return extId ? (
    <GiftCardBlock checkoutButton={<BasketCheckoutButton href={checkoutHref} className={buttonClassName} />} />
  ) : null;
}

/**
 * The checkout choice popup (spec §2, §4) while it is open for a guest: its body
 * (./checkout-choice-dialog.tsx) loads then. `deliveryHref`: /basket/delivery, where continuing
 * without registration leads.
 */
export function CheckoutChoicePopup({ deliveryHref }: { deliveryHref: string }) {
  const open = usePopupsStore((s) => s.open.has('checkoutChoice'));
  const user = useSessionStore((s) => s.user);

  useEffect(() => {
    hydrateCheckoutStore();
  }, []);

  return !user && open ? <CheckoutChoiceDialog deliveryHref={deliveryHref} /> : null;
}
