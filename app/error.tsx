'use client';

/**
 * Error boundary of the app (spec §2 "Error page", §8: titled "Ошибка"; unknown failures give a
 * 500). Offers a retry and the link to the home page.
 */
import { useEffect } from 'react';
import { ErrorState } from '@/components/error-state/error-state';

/** Fallback UI for an unexpected error below the root layout. */
export default function ErrorPage({ error, retry }: { error: unknown; retry: () => void }) {
  useEffect(() => {
    console.error('что-то пошло не так', error);
  }, [error]);
  return (
    <main id="main">
      <title>Ошибка</title>
      <ErrorState message="Что-то пошло не так. Возможно, страница была удалена или перемещена.">
        <button type="button" className="button button-outline" onClick={() => retry()}>
          Попробовать ещё раз
        </button>
      </ErrorState>
    </main>
  );
}
