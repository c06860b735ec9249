'use client';

/** Error boundary of shop pages: keeps header and footer (spec §2 "Error page", titled "Ошибка"). */
import { useEffect } from 'react';
import { ErrorState } from '@/components/error-state/error-state';

/** Fallback UI for an unexpected error in a shop page. */
export default function ShopError({ error, retry }: { error: unknown; retry: () => void }) {
  useEffect(() => {
    console.error('что-то пошло не так', error);
  }, [error]);
  return (
    <div className="container">
      <title>Ошибка</title>
      <ErrorState message="Что-то пошло не так. Возможно, страница была удалена или перемещена.">
        <button type="button" className="button button-outline" onClick={() => retry()}>
          Попробовать ещё раз
        </button>
      </ErrorState>
    </div>
  );
}
