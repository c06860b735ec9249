/**
 * The storefront's Next cache on one machine (no REDIS_URL): Next's own memory + disk cache
 * (`FileSystemCache`, the handler Next uses when none is configured) with the render-start guard
 * of ./render-start-guard.mjs, so a page or fetch that straddles a revalidation is not kept as
 * fresh (issue #13, docs/caching.md), the outage guard of ./outage-guard.mjs, so an error page
 * rendered while the shop API was failing is not kept, and the hook that expires storefront-server/serve.ts's
 * micro-cache copies once a revalidation is applied.
 *
 * Next exports no public path for its built-in handler; this imports it from `next/dist`, the
 * same file Next itself loads. `npm test` runs the freshness e2e on it, so a Next upgrade that
 * moves it fails loudly.
 */
import fileSystemCache from 'next/dist/server/lib/incremental-cache/file-system-cache.js';
import { withOutageGuard } from './outage-guard.mjs';
import { withRenderStartGuard } from './render-start-guard.mjs';

/** `globalThis[REVALIDATED_HOOK]`: storefront-server/serve.ts's micro-cache expiry (lib/revalidation.ts). */
const REVALIDATED_HOOK = Symbol.for('storefront.onRevalidate');

/**
 * Tells storefront-server/serve.ts's micro-cache which tags were revalidated once this process's cache has
 * applied them. Next applies the tags of a `revalidateTag` in a route handler after the handler
 * returned, through `waitUntil`, which is neither before the response ends nor before `after()`
 * callbacks run: a micro-cache refresh started earlier was answered with the old page and kept as
 * fresh (issue #13, docs/caching.md).
 * @template {new (...args: any[]) => { revalidateTag(tags: string | string[], ...rest: any[]): Promise<void> }} T
 * @param {T} Base
 * @returns {T}
 */
export function withRevalidationHook(Base) {
  return class RevalidationHook extends Base {
    async revalidateTag(tags, ...rest) {
      await super.revalidateTag(tags, ...rest);
      globalThis[REVALIDATED_HOOK]?.(Array.isArray(tags) ? tags : [tags], []);
    }
  };
}

export default withRevalidationHook(withOutageGuard(withRenderStartGuard(fileSystemCache.default ?? fileSystemCache)));
