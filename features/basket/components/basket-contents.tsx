'use client';

/**
 * The filled basket (spec §2 /basket, §4 Basket, §5 basket rule, §9 count and total): lines with
 * −/+ and removal applied after the server confirms, the flag of sizes no longer available, the
 * summary with its slots and «Купить в 1 клик». Loaded by {@link BasketPage} (./basket-page.tsx)
 * only when the basket holds goods, so an empty basket's first visit does not fetch it (issue #30).
 */
import { useRef, type ReactNode } from 'react';
import { Price } from '@/components/price/price';
import { clientPictureProps } from '@/components/product-image/client-picture-props';
import { mainImage } from '@/components/product-image/main-image';
import { Picture } from '@/components/product-image/picture';
import type { CartItem } from '@/lib/api/contract/cart';
import { MIN_QUANTITY } from '@/lib/constants';
import type { CssClasses } from '@/lib/css-classes';
import { shownBrand } from '@/lib/format/brand';
import { formatCount } from '@/lib/format/plural';
import { formatPrice } from '@/lib/format/price';
import { lineTotal, toRubles } from '@/lib/money';
import { BASKET_MAX_QUANTITY, useBasketStore } from '@/stores/basket-store';
import { useCheckoutStore } from '@/stores/checkout-store';
import { GOODS_FORMS, lineSizes } from '../utils/line-details';
import { BasketOneClick } from './basket-one-click';

/**
 * The lines and the summary ("Итого", "Оформить заказ" → `checkoutHref`, /basket/delivery) of a
 * basket with goods. Stable hooks for e2e: `basket-line`, `basket-count`, `basket-total`.
 * `summaryExtra` goes under the count (promo code, issue #5), `checkoutAction` in place of the
 * plain "Оформить заказ" link; `announcement` is the live region's text, `onRemoved(name)` is
 * called after a line's removal was confirmed.
 */
export function BasketContents({
  classes: styles,
  checkoutHref,
  summaryExtra,
  checkoutAction,
  announcement,
  onRemoved,
}: {
  /** basket-page.module.css's class names (`basketPageClasses`). */
  classes: CssClasses;
  checkoutHref: string;
  summaryExtra?: ReactNode;
  checkoutAction?: ReactNode;
  announcement: string;
  onRemoved: (name: string) => void;
}) {
  const basketList = useBasketStore((s) => s.basketList);
  const count = useBasketStore((s) => s.count);
  const total = useBasketStore((s) => s.total);
  // The total after an applied promo code, while it was checked against these goods: on a phone
  // the bar's «Итого» is what stays on screen, so it must not show the sum before the discount.
  const promoTotal = useCheckoutStore((s) =>
    s.promoCode && s.promoQuote?.itemsTotal === total ? s.promoQuote.total : null,
  );
  const listRef = useRef<HTMLUListElement>(null);

  const hasUnavailable = basketList.some((item) => !item.available);

  return (
    <div className={styles.layout}>
      <section aria-labelledby="basket-lines-title" className={styles.lines}>
        <h2 id="basket-lines-title" className="visually-hidden">
          Товары в корзине
        </h2>
        <ul className={styles.list} ref={listRef} tabIndex={-1}>
          {basketList.map((item) => (
            <BasketLine
              key={item.item_uuid}
              styles={styles}
              item={item}
              onRemoved={(name) => {
                onRemoved(name);
                listRef.current?.focus();
              }}
            />
          ))}
        </ul>
      </section>

      {/* Below 1024 px the total and the button stick to the bottom of the screen (issue #34
          item 8); the promo code comes before them there, so the chat button in the bar's
          corner can never cover «Применить». From 1024 px the order is title, count, total,
          promo code, button, as before (CSS order). */}
      <aside className={styles.summary} aria-labelledby="basket-summary-title">
        <div className={styles.summaryBody}>
          <h2 id="basket-summary-title" className={styles.summaryTitle}>
            Ваш заказ
          </h2>
          <p className={styles.summaryRow}>
            <span>В корзине</span>
            <span data-testid="basket-count">{formatCount(count, GOODS_FORMS)}</span>
          </p>
          {summaryExtra ? <div className={styles.summaryExtra}>{summaryExtra}</div> : null}
        </div>
        <div className={styles.checkoutBar} data-bottom-bar="">
          <p className={`${styles.summaryRow} ${styles.totalRow}`}>
            <span>Итого</span>
            <span data-testid="basket-total">{formatPrice(promoTotal ?? total)}</span>
          </p>
          {hasUnavailable ? (
            <>
              <p className={styles.warning} id="basket-unavailable-note">
                Удалите товары, размер которых больше недоступен, чтобы оформить заказ.
              </p>
              <button type="button" className={styles.primary} disabled aria-describedby="basket-unavailable-note">
                Оформить заказ
              </button>
            </>
          ) : (
            (checkoutAction ?? (
              <a href={checkoutHref} className={styles.primary} data-testid="basket-checkout">
                Оформить заказ
              </a>
            ))
          )}
        </div>
        {hasUnavailable ? null : <BasketOneClick className={styles.oneClick} />}
        <p className="visually-hidden" role="status">
          {announcement}
        </p>
      </aside>
    </div>
  );
}

/**
 * One line: photo, name, brand, colour, size(s), price per piece, −/+, line sum, removal. The
 * photo's `<img>` is next/image's, made here without its code (clientPictureProps).
 */
function BasketLine({
  item,
  styles,
  onRemoved,
}: {
  item: CartItem;
  styles: CssClasses;
  onRemoved: (name: string) => void;
}) {
  const pending = useBasketStore((s) => Boolean(s.pendingItems[item.item_uuid]));
  const error = useBasketStore((s) => (s.lastError?.item_uuid === item.item_uuid ? s.lastError.message : null));
  const increment = useBasketStore((s) => s.increment);
  const decrement = useBasketStore((s) => s.decrement);
  const remove = useBasketStore((s) => s.remove);

  const image = mainImage(item.product.images);
  const sizes = lineSizes(item);
  const maxQuantity = Math.min(BASKET_MAX_QUANTITY, Math.max(item.stock, MIN_QUANTITY));
  const titleId = `basket-line-${item.item_uuid}`;

  return (
    <li className={styles.line} data-testid="basket-line" aria-labelledby={titleId} aria-busy={pending || undefined}>
      <a href={item.product.full_path_offer} className={styles.thumb} tabIndex={-1} aria-hidden="true">
        {image ? (
          <Picture props={clientPictureProps({ src: image.image, alt: '', sizes: '(min-width: 768px) 120px, 88px' })} />
        ) : null}
      </a>

      <div className={styles.info}>
        <a href={item.product.full_path_offer} className={styles.name} id={titleId}>
          {item.product.name}
        </a>
        {shownBrand(item.product.brand) ? <p className={styles.brand}>{item.product.brand.name}</p> : null}
        <dl className={styles.props}>
          <div>
            <dt>Цвет:</dt>
            <dd>{item.offer.color.name}</dd>
          </div>
          {sizes.map((size) => (
            <div key={size.label}>
              <dt>{size.label}:</dt>
              <dd>{size.value}</dd>
            </div>
          ))}
        </dl>
        {!item.available ? (
          <p className={styles.unavailable} data-testid="basket-line-unavailable">
            Выбранный размер больше недоступен
          </p>
        ) : null}
        <div className={styles.unitPrice}>
          <Price price={item.price} oldPrice={item.old_price} />
          <span className={styles.perPiece}>за 1 шт.</span>
        </div>
      </div>

      <div className={styles.controls}>
        <div className={styles.quantity} role="group" aria-label="Количество">
          <button
            type="button"
            className={styles.step}
            aria-label="Уменьшить количество"
            disabled={pending || item.quantity <= MIN_QUANTITY}
            onClick={() => void decrement(item.item_uuid)}
          >
            −
          </button>
          <output className={styles.count} aria-live="polite" data-testid="basket-line-quantity">
            {item.quantity}
          </output>
          <button
            type="button"
            className={styles.step}
            aria-label="Увеличить количество"
            disabled={pending || item.quantity >= maxQuantity}
            onClick={() => void increment(item.item_uuid)}
          >
            +
          </button>
        </div>
        <p className={styles.sum} data-testid="basket-line-sum">
          <span className="visually-hidden">Сумма: </span>
          {formatPrice(toRubles(lineTotal(item)))}
        </p>
        <button
          type="button"
          className={styles.remove}
          disabled={pending}
          onClick={async () => {
            if (await remove(item.item_uuid)) onRemoved(item.product.name);
          }}
        >
          Удалить
        </button>
      </div>

      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </li>
  );
}
