/**
 * /basket (spec §2 static pages, title "Корзина"): server-rendered heading and breadcrumbs around
 * the per-user basket island (`features/basket/components/basket-page.tsx`), with the checkout
 * parts of issue #5 composed in: promo code, gift certificate, the checkout choice popup, and the
 * way back to an order placed here and not yet paid (issue #34 item 9).
 */
import { Breadcrumbs } from '@/components/breadcrumbs/breadcrumbs';
import { BasketPage } from '@/features/basket/components/basket-page';
import {
  BasketCheckoutButton,
  CheckoutChoicePopup,
  GiftCardInBasket,
  PromoCodeField,
} from '@/features/checkout/components/basket-checkout';
import { UnpaidOrderNotice } from '@/features/checkout/components/unpaid-order-notice';
import { href, routeTitle } from '@/lib/routes';
import type { Metadata } from 'next';

/** Title "Корзина"; a per-visitor page, so kept out of search indexes. */
export const metadata: Metadata = {
  title: routeTitle('basket'),
  description: 'Товары, которые вы выбрали. Измените количество или перейдите к оформлению заказа.',
  alternates: { canonical: href('basket') },
  robots: { index: false, follow: true },
};

/** The basket page. */
export default function BasketRoute() {
  // The islands get their links from here, so the route table stays out of the browser (issue #30).
  const checkoutHref = href('basket-delivery');
  return (
    <div className="container">
      <Breadcrumbs items={[{ name: routeTitle('basket'), href: href('basket') }]} />
      <h1>{routeTitle('basket')}</h1>
      <UnpaidOrderNotice />
      <GiftCardInBasket checkoutHref={checkoutHref} />
      <BasketPage
        catalogHref={href('new')}
        checkoutHref={checkoutHref}
        summaryExtra={<PromoCodeField />}
        checkoutAction={<BasketCheckoutButton href={checkoutHref} />}
      />
      <CheckoutChoicePopup deliveryHref={checkoutHref} />
    </div>
  );
}
