'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { href, routeTitle } from '@/lib/routes';
import styles from './mobile-menu.module.css';
import type { MenuLink } from '../utils/menu';

/** Props of `MobileMenu`. */
export type MobileMenuProps = {
  /** Catalogue sections (name + "/section" link) from /v1/preview_category/. */
  sections: readonly MenuLink[];
  /** Link target of "Вход" (placeholder until accounts exist). */
  loginHref: string;
};

const INFO_PAGES = [
  'about',
  'delivery-and-payments',
  'fitting_conditions',
  'publick-offer',
  'return-goods',
  'requisites',
  'contacts',
  'news',
  'blog',
  'privacy-policy',
] as const;

/**
 * The mobile menu (spec §2 Layout): a hamburger button opening a modal `<dialog>` titled "Меню"
 * with the basket, favourites, the catalogue (SALE, Новинки, Бренды, sections), "Вход" and the
 * info pages. Closes on Escape, on the close button, on a backdrop click and on route change
 * (spec §2 "Route changes … close all popups").
 */
export function MobileMenu({ sections, loginHref }: MobileMenuProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const pathname = usePathname();

  useEffect(() => {
    dialogRef.current?.close();
  }, [pathname]);

  const close = () => dialogRef.current?.close();
  const catalogue: MenuLink[] = [
    { name: 'SALE', href: href('sale') },
    { name: routeTitle('new'), href: href('new') },
    { name: routeTitle('brands'), href: href('brands') },
    ...sections,
  ];

  return (
    <>
      <button
        type="button"
        className={styles.burger}
        aria-label="Открыть меню"
        aria-haspopup="dialog"
        onClick={() => dialogRef.current?.showModal()}
      >
        <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </button>
      <dialog
        ref={dialogRef}
        className={styles.dialog}
        aria-labelledby="mobile-menu-title"
        onClick={(event) => {
          if (event.target === event.currentTarget) close();
        }}
      >
        <div className={styles.sheet}>
          <div className={styles.head}>
            <h2 id="mobile-menu-title" className={styles.title}>
              Меню
            </h2>
            <button type="button" className={styles.close} aria-label="Закрыть меню" onClick={close}>
              <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M5 5l14 14M19 5L5 19" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
              </svg>
            </button>
          </div>
          <nav aria-label="Мобильное меню" onClick={(event) => (event.target as HTMLElement).closest('a') && close()}>
            <ul className={styles.group}>
              <li>
                <a href={href('basket')}>{routeTitle('basket')}</a>
              </li>
              <li>
                <a href={href('favorite')}>{routeTitle('favorite')}</a>
              </li>
            </ul>
            <h3 className={styles.groupTitle}>Каталог</h3>
            <ul className={styles.group}>
              {catalogue.map((link) => (
                <li key={link.href}>
                  <a href={link.href} className={link.name === 'SALE' ? styles.sale : undefined}>
                    {link.name}
                  </a>
                </li>
              ))}
            </ul>
            <ul className={styles.group}>
              <li>
                {/* nofollow: a "?login=1" twin of every page is no page for crawlers (issue #14). */}
                <a href={loginHref} rel="nofollow">
                  Вход
                </a>
              </li>
            </ul>
            <h3 className={styles.groupTitle}>Информация</h3>
            <ul className={`${styles.group} ${styles.info}`}>
              {INFO_PAGES.map((name) => (
                <li key={name}>
                  <a href={href(name)}>{routeTitle(name)}</a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </dialog>
    </>
  );
}
