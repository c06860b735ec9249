import { pageHref } from '@/lib/routes';
import styles from './pagination.module.css';

/** Props of `Pagination`. */
export type PaginationProps = {
  /** Path of page 1, no query ("/kupalniki"). */
  basePath: string;
  /** Current 1-based page. */
  page: number;
  totalPages: number;
  /** Other query parameters to keep (e.g. searchParam). */
  query?: Record<string, string | undefined>;
};

/** Page numbers to show: first, last, current ±2, with `null` for a gap. */
export function pageWindow(page: number, totalPages: number): (number | null)[] {
  const pages: (number | null)[] = [];
  for (let p = 1; p <= totalPages; p += 1) {
    if (p === 1 || p === totalPages || Math.abs(p - page) <= 2) pages.push(p);
    else if (pages[pages.length - 1] !== null) pages.push(null);
  }
  return pages;
}

/**
 * Crawlable pagination (DESIGN "complete HTML without JavaScript"): real `<a href="?page=N">`
 * links, "Назад"/"Вперёд", the current page marked with aria-current. Nothing for one page.
 */
export function Pagination({ basePath, page, totalPages, query }: PaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Страницы каталога" className={styles.nav}>
      <ul className={styles.list}>
        {page > 1 ? (
          <li>
            <a href={pageHref(basePath, page - 1, query)} rel="prev" className={styles.step}>
              ← Назад
            </a>
          </li>
        ) : null}
        {pageWindow(page, totalPages).map((p, index) =>
          p === null ? (
            <li key={`gap-${index}`} className={styles.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              {p === page ? (
                <span className={`${styles.page} ${styles.current}`} aria-current="page">
                  {p}
                </span>
              ) : (
                <a href={pageHref(basePath, p, query)} className={styles.page} aria-label={`Страница ${p}`}>
                  {p}
                </a>
              )}
            </li>
          ),
        )}
        {page < totalPages ? (
          <li>
            <a href={pageHref(basePath, page + 1, query)} rel="next" className={styles.step}>
              Вперёд →
            </a>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
