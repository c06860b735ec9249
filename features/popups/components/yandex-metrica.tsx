'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { useEffect, useRef } from 'react';

type YmWindow = Window & {
  ym?: ((...args: unknown[]) => void) & { a?: unknown[][]; l?: number };
  dataLayer?: unknown[];
};

/**
 * The Yandex Metrica counter (spec §7 Third parties; DESIGN.md: analytics "Yandex Metrica, after
 * cookie consent"). Rendered only after consent and only when a counter id is configured
 * (`YM_ID`). Loads tag.js once, initialises the counter with e-commerce from `window.dataLayer`
 * (see lib/analytics.ts) and reports a hit on every route change after the first.
 * @param id the counter id (digits).
 */
export function YandexMetrica({ id }: { id: string }) {
  const pathname = usePathname();
  const search = useSearchParams();
  const first = useRef(true);

  useEffect(() => {
    const w = window as YmWindow;
    w.dataLayer = w.dataLayer ?? [];
    if (!w.ym) {
      const queue = Object.assign((...args: unknown[]) => queue.a.push(args), { a: [] as unknown[][], l: Date.now() });
      w.ym = queue;
      const script = document.createElement('script');
      script.async = true;
      script.src = 'https://mc.yandex.ru/metrika/tag.js';
      document.head.appendChild(script);
    }
    w.ym(Number(id), 'init', {
      ecommerce: 'dataLayer',
      clickmap: true,
      trackLinks: true,
      accurateTrackBounce: true,
      defer: true,
    });
    w.ym(Number(id), 'hit', window.location.href);
  }, [id]);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    (window as YmWindow).ym?.(Number(id), 'hit', window.location.href, { referer: document.referrer });
  }, [id, pathname, search]);

  return null;
}
