'use client';

/**
 * Error boundary of the app (spec §2 "Error page", §8: titled "Ошибка"; unknown failures give a
 * 500): errors below the root layout outside the shop layout, and those of the shop layout itself.
 */
import { ErrorPage, type ErrorPageProps } from '@/features/popups/components/error-page';

/** Fallback UI for an unexpected error below the root layout. */
export default function RootError(props: ErrorPageProps) {
  return (
    <main id="main">
      <ErrorPage {...props} />
    </main>
  );
}
