'use client';

/**
 * Error boundary of the app (spec §2 "Error page", §8: titled "Ошибка"; unknown failures give a
 * 500). Offers a retry and the link to the home page.
 */
import { ErrorState } from '@/components/error-state/error-state';
import { useChunkLoadRecovery } from '@/features/popups/hooks/use-chunk-load-recovery';
import { CHUNK_LOAD_TEXTS, isChunkLoadError } from '@/features/popups/utils/chunk-reload';

/** Fallback UI for an unexpected error below the root layout. */
export default function ErrorPage({ error, retry }: { error: unknown; retry: () => void }) {
  // Spec §8/§9: a chunk missing after a deploy reloads the page (at most once a minute).
  const reloading = useChunkLoadRecovery(error);
  const chunk = isChunkLoadError(error);
  return (
    <main id="main">
      <title>Ошибка</title>
      <ErrorState
        message={
          reloading
            ? CHUNK_LOAD_TEXTS.reloading
            : chunk
              ? CHUNK_LOAD_TEXTS.failed
              : 'Что-то пошло не так. Возможно, страница была удалена или перемещена.'
        }
      >
        {chunk ? (
          // Issue #34 item 6: a retry would ask for the same missing chunk; only a reload helps.
          <button type="button" className="button button-outline" onClick={() => window.location.reload()}>
            {CHUNK_LOAD_TEXTS.reload}
          </button>
        ) : (
          <button type="button" className="button button-outline" onClick={() => retry()}>
            Попробовать ещё раз
          </button>
        )}
      </ErrorState>
    </main>
  );
}
