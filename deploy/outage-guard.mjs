/**
 * Keeps an error page rendered while the shop API was failing out of the storefront's page cache.
 *
 * Spec §2 "Error page": a page answers 404 when neither the organization data nor the preview
 * categories loaded, which is what every page renders while the shop API is down. Next caches that
 * 404 like any other render of an ISR page (in memory and on disk, `s-maxage` 300), so a blip of
 * the API left the home page and the catalogue answering 404 for minutes after it came back, and
 * a restart of the same build read the 404 back from disk (seen when a shop was stopped while a
 * page was being rendered). This wrapper, around a Next incremental cache handler class, does not
 * store a page answer of status ≥ 400 rendered within {@link OUTAGE_WINDOW_MS} of a failed API
 * call (a network error or a 5xx; lib/api/fetcher.ts notes the time under {@link API_FAILED_KEY}):
 * the shopper who asked still gets the spec's error page, the previously stored page stays (Next
 * serves it stale and tries again), and the next request renders again. Legitimate 404s (an
 * unknown product) are stored as before once the API answers again.
 */

/** `globalThis[API_FAILED_KEY]`: epoch ms of the last failed shop API call (lib/api/fetcher.ts). */
export const API_FAILED_KEY = Symbol.for('storefront.apiFailedAt');
/** How long after a failed API call an error page is not stored (ms). */
export const OUTAGE_WINDOW_MS = 30_000;

/**
 * @template {new (...args: any[]) => { set(key: string, data: any, ctx: any, ...rest: any[]): Promise<void> }} T
 * @param {T} Base a Next `cacheHandler` class (Next's FileSystemCache)
 * @returns {T} a subclass Next can use as `cacheHandler`
 */
export function withOutageGuard(Base) {
  return class OutageGuard extends Base {
    async set(key, data, ctx, ...rest) {
      const failedAt = globalThis[API_FAILED_KEY] ?? 0;
      const page = data?.kind === 'APP_PAGE' || data?.kind === 'PAGES';
      if (page && (data.status ?? 200) >= 400 && Date.now() - failedAt < OUTAGE_WINDOW_MS) return;
      return super.set(key, data, ctx, ...rest);
    }
  };
}
