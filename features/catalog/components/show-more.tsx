'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { ProductGridProps } from '@/components/product-grid/product-grid';
import type { OfferCard } from '@/lib/api/contract/catalog';
import { PAGE_SIZE } from '@/lib/constants';
import { arrivedByHistory } from '@/lib/soft-navigation';
import { useCatalogStore, type SavedCatalogPage } from '@/stores/catalog-store';
import { restoreScroll } from '../utils/restore-scroll';
import { MoreButton } from './more-button';
import type { ShowMorePages } from './show-more-pages';
import type { RestoredMore } from '../api/show-more-query';

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

/**
 * "Показать ещё" (issue #3): appends the next 24 products under the server-rendered grid without
 * leaving the page or moving the scroll. `savedStateCatalogPage` (spec §3) keeps the appended cards
 * and the scroll position in sessionStorage, and when the shopper comes back to the same listing
 * with the browser's Back button (a new document or a client-side Back, lib/soft-navigation.ts)
 * they are restored. Without JavaScript the page links below do the
 * same job. Errors: a failed load shows "Не удалось загрузить товары" and the button stays.
 *
 * This part is in every listing's first visit, so it holds only the button and the saved state;
 * the pages (TanStack Query, issue #17 item 3) load with the first click or a restore
 * (`ShowMorePages`), keeping the library out of the first visit (issue #7 JS budget).
 */
export function ShowMore(props: ShowMoreProps) {
  const { page, count } = props;
  const [Pages, setPages] = useState<typeof ShowMorePages | null>(null);
  const [restored, setRestored] = useState<SavedCatalogPage | undefined>(undefined);
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const keyRef = useRef('');
  // What the pages have appended so far, for the saved state (told by ShowMorePages).
  const latest = useRef<RestoredMore>({ appended: [], nextPage: page + 1 });
  const onProgress = useCallback((appended: OfferCard[], nextPage: number) => {
    latest.current = { appended, nextPage };
  }, []);

  const open = useCallback((from?: SavedCatalogPage) => {
    setState('loading');
    import('./show-more-pages')
      .then((m) => {
        setRestored(from);
        setPages(() => m.ShowMorePages);
      })
      .catch(() => setState('failed'));
  }, []);

  useEffect(() => {
    const key = `${location.pathname}${location.search}`;
    keyRef.current = key;
    void Promise.resolve(useCatalogStore.persist.rehydrate()).then(() => {
      const saved = useCatalogStore.getState().savedStateCatalogPage;
      if (saved && saved.key === key && arrivedByHistory()) {
        if (saved.appended.length > 0) open(saved);
        else restoreScroll(saved.scrollY);
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
  }, [open]);

  if (Pages) return <Pages {...props} restored={restored} onProgress={onProgress} />;
  return page * PAGE_SIZE < count ? (
    <MoreButton loading={state === 'loading'} failed={state === 'failed'} onClick={() => open()} />
  ) : null;
}
