'use client';

/** Error boundary of shop pages: keeps header and footer (spec §2 "Error page", titled "Ошибка"). */
import { ErrorState } from '@/components/error-state/error-state';
import { useChunkLoadRecovery } from '@/features/popups/hooks/use-chunk-load-recovery';

/** Fallback UI for an unexpected error in a shop page. */
export default function ShopError({ error, retry }: { error: unknown; retry: () => void }) {
  // Spec §8/§9: a chunk missing after a deploy reloads the page (at most once a minute).
  const reloading = useChunkLoadRecovery(error);
  return (
    <div className="container">
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
    </div>
  );
}
