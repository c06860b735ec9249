'use client';

/**
 * The basket page body (spec §2 /basket, §4 Basket, §5 basket rule, §9 count and total): the
 * loading state, "Корзина пуста", or the filled basket (./basket-contents.tsx). Per-user data, so
 * a client island under the server-rendered heading (DESIGN.md "Rendering and data").
 *
 * Issue #30 (first-visit JS): the filled basket's code (lines, prices, photos, summary) loads only
 * when the basket holds goods. The line ids persisted in `lkData` tell that before the first GET
 * answers, so for a returning shopper it loads alongside that request; until both are in, the
 * loading state stays.
 */
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import type { CssClasses } from '@/lib/css-classes';
import { hydrateBasketStore, useBasketStore } from '@/stores/basket-store';

const loadContents = () => import('./basket-contents');
const BasketContents = lazy(() => loadContents().then((m) => ({ default: m.BasketContents })));

/**
 * The basket: loading state until the first GET answers, "Корзина пуста" with a link to the
 * catalogue, or the lines and the summary ({@link BasketContents}: "Итого", "Оформить заказ" →
 * /basket/delivery). Stable hooks for e2e: `basket-line`, `basket-count`, `basket-total`,
 * `basket-empty`.
 * Slots composed by the page (features do not import each other): `summaryExtra` under the total
 * (promo code, issue #5) and `checkoutAction` in place of the plain "Оформить заказ" link.
 * The links are plain `<a>` (lib/soft-navigation.ts makes them client navigations) and their
 * paths come from the server page (`catalogHref`, `checkoutHref`), so neither next/link nor the
 * route table is in the basket's first-visit JS (issue #30). Its class names (`classes`,
 * basket-page.module.css through ./basket-page-classes.ts) come from the server page too: imported
 * here, the whole class map would be part of that JS.
 */
export function BasketPage({
  classes: styles,
  catalogHref,
  checkoutHref,
  summaryExtra,
  checkoutAction,
}: {
  /** basket-page.module.css's class names (`basketPageClasses`). */
  classes: CssClasses;
  /** "Перейти в каталог" of the empty basket (the new arrivals). */
  catalogHref: string;
  /** The checkout's first step, /basket/delivery. */
  checkoutHref: string;
  summaryExtra?: ReactNode;
  checkoutAction?: ReactNode;
}) {
  const empty = useBasketStore((s) => s.basketList.length === 0);
  const basketInited = useBasketStore((s) => s.basketInited);
  const basketLoadFailed = useBasketStore((s) => s.basketLoadFailed);
  // Persisted line ids: known right after hydration, before the GET answers.
  const expectsGoods = useBasketStore((s) => s.count > 0);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    hydrateBasketStore();
    void useBasketStore.getState().init();
  }, []);
  useEffect(() => {
    if (expectsGoods) void loadContents();
  }, [expectsGoods]);

  const loading = (
    <div className={styles.loading} aria-busy="true" role="status">
      Загружаем корзину…
    </div>
  );

  if (!basketInited && !basketLoadFailed) return loading;

  if (empty) {
    return (
      <div className={styles.empty} data-testid="basket-empty">
        <p className={styles.emptyTitle}>Корзина пуста</p>
        <p className={styles.emptyText}>Загляните в каталог — там много нового.</p>
        <a href={catalogHref} className={styles.primary}>
          Перейти в каталог
        </a>
        <p className="visually-hidden" role="status">
          {announcement}
        </p>
      </div>
    );
  }

  return (
    <Suspense fallback={loading}>
      <BasketContents
        classes={styles}
        checkoutHref={checkoutHref}
        summaryExtra={summaryExtra}
        checkoutAction={checkoutAction}
        announcement={announcement}
        onRemoved={(name) => setAnnouncement(`${name} удалён из корзины`)}
      />
    </Suspense>
  );
}
