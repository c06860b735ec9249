'use client';

import { useEffect, useRef, useState } from 'react';
import { ProductGrid, type ProductGridProps } from '@/components/product-grid/product-grid';
import type { OfferCard } from '@/lib/api/contract/catalog';
import { PAGE_SIZE } from '@/lib/constants';
import { useCatalogStore } from '@/stores/catalog-store';
import styles from './faceted-listing.module.css';

/** Props of `ShowMore`. */
export type ShowMoreProps = {
  /** BFF URL of the listing without `offset` ("/api/v1/offers/kupalniki/?limit=24&sort=new"). */
  endpoint: string;
  /** The page the server rendered (1-based). */
  page: number;
  /** Products in the whole listing. */
  count: number;
  /** Accessible name of the appended grid. */
  label: string;
  /** The appended cards' control, as on the server-rendered grid (e.g. the favourites heart). */
  cardAction?: ProductGridProps['cardAction'];
};

function isBackForward(): boolean {
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return entry?.type === 'back_forward';
}

/**
 * "Показать ещё" (issue #3): appends the next 24 products under the server-rendered grid without
 * leaving the page or moving the scroll. `savedStateCatalogPage` (spec §3) keeps the appended cards
 * and the scroll position in sessionStorage, and when the shopper comes back to the same listing
 * with the browser's Back button they are restored. Without JavaScript the page links below do the
 * same job. Errors: a failed load shows "Не удалось загрузить товары" and the button stays.
 */
export function ShowMore({ endpoint, page, count, label, cardAction }: ShowMoreProps) {
  const [appended, setAppended] = useState<OfferCard[]>([]);
  const [nextPage, setNextPage] = useState(page + 1);
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const keyRef = useRef('');
  const latest = useRef({ appended, nextPage });
  useEffect(() => {
    latest.current = { appended, nextPage };
  }, [appended, nextPage]);

  useEffect(() => {
    const key = `${location.pathname}${location.search}`;
    keyRef.current = key;
    void Promise.resolve(useCatalogStore.persist.rehydrate()).then(() => {
      const saved = useCatalogStore.getState().savedStateCatalogPage;
      if (saved && saved.key === key && isBackForward()) {
        setAppended(saved.appended);
        setNextPage(saved.nextPage);
        requestAnimationFrame(() => requestAnimationFrame(() => window.scrollTo(0, saved.scrollY)));
      } else if (saved && saved.key !== key) {
        useCatalogStore.getState().clearCatalogPage();
      }
    });
    const save = () => {
      useCatalogStore.getState().saveCatalogPage({
        key: keyRef.current,
        appended: latest.current.appended,
        nextPage: latest.current.nextPage,
        scrollY: Math.round(window.scrollY),
      });
    };
    // Leaving for a product (any link) or the page being hidden: remember where we were.
    const onClick = (event: MouseEvent) => {
      if ((event.target as Element | null)?.closest?.('a[href]')) save();
    };
    document.addEventListener('click', onClick, true);
    window.addEventListener('pagehide', save);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('pagehide', save);
    };
  }, []);

  const shown = (nextPage - 1) * PAGE_SIZE;
  const load = async () => {
    setState('loading');
    try {
      const sep = endpoint.includes('?') ? '&' : '?';
      const res = await fetch(`${endpoint}${sep}offset=${shown}`, { headers: { Accept: 'application/json' } });
      if (!res.ok) throw new Error(String(res.status));
      // zod loads with the first click, not with the page (issue #7 JS budget).
      const { OffersPage } = await import('@/lib/api/contract/catalog');
      const data = OffersPage.parse(await res.json());
      setAppended((prev) => [...prev, ...data.results.filter((card) => !prev.some((p) => p.id === card.id))]);
      setNextPage((n) => n + 1);
      setState('idle');
    } catch {
      setState('failed');
    }
  };

  return (
    <>
      {appended.length > 0 ? <ProductGrid offers={appended} label={`${label}: ещё`} cardAction={cardAction} /> : null}
      {shown < count ? (
        <div className={styles.more}>
          <button
            type="button"
            className="button button-outline"
            onClick={load}
            disabled={state === 'loading'}
            aria-busy={state === 'loading'}
          >
            {state === 'loading' ? 'Загружаем…' : 'Показать ещё'}
          </button>
          {state === 'failed' ? (
            <p role="alert" className={styles.error}>
              Не удалось загрузить товары. Попробуйте ещё раз.
            </p>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
