'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { LOADING_BAR } from '@/lib/constants';
import type { CssClasses } from '@/lib/css-classes';
import { anchorOf, preloadProductPhoto, softNavigationTarget } from '@/lib/soft-navigation';

/**
 * The page-loading bar (spec §4 Data reloads, §9: 5000 ms duration, 200 ms throttle, 500 ms hide
 * delay) and the shop's client-side navigation (issue #34 item 4, docs/navigation.md): a click on
 * a plain link to another shop page (lib/soft-navigation.ts) is handed to
 * the App Router, so the header keeps the shopper's name and basket counter; the bar starts with
 * it, shows only if loading takes longer than 200 ms, fills towards the end over 5 s, completes
 * when the new route renders and hides 500 ms later. Nothing is prefetched (docs/navigation.md).
 * Decorative for assistive technology (the new page's content is what matters).
 */
export function LoadingBar({ classes: styles }: { classes: CssClasses }) {
  const pathname = usePathname();
  const search = useSearchParams();
  const [phase, setPhase] = useState<'idle' | 'loading' | 'done'>('idle');
  const router = useRouter();
  const timers = useRef<number[]>([]);
  const loading = useRef(false);

  const clear = () => {
    timers.current.forEach((t) => window.clearTimeout(t));
    timers.current = [];
  };

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const target = softNavigationTarget(event, window.location.href);
      if (target === null) return;
      event.preventDefault();
      router.push(target);
      preloadProductPhoto(anchorOf(event.target)!);
      clear();
      loading.current = true;
      timers.current.push(window.setTimeout(() => loading.current && setPhase('loading'), LOADING_BAR.throttleMs));
      // Give up after the bar's duration: the navigation may have been cancelled.
      timers.current.push(
        window.setTimeout(
          () => ((loading.current = false), setPhase('idle')),
          LOADING_BAR.durationMs + LOADING_BAR.hideDelayMs,
        ),
      );
    };
    // On window, in the bubbling phase: after React's handlers (on the document), so a click a
    // `next/link` or the «Вход» link already handled arrives here with `defaultPrevented`.
    window.addEventListener('click', onClick);
    return () => {
      window.removeEventListener('click', onClick);
      clear();
    };
  }, [router]);

  useEffect(() => {
    if (!loading.current) return;
    loading.current = false;
    clear();
    setPhase((p) => (p === 'loading' ? 'done' : 'idle'));
    timers.current.push(window.setTimeout(() => setPhase('idle'), LOADING_BAR.hideDelayMs));
  }, [pathname, search]);

  if (phase === 'idle') return null;
  return (
    <div className={styles.loadingBar} aria-hidden="true" data-phase={phase}>
      <span
        className={styles.loadingBarFill}
        style={{
          animationDuration: `${LOADING_BAR.durationMs}ms`,
          ...(phase === 'done' ? { width: '100%', animation: 'none' } : {}),
        }}
      />
    </div>
  );
}
