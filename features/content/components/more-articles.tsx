'use client';

import { useInfiniteQuery } from '@tanstack/react-query';
import { QueryIsland } from '@/lib/query-client';
import { moreArticlesQuery } from '../api/articles-query';
import { ArticleCard } from './article-card';
import styles from './articles.module.css';
import { MoreLink } from './more-link';
import type { LoadMoreArticlesProps } from './load-more-articles';

/**
 * The appended pages of the news and blog lists (see `LoadMoreArticles`, which loads this module on
 * the first click): a TanStack infinite query from `nextOffset` that loads its first page at once.
 */
export function MoreArticles(props: LoadMoreArticlesProps) {
  return (
    <QueryIsland>
      <Pages {...props} />
    </QueryIsland>
  );
}

function Pages({ kind, nextOffset, total }: LoadMoreArticlesProps) {
  const more = useInfiniteQuery(moreArticlesQuery(kind, nextOffset, total));
  const items = more.data?.pages.flatMap((page) => page.results) ?? [];
  const last = more.data?.pages.at(-1);
  const offset = last ? last.offset + last.results.length : nextOffset;
  return (
    <>
      {items.length > 0 ? (
        <ul className={styles.grid} aria-label="Ещё публикации">
          {items.map((article) => (
            <ArticleCard key={article.id} article={article} />
          ))}
        </ul>
      ) : null}
      <MoreLink
        kind={kind}
        offset={offset}
        total={total}
        loading={more.isFetching}
        failed={more.isError && !more.isFetching}
        onClick={() => {
          if (!more.isFetching) void more.fetchNextPage();
        }}
      />
    </>
  );
}
