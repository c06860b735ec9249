'use client';

/**
 * Last-resort error page (spec §2 "Error page", §8: titled "Ошибка"), shown only when the root
 * layout itself fails; errors below it are caught by app/error.tsx. Replaces Next's built-in
 * global error page, whose styled markup every page's first visit otherwise downloads (issue #7
 * JS budget). Plain HTML: the root layout, its fonts and styles are not available here.
 */
import { useChunkLoadRecovery } from '@/features/popups/hooks/use-chunk-load-recovery';

/** The whole document when the root layout fails; `reset` re-renders it. A chunk load error reloads (spec §8/§9). */
export default function GlobalError({ error, reset }: { error: unknown; reset: () => void }) {
  const reloading = useChunkLoadRecovery(error);
  return (
    <html lang="ru">
      <body style={{ fontFamily: 'system-ui, sans-serif', margin: '15vh auto', maxWidth: 560, padding: '0 16px' }}>
        <title>Ошибка</title>
        <h1>Ошибка</h1>
        <p>
          {reloading
            ? 'Сайт обновился. Загружаем новую версию страницы…'
            : 'Что-то пошло не так. Возможно, страница была удалена или перемещена.'}
        </p>
        <p>
          <button type="button" onClick={() => reset()}>
            Попробовать ещё раз
          </button>{' '}
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full load after an error, no next/link code */}
          <a href="/">Перейти на главную</a>
        </p>
      </body>
    </html>
  );
}
