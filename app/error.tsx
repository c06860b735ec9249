'use client';

/**
 * Error boundary of the app (spec §2 "Error page", §8: titled "Ошибка"; unknown failures give a
 * 500). Offers a retry and the link to the home page.
 */
import { ErrorState } from '@/components/error-state/error-state';
import { useChunkLoadRecovery } from '@/features/popups/hooks/use-chunk-load-recovery';

/** Fallback UI for an unexpected error below the root layout. */
export default function ErrorPage({ error, retry }: { error: unknown; retry: () => void }) {
  // Spec §8/§9: a chunk missing after a deploy reloads the page (at most once a minute).
  const reloading = useChunkLoadRecovery(error);
  return (
    <main id="main">
      <title>Ошибка</title>
      <ErrorState
        message={
          reloading
            ? 'Сайт обновился. Загружаем новую версию страницы…'
            : 'Что-то пошло не так. Возможно, страница была удалена или перемещена.'
        }
      >
        <button type="button" className="button button-outline" onClick={() => retry()}>
          Попробовать ещё раз
        </button>
      </ErrorState>
    </main>
  );
}
