'use client';

/**
 * The header's basket icon with its counter and hover dropdown (spec §2 Layout "Cart dropdown",
 * §4 Basket, §9). Ships on every page, so it holds no more than the store and a small list.
 */
import { usePathname, useRouter } from 'next/navigation';
import { useEffect, useRef, type FocusEvent, type KeyboardEvent } from 'react';
import type { CssClasses } from '@/lib/css-classes';
import { pluralize } from '@/lib/format/plural';
import { lazyIsland } from '@/lib/lazy-island';
import { hydrateBasketStore, useBasketStore } from '@/stores/basket-store';
import { GOODS_FORMS } from '../utils/line-details';

// Issue #30: the panel (its photos, sizes and prices) loads on the first hover or focus that opens
// it; the first visit of every page carries only the icon and the counter.
const BasketDropdown = lazyIsland(() => import('./basket-dropdown').then((m) => m.BasketDropdown));

/**
 * Basket link for the header: icon, badge with the number of lines (spec §9) and an accessible
 * name such as "Корзина, 2 товара". On mount it reads `lkData` and loads the basket once (spec §4
 * "Initial basket data is loaded at layout entry"). Hover or keyboard focus opens the dropdown,
 * only off the /basket page and with at least one line; leaving closes it after 1000 ms; Escape
 * and reaching /basket close it at once.
 *
 * The link is not prefetched when it scrolls into view (it is on every page, and the basket's
 * client code would count against every page's first visit, issue #7 JS budget); it is prefetched
 * on intent instead: pointer over it, touch or keyboard focus. A click is a client-side navigation
 * through lib/soft-navigation.ts. `basketPath` is `href('basket')`, given by the server layout
 * (the route table stays out of the browser, issue #30), `classes` basket-header-button.module.css's
 * class names (lib/css-classes.ts).
 */
export function BasketHeaderButton({ basketPath, classes: styles }: { basketPath: string; classes: CssClasses }) {
  const pathname = usePathname();
  const count = useBasketStore((s) => s.count);
  const showDropdown = useBasketStore((s) => s.showDropdown);
  const basketInited = useBasketStore((s) => s.basketInited);
  const openDropdown = useBasketStore((s) => s.openDropdown);
  const closeDropdown = useBasketStore((s) => s.closeDropdown);
  const hideDropdownNow = useBasketStore((s) => s.hideDropdownNow);
  const rootRef = useRef<HTMLDivElement>(null);
  const router = useRouter();
  const prefetch = () => router.prefetch(basketPath);

  const onBasketPage = pathname === basketPath;
  const canShow = !onBasketPage && count > 0 && basketInited;

  useEffect(() => {
    hydrateBasketStore();
    void useBasketStore.getState().init();
  }, []);

  useEffect(() => {
    if (onBasketPage) hideDropdownNow();
  }, [onBasketPage, hideDropdownNow]);

  const open = () => {
    prefetch();
    if (canShow) openDropdown();
  };
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!rootRef.current?.contains(event.relatedTarget as Node | null)) closeDropdown();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && showDropdown) {
      hideDropdownNow();
      rootRef.current?.querySelector<HTMLAnchorElement>('a')?.focus();
    }
  };

  // A plain space: accessible names are matched as typed ("Корзина, 2 товара").
  const label = `Корзина, ${count} ${pluralize(count, GOODS_FORMS)}`;
  const expanded = canShow && showDropdown;

  return (
    <div
      ref={rootRef}
      className={styles.root}
      onMouseEnter={open}
      onMouseLeave={closeDropdown}
      onFocus={open}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
    >
      {/* A plain link: lib/soft-navigation.ts hands its click to the App Router, as for every
          link of the shop, without next/link's code in every page's first visit (issue #30). */}
      <a
        href={basketPath}
        onTouchStart={prefetch}
        className={styles.link}
        aria-label={label}
        data-testid="header-basket"
      >
        <svg className={styles.icon} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            d="M6 7h12l-1 13H7L6 7Zm3 0V6a3 3 0 0 1 6 0v1"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
            strokeLinejoin="round"
          />
        </svg>
        <span className={styles.text} aria-hidden="true">
          Корзина
        </span>
        {count > 0 ? (
          <span className={styles.badge} aria-hidden="true" data-testid="header-basket-count">
            {count > 99 ? '99+' : count}
          </span>
        ) : null}
      </a>
      {expanded ? <BasketDropdown basketPath={basketPath} /> : null}
    </div>
  );
}
