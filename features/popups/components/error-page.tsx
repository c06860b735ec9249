'use client';

/**
 * The error page of the three error boundaries (app/global-error.tsx, app/error.tsx,
 * app/(shop)/error.tsx; spec §2 "Error page", §8: titled "Ошибка"; issue #34 item 6) and the
 * window's chunk-load recovery, which the root layout renders on every page.
 *
 * Why one module (issue #30): every page's first visit downloads the three boundaries, and each
 * boundary file is a chunk of its own that carried its own copy of the error page and the reload
 * guard. A client module the root layout loads is available to every boundary below it, so the
 * boundaries' chunks now hold only their wrapper, and the recovery is loaded before anything can
 * fail: a chunk that fails to load after a deploy (other chunks may fail too) is handled by code
 * already on the page. The page reloads at most once a minute (spec §8/§9 guard,
 * features/popups/utils/chunk-reload.ts) and, within that minute, the error page offers «Обновить
 * страницу» instead of a retry that would ask for the same missing chunk.
 */
import { useEffect } from 'react';
import { ErrorState } from '@/components/error-state/error-state';
import { useChunkLoadRecovery } from '../hooks/use-chunk-load-recovery';
import { CHUNK_LOAD_TEXTS } from '../utils/chunk-load-texts';
import { isChunkLoadError, reloadOnChunkLoadError } from '../utils/chunk-reload';

/** What Next gives an error boundary's component: the thrown value and `retry` (re-fetch, re-render). */
export type ErrorPageProps = { error: unknown; retry: () => void };

/**
 * The title «Ошибка» and the error page's body: what happened, then «Попробовать ещё раз», or
 * «Обновить страницу» after a chunk load error the guard did not reload for, and the link home.
 */
export function ErrorPage({ error, retry }: ErrorPageProps) {
  const reloading = useChunkLoadRecovery(error);
  const chunk = isChunkLoadError(error);
  return (
    <>
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
        <button
          type="button"
          className="button button-outline"
          onClick={() => (chunk ? window.location.reload() : retry())}
        >
          {chunk ? CHUNK_LOAD_TEXTS.reload : 'Попробовать ещё раз'}
        </button>
      </ErrorState>
    </>
  );
}

/**
 * Rendered once by the root layout: a chunk load error that reaches the window (a failed dynamic
 * import outside React's error boundaries, an unhandled rejection) reloads the page at most once a
 * minute (spec §8/§9). Renders nothing.
 */
export function ChunkLoadRecovery() {
  useEffect(() => {
    const onError = (event: ErrorEvent) => void reloadOnChunkLoadError(event.error ?? event.message);
    const onRejection = (event: PromiseRejectionEvent) => void reloadOnChunkLoadError(event.reason);
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);
  return null;
}
