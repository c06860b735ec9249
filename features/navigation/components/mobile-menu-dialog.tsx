'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useRef } from 'react';
import type { CssClasses } from '@/lib/css-classes';

/**
 * The mobile menu's behaviour (spec §2 Layout): the hamburger button opening a modal `<dialog>`
 * titled "Меню" around `children` (the server-rendered navigation of `MobileMenu`). Closes on
 * Escape (the dialog's own), on the close button, on a backdrop click, on a link click and on
 * route change (spec §2 "Route changes … close all popups"). The links are server-rendered, so
 * the route table and the menu's texts are not in every page's JavaScript (issue #30).
 */
export function MobileMenuDialog({
  children,
  classes: styles,
}: {
  children: React.ReactNode;
  /** mobile-menu.module.css's class names, from the server (`MobileMenu`; lib/css-classes.ts). */
  classes: CssClasses;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const pathname = usePathname();

  useEffect(() => {
    dialogRef.current?.close();
  }, [pathname]);

  const close = () => dialogRef.current?.close();

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
          <div onClick={(event) => (event.target as HTMLElement).closest('a') && close()}>{children}</div>
        </div>
      </dialog>
    </>
  );
}
