'use client';

import { useEffect, useState } from 'react';
import type { CssClasses } from '@/lib/css-classes';
import { scrollToTopEased } from '../utils/scroll';

/** Scrolled distance, px, after which the arrow appears. */
const SHOW_AFTER_PX = 600;

/**
 * The scroll-to-top arrow (spec §2 Layout, §9: 800 ms eased scroll). Appears after scrolling
 * 600 px; moves focus to the page's main region afterwards so keyboard users land at the top too.
 */
export function ScrollTopButton({ classes: styles }: { classes: CssClasses }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > SHOW_AFTER_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      className={styles.scrollTop}
      aria-label="Наверх"
      onClick={() => {
        scrollToTopEased();
        document.getElementById('main')?.focus({ preventScroll: true });
      }}
    >
      <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
        <path d="M4 12l6-6 6 6" fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
    </button>
  );
}
