import Link from 'next/link';
import styles from './error-state.module.css';

/** Props of `ErrorState`. */
export type ErrorStateProps = {
  /** Heading; the spec's error page says "Ошибка". */
  title?: string;
  /** Explanation under the heading. */
  message?: string;
  /** Extra actions (e.g. a retry button) placed before the home link. */
  children?: React.ReactNode;
};

/**
 * The error page body (spec §2 "Error page", §8 "Error page title: 'Ошибка'"): the title, a note
 * that the page was deleted or moved, and a link to the home page.
 */
export function ErrorState({
  title = 'Ошибка',
  message = 'Страница, которую вы ищете, была удалена или перемещена.',
  children,
}: ErrorStateProps) {
  return (
    <section className={styles.wrap} aria-labelledby="error-title">
      <h1 id="error-title" className={styles.title}>
        {title}
      </h1>
      <p className={styles.message}>{message}</p>
      <p className={styles.actions}>
        {children}
        <Link href="/" className="button">
          Перейти на главную
        </Link>
      </p>
    </section>
  );
}
