'use client';

import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { ProductGrid } from '@/components/product-grid/product-grid';
import type { OfferCard } from '@/lib/api/contract/catalog';
import { PAGE_SIZE } from '@/lib/constants';
import { QueryIsland } from '@/lib/query-client';
import type { SavedCatalogPage } from '@/stores/catalog-store';
import { appendedCards, showMoreQuery } from '../api/show-more-query';
import { restoreScroll } from '../utils/restore-scroll';
import { MoreButton } from './more-button';
import type { ShowMoreProps } from './show-more';

/** Props of `ShowMorePages`. */
export type ShowMorePagesProps = ShowMoreProps & {
  /** The listing's saved state when the shopper came back with the browser's Back button. */
  restored?: SavedCatalogPage;
  /** Told the appended cards and the next 1-based page after each change, for the saved state. */
  onProgress: (appended: OfferCard[], nextPage: number) => void;
};

/**
 * The appended pages of "Показать ещё" (see `ShowMore`, which loads this module on the first click
 * or to restore a listing): a TanStack infinite query over the listing's BFF URL (issue #17 item 3).
 * Mounted by a click, it loads the next page at once; mounted by a restore, it shows the saved
 * cards, scrolls back to where the shopper was and loads nothing until the next click.
 */
export function ShowMorePages(props: ShowMorePagesProps) {
  return (
    <QueryIsland>
      <Pages {...props} />
    </QueryIsland>
  );
}

function Pages({ endpoint, page, count, label, cardAction, restored, onProgress }: ShowMorePagesProps) {
  const more = useInfiniteQuery(showMoreQuery(endpoint, page, count, restored));
  const appended = useMemo(() => appendedCards(more.data?.pages ?? []), [more.data]);
  const nextPage = more.data?.pages.at(-1)?.next ?? page + 1;

  useEffect(() => onProgress(appended, nextPage), [onProgress, appended, nextPage]);
  useEffect(() => {
    if (restored) restoreScroll(restored.scrollY);
  }, [restored]);

  const loading = more.isFetching;
  return (
    <>
      {appended.length > 0 ? <ProductGrid offers={appended} label={`${label}: ещё`} cardAction={cardAction} /> : null}
      {(nextPage - 1) * PAGE_SIZE < count ? (
        <MoreButton loading={loading} failed={more.isError && !loading} onClick={() => void more.fetchNextPage()} />
      ) : null}
    </>
  );
}
