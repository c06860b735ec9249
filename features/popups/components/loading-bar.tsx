'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { LOADING_BAR } from '@/lib/constants';
import styles from './widgets.module.css';

function isInternalNavigation(event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return false;
  const anchor = (event.target as Element | null)?.closest?.('a[href]');
  if (!(anchor instanceof HTMLAnchorElement) || anchor.target === '_blank' || anchor.hasAttribute('download'))
    return false;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return false;
  return url.pathname !== window.location.pathname || url.search !== window.location.search;
}

/**
 * The page-loading bar (spec §4 Data reloads, §9: 5000 ms duration, 200 ms throttle, 500 ms hide
 * delay): starts on a click on an internal link, shows only if loading takes longer than 200 ms,
 * fills towards the end over 5 s, completes when the new route renders and hides 500 ms later.
 * Decorative for assistive technology (the new page's content is what matters).
 */
export function LoadingBar() {
  const pathname = usePathname();
  const search = useSearchParams();
  const [phase, setPhase] = useState<'idle' | 'loading' | 'done'>('idle');
  const timers = useRef<number[]>([]);
  const loading = useRef(false);

  const clear = () => {
    timers.current.forEach((t) => window.clearTimeout(t));
    timers.current = [];
  };

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (!isInternalNavigation(event)) return;
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
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('click', onClick);
      clear();
    };
  }, []);

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
