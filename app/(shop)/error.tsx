'use client';

/** Error boundary of shop pages: keeps header and footer (spec §2 "Error page", titled "Ошибка"). */
import { ErrorState } from '@/components/error-state/error-state';
import { useChunkLoadRecovery } from '@/features/popups/hooks/use-chunk-load-recovery';
import { CHUNK_LOAD_TEXTS } from '@/features/popups/utils/chunk-load-texts';
import { isChunkLoadError } from '@/features/popups/utils/chunk-reload';

/** Fallback UI for an unexpected error in a shop page. */
export default function ShopError({ error, retry }: { error: unknown; retry: () => void }) {
  // Spec §8/§9: a chunk missing after a deploy reloads the page (at most once a minute).
  const reloading = useChunkLoadRecovery(error);
  const chunk = isChunkLoadError(error);
  return (
    <div className="container">
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
    </div>
  );
}
