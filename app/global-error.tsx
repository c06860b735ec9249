'use client';

/**
 * Last-resort error page (spec §2 "Error page", §8: titled "Ошибка"), shown only when the root
 * layout itself fails; errors below it are caught by app/error.tsx. Replaces Next's built-in
 * global error page, whose styled markup every page's first visit otherwise downloads (issue #7
 * JS budget). Inline styles: the root layout, its fonts and stylesheet are not available here.
 */
import { ErrorPage, type ErrorPageProps } from '@/features/popups/components/error-page';

/** The whole document when the root layout fails. */
export default function GlobalError(props: ErrorPageProps) {
  return (
    <html lang="ru">
      <body style={{ fontFamily: 'system-ui, sans-serif', margin: '15vh auto', maxWidth: 560, padding: '0 16px' }}>
        <ErrorPage {...props} />
      </body>
    </html>
  );
}
