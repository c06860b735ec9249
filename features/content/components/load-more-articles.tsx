'use client';

import { useState } from 'react';
import type { ArticleKind } from '@/lib/api/contract/publications';
import { MoreLink } from './more-link';
import type { MoreArticles } from './more-articles';

/** Props of `LoadMoreArticles`. */
export type LoadMoreArticlesProps = {
  kind: ArticleKind;
  /** Offset of the first article not yet shown. */
  nextOffset: number;
  /** All articles of the kind (`count` of the API page). */
  total: number;
};

/**
 * "Показать ещё" of the news and blog lists: fetches the next page through the BFF
 * (`/api/v1/{content}?offset=`, spec §7) and appends it. Without JavaScript the button is a link
 * to `?offset=N`, which the page renders on the server. A failed load shows a Russian message
 * and keeps the button. The pages (TanStack Query, issue #17 item 3) load with the first click
 * (`MoreArticles`), so the list's first visit does not download the library (issue #7).
 */
export function LoadMoreArticles(props: LoadMoreArticlesProps) {
  const { kind, nextOffset, total } = props;
  const [More, setMore] = useState<typeof MoreArticles | null>(null);
  const [state, setState] = useState<'idle' | 'loading' | 'error'>('idle');

  if (More) return <More {...props} />;
  return (
    <MoreLink
      kind={kind}
      offset={nextOffset}
      total={total}
      loading={state === 'loading'}
      failed={state === 'error'}
      onClick={() => {
        setState('loading');
        import('./more-articles').then((m) => setMore(() => m.MoreArticles)).catch(() => setState('error'));
      }}
    />
  );
}
