/**
 * /basket (spec §2 static pages, title "Корзина"): server-rendered heading and breadcrumbs around
 * the per-user basket island (`features/basket/components/basket-page.tsx`), with the checkout
 * parts of issue #5 composed in: promo code, gift certificate, the checkout choice popup, and the
 * way back to an order placed here and not yet paid (issue #34 item 9).
 */
import { Breadcrumbs } from '@/components/breadcrumbs/breadcrumbs';
import { BasketPage } from '@/features/basket/components/basket-page';
import { basketPageClasses } from '@/features/basket/components/basket-page-classes';
import {
  BasketCheckoutButton,
  CheckoutChoicePopup,
  GiftCardInBasket,
} from '@/features/checkout/components/basket-checkout';
import { checkoutClasses } from '@/features/checkout/components/checkout-classes';
import { UnpaidOrderNotice } from '@/features/checkout/components/unpaid-order-notice';
import { href, routeTitle } from '@/lib/routes';
import { PromoCodeSlot } from './basket-slots';
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
  // The islands get their links and class names from here, so neither the route table nor the
  // CSS modules' class maps are in the browser's JS (issue #30).
  const checkoutHref = href('basket-delivery');
  return (
    <div className="container">
      <Breadcrumbs items={[{ name: routeTitle('basket'), href: href('basket') }]} />
      <h1>{routeTitle('basket')}</h1>
      <UnpaidOrderNotice />
      <GiftCardInBasket checkoutHref={checkoutHref} buttonClassName={checkoutClasses.secondary} />
      <BasketPage
        classes={basketPageClasses}
        catalogHref={href('new')}
        checkoutHref={checkoutHref}
        summaryExtra={<PromoCodeSlot classes={checkoutClasses} />}
        checkoutAction={<BasketCheckoutButton href={checkoutHref} className={checkoutClasses.primary} />}
      />
      <CheckoutChoicePopup deliveryHref={checkoutHref} />
    </div>
  );
}
