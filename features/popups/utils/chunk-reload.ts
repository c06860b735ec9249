/**
 * Failed chunk load recovery (spec §8 "Failed chunk load: reloads the page, at most once per
 * minute"; §9 guard 60000 ms). After a deploy, an open tab may ask for JS chunks that no longer
 * exist; one reload fetches the new build. The time of the last reload is kept in sessionStorage
 * so a permanently broken chunk cannot cause a reload loop.
 */
import { CHUNK_RELOAD_GUARD_MS } from '@/lib/chunk-reload-guard';

/** sessionStorage key of the last reload time (ms since epoch). */
export const CHUNK_RELOAD_KEY = 'chunkReloadAt';

/** True for the errors browsers and bundlers raise when a JS/CSS chunk cannot be loaded. */
export function isChunkLoadError(error: unknown): boolean {
  if (!error) return false;
  const name = typeof error === 'object' && 'name' in error ? String((error as { name: unknown }).name) : '';
  const message =
    typeof error === 'object' && 'message' in error ? String((error as { message: unknown }).message) : String(error);
  return (
    name === 'ChunkLoadError' ||
    /Loading (CSS )?chunk [\w-]+ failed/i.test(message) ||
    /Failed to fetch dynamically imported module/i.test(message) ||
    /error loading dynamically imported module/i.test(message) ||
    /Importing a module script failed/i.test(message)
  );
}

/**
 * Reloads once if the last guarded reload was more than 60 s ago.
 * @param now current time, ms. @param store where the time is kept. @param reload the reload action.
 * @returns true when it reloaded.
 */
export function reloadOncePerMinute(
  now: number,
  store: Pick<Storage, 'getItem' | 'setItem'>,
  reload: () => void,
): boolean {
  const last = Number(store.getItem(CHUNK_RELOAD_KEY) ?? 0);
  if (Number.isFinite(last) && now - last < CHUNK_RELOAD_GUARD_MS) return false;
  store.setItem(CHUNK_RELOAD_KEY, String(now));
  reload();
  return true;
}

/**
 * What an error boundary does with the error it caught (spec §8/§9): a chunk load error reloads
 * the page at most once a minute (React hands render errors to the boundary, never to
 * `window.onerror`, so the window listeners of ShopWidgets do not see them).
 * @returns true when the page is being reloaded.
 */
export function reloadOnChunkLoadError(
  error: unknown,
  now: number = Date.now(),
  store: Pick<Storage, 'getItem' | 'setItem'> | null = sessionStore(),
  reload: () => void = () => window.location.reload(),
): boolean {
  if (!store || !isChunkLoadError(error)) return false;
  return reloadOncePerMinute(now, store, reload);
}

function sessionStore(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage disabled: without a place for the guard's time, no reload (no loop either).
    return null;
  }
}
