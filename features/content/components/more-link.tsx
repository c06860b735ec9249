import type { ArticleKind } from '@/lib/api/contract/publications';
import styles from './articles.module.css';

/** Props of `MoreLink`. */
export type MoreLinkProps = {
  kind: ArticleKind;
  /** Offset of the first article not yet shown. */
  offset: number;
  /** All articles of the kind: the link goes once `offset` reaches it. */
  total: number;
  /** A load is under way: "Загружаем…". */
  loading: boolean;
  /** The last load failed: the Russian message above the link. */
  failed: boolean;
  /** Runs instead of following the link (JavaScript is on). */
  onClick: () => void;
};

/**
 * The foot of the news and blog lists: the failure message, and the "Показать ещё" link to
 * `/{kind}?offset=N` (the page renders it on the server without JavaScript) while more remain.
 */
export function MoreLink({ kind, offset, total, loading, failed, onClick }: MoreLinkProps) {
  return (
    <>
      {failed ? (
        <p role="alert" className={styles.error}>
          Не удалось загрузить публикации. Попробуйте ещё раз.
        </p>
      ) : null}
      {offset < total ? (
        <p className={styles.more}>
          <a
            href={`/${kind}?offset=${offset}`}
            className="button button-outline"
            onClick={(event) => {
              event.preventDefault();
              onClick();
            }}
            aria-busy={loading}
          >
            {loading ? 'Загружаем…' : 'Показать ещё'}
          </a>
        </p>
      ) : null}
    </>
  );
}
