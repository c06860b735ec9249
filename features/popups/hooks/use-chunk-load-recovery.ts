'use client';

/**
 * For the error boundaries (app/error.tsx, app/(shop)/error.tsx, app/global-error.tsx): after a
 * deploy an open tab asks for chunks that no longer exist, and React gives that ChunkLoadError to
 * the nearest boundary. Spec §8/§9: the page reloads, at most once per 60000 ms; any other error
 * is logged with the spec's generic message and the boundary shows the error page.
 */
import { useEffect, useState } from 'react';
import { isChunkLoadError, reloadOnChunkLoadError } from '../utils/chunk-reload';

/** @returns true while a reload for a chunk load error is under way (show a short notice). */
export function useChunkLoadRecovery(error: unknown): boolean {
  const [reloading, setReloading] = useState(false);
  useEffect(() => {
    let live = true;
    if (reloadOnChunkLoadError(error)) {
      // After the reload was asked for: the notice replaces "Что-то пошло не так" until it happens.
      void Promise.resolve().then(() => live && setReloading(true));
    } else if (!isChunkLoadError(error)) {
      console.error('что-то пошло не так', error);
    }
    return () => {
      live = false;
    };
  }, [error]);
  return reloading;
}
