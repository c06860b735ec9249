'use client';

/**
 * The gift certificate's block on /basket (spec §3 giftCardInBasketData), loaded by
 * `GiftCardInBasket` (./basket-checkout.tsx) only when a certificate is stored, so a basket
 * without one does not download it (issue #30).
 */
import { formatPrice } from '@/lib/format/price';
import { useBasketStore } from '@/stores/basket-store';
import { useCheckoutStore } from '@/stores/checkout-store';
import styles from './checkout.module.css';
import type { ReactNode } from 'react';

/**
 * The certificate's name, "Электронный сертификат…", its amount in rubles and «Удалить сертификат»;
 * `checkoutButton` («Оформить заказ») beside it when the certificate is all the basket holds.
 * Nothing until the certificate's data has loaded.
 */
export function GiftCardBlock({ checkoutButton }: { checkoutButton: ReactNode }) {
  const data = useCheckoutStore((s) => s.giftCardInBasketData);
  const setGiftCardExtId = useCheckoutStore((s) => s.setGiftCardExtId);
  const basketCount = useBasketStore((s) => s.count);
  const basketInited = useBasketStore((s) => s.basketInited);

  if (!data) return null;
  return (
    <section className={styles.certificate} aria-label="Подарочный сертификат в корзине" data-testid="basket-gift-card">
      <strong>{data.name}</strong>
      <span className={styles.muted}>Электронный сертификат, код придёт на e-mail после оплаты</span>
      <span>{formatPrice(data.amount)}</span>
      <div className={styles.inline}>
        <button type="button" className={styles.secondary} onClick={() => void setGiftCardExtId(null)}>
          Удалить сертификат
        </button>
        {basketInited && basketCount === 0 ? checkoutButton : null}
      </div>
    </section>
  );
}
