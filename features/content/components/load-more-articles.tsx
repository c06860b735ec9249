'use client';

import { useState } from 'react';
import type { ArticleKind, ArticlePreview } from '@/lib/api/contract/publications';
import { ArticleCard } from './article-card';
import styles from './articles.module.css';

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
 * and keeps the button.
 */
export function LoadMoreArticles({ kind, nextOffset, total }: LoadMoreArticlesProps) {
  const [items, setItems] = useState<ArticlePreview[]>([]);
  const [offset, setOffset] = useState(nextOffset);
  const [state, setState] = useState<'idle' | 'loading' | 'error'>('idle');

  async function loadMore(event: React.MouseEvent) {
    event.preventDefault();
    setState('loading');
    try {
      const res = await fetch(`/api/v1/${kind}?offset=${offset}`, { headers: { Accept: 'application/json' } });
      if (!res.ok) throw new Error(String(res.status));
      const { ArticlesPage } = await import('@/lib/api/contract/publications');
      const page = ArticlesPage.parse(await res.json());
      setItems((prev) => [...prev, ...page.results]);
      setOffset(page.offset + page.results.length);
      setState('idle');
    } catch {
      setState('error');
    }
  }

  return (
    <>
      {items.length > 0 ? (
        <ul className={styles.grid} aria-label="Ещё публикации">
          {items.map((article) => (
            <ArticleCard key={article.id} article={article} />
          ))}
        </ul>
      ) : null}
      {state === 'error' ? (
        <p role="alert" className={styles.error}>
          Не удалось загрузить публикации. Попробуйте ещё раз.
        </p>
      ) : null}
      {offset < total ? (
        <p className={styles.more}>
          <a
            href={`/${kind}?offset=${offset}`}
            className="button button-outline"
            onClick={loadMore}
            aria-busy={state === 'loading'}
          >
            {state === 'loading' ? 'Загружаем…' : 'Показать ещё'}
          </a>
        </p>
      ) : null}
    </>
  );
}
