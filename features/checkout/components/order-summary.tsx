/**
 * The order summary beside the checkout form: lines, goods, discount, delivery, total, the part a
 * certificate pays, the form's message and the submit button. Amounts are rubles.
 * Below 1024 px the total, the form's message and the button stick to the bottom of the screen
 * (issue #34 item 8, pay-bar.module.css; the form is a flex column there, its `layout` class).
 */
import type { CartItem } from '@/lib/api/contract/cart';
import type { GiftCardNominal } from '@/lib/api/contract/checkout';
import { formatPrice } from '@/lib/format/price';
import { lineTotal, toRubles } from '@/lib/money';
import styles from './checkout.module.css';
import bar from './pay-bar.module.css';

/** Props of {@link OrderSummary}. */
export type OrderSummaryProps = {
  lines: readonly CartItem[];
  gift: GiftCardNominal | null;
  itemsTotal: number;
  discount: number;
  promoCode: string | null;
  deliveryCost: number;
  total: number;
  giftPart: number;
  toPay: number;
  /** The form's message ("Проверьте выделенные поля" or the server's), or "". */
  message: string;
  submitDisabled: boolean;
};

/** See the module docstring. */
export function OrderSummary({
  lines,
  gift,
  itemsTotal,
  discount,
  promoCode,
  deliveryCost,
  total,
  giftPart,
  toPay,
  message,
  submitDisabled,
}: OrderSummaryProps) {
  return (
    <aside
      className={`${styles.summary} ${bar.summary}`}
      aria-labelledby="order-summary-title"
      data-testid="order-summary"
    >
      <div className={bar.body}>
        <h2 id="order-summary-title">Ваш заказ</h2>
        <ul className={styles.lines}>
          {lines.map((l) => (
            <li key={l.item_uuid} className={styles.row}>
              <span>
                {l.product.name} × {l.quantity}
              </span>
              <span>{formatPrice(toRubles(lineTotal(l)))}</span>
            </li>
          ))}
          {gift ? (
            <li className={styles.row}>
              <span>{gift.name}</span>
              <span>{formatPrice(gift.amount)}</span>
            </li>
          ) : null}
        </ul>
        <p className={styles.row}>
          <span>Товары</span>
          <span>{formatPrice(itemsTotal)}</span>
        </p>
        {discount > 0 ? (
          <p className={styles.row}>
            <span>Скидка ({promoCode})</span>
            <span data-testid="summary-discount">−{formatPrice(discount)}</span>
          </p>
        ) : null}
        <p className={styles.row}>
          <span>Доставка</span>
          <span data-testid="summary-delivery">{deliveryCost === 0 ? 'Бесплатно' : formatPrice(deliveryCost)}</span>
        </p>
      </div>
      <div className={bar.payBar} data-bottom-bar="">
        <p className={`${styles.row} ${styles.total}`}>
          <span>Итого</span>
          <span data-testid="summary-total">{formatPrice(total)}</span>
        </p>
        {giftPart > 0 ? (
          <>
            <p className={styles.row}>
              <span>Сертификатом</span>
              <span>−{formatPrice(giftPart)}</span>
            </p>
            <p className={styles.row}>
              <span>К оплате картой</span>
              <span data-testid="summary-to-pay">{formatPrice(toPay)}</span>
            </p>
          </>
        ) : null}
        {message ? (
          <p className={styles.error} role="alert" data-testid="order-error">
            {message}
          </p>
        ) : null}
        <button type="submit" className={styles.primary} disabled={submitDisabled}>
          {toPay > 0 ? 'Перейти к оплате' : 'Оформить заказ'}
        </button>
      </div>
      <p className={styles.muted}>
        Нажимая кнопку, вы соглашаетесь с публичной офертой и политикой конфиденциальности.
      </p>
    </aside>
  );
}
