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
 * that the page was deleted or moved, and a link to the home page — a plain link: a page that
 * failed is best left with a full load, and the error boundaries that render this on every page
 * then do not ship next/link's client code (issue #7 JS budget).
 *
 * Its classes are global (app/globals.css `.error-state*`), not a CSS module: a boundary's own
 * stylesheet is written into every page's RSC payload as `errorStyles`, and with Turbopack merging
 * a route's CSS into one file that meant the whole 57 kB shop stylesheet twice more in each page's
 * HTML (the error and not-found boundaries of the shop layout; issue #30, docs/lighthouse.md).
 */
export function ErrorState({
  title = 'Ошибка',
  message = 'Страница, которую вы ищете, была удалена или перемещена.',
  children,
}: ErrorStateProps) {
  return (
    <section className="error-state" aria-labelledby="error-title">
      <h1 id="error-title" className="error-state-title">
        {title}
      </h1>
      <p className="error-state-message">{message}</p>
      <p className="error-state-actions">
        {children}
        {/* A literal "/" (not lib/routes' table): error boundaries are part of every page's JS. */}
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full load after an error, no next/link code */}
        <a href="/" className="button" data-full-load>
          Перейти на главную
        </a>
      </p>
    </section>
  );
}
