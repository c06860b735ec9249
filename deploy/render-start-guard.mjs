/**
 * The render-start guard of the storefront's Next cache (issue #13 "Truthful pages",
 * docs/caching.md "A render that straddles an expiry").
 *
 * Next decides whether a cached page or fetch is expired by comparing the time its tag was
 * revalidated with the entry's `lastModified`, which is when the entry was *written*. A page (or a
 * fetch of the shop API) that started before `POST /api/revalidate` expired its tags, and so read
 * the old price, finishes after it and is stored as fresh: the shop then shows the old price until
 * the next expiry of one of its tags. On a busy shop this is common, because every change expires
 * `listings`, which re-renders every product page that shows a row of other products.
 *
 * This wrapper, around a Next incremental cache handler class (the `cacheHandler` option of
 * next.config.ts; used on Next's own FileSystemCache, deploy/next-cache-handler-local.mjs), dates each entry it stores from when it was found missing or stale (the render
 * that replaces it started after that), and reports that time as the entry's `lastModified` when it
 * is read back in this process. Next's own tag check (`areTagsExpired`) then sees that the tag was
 * revalidated after the render began and renders again. The worst case drops from "until the next
 * re-expiry" (1 s or 3 s, server/services/change-events.ts) to one more render.
 *
 * - With Next's built-in FileSystemCache only this process's writes are re-dated (the times live
 *   in memory): an entry another worker wrote to the shared disk keeps its write time, i.e. Next's
 *   behaviour. (Around the Redis handler, @fortedigital/nextjs-cache-handler, the cluster's pages
 *   answered 500 in CI, so that one is not wrapped.)
 * - Re-dating only ever moves `lastModified` earlier, so the guard can cost an extra render but can
 *   never make an entry fresher than Next would.
 * - A render's start is the first miss or stale read of its key since the key was last stored, so
 *   a render that other requests joined is dated from its first request.
 */

/** ms after which a noted miss without a write is forgotten (the render failed or was not cached). */
const PENDING_TTL_MS = 60_000;
/** At most this many keys are remembered (a Map in insertion order: the oldest are dropped). */
const MAX_KEYS = 100_000;

const state = (globalThis.__storefrontRenderStartGuard ??= {
  /** key → ms of the first miss/stale read not yet followed by a write. */
  pending: new Map(),
  /** key → ms the render of the stored entry started. */
  startedAt: new Map(),
  /** tag → ms of its last revalidation in this process. */
  revalidatedAt: new Map(),
});

function remember(map, key, value) {
  map.delete(key);
  map.set(key, value);
  if (map.size > MAX_KEYS) map.delete(map.keys().next().value);
}

/** The tags Next checks for an entry: a page's `x-next-cache-tags` header, a fetch's tags. */
function tagsOf(data, ctx) {
  const value = data?.value;
  if (value?.kind === 'FETCH') return [...(ctx?.tags ?? []), ...(ctx?.softTags ?? [])];
  const header = value?.headers?.['x-next-cache-tags'];
  return typeof header === 'string' ? header.split(',') : [];
}

/** Whether Next will render this entry again: missing, past its revalidate time, or a tag revalidated since. */
function needsRender(data, ctx, now) {
  if (!data?.value) return true;
  const revalidate = data.value.kind === 'FETCH' ? data.value.revalidate : data.cacheControl?.revalidate;
  if (typeof revalidate === 'number' && now - data.lastModified > revalidate * 1000) return true;
  return tagsOf(data, ctx).some((tag) => (state.revalidatedAt.get(tag) ?? 0) > data.lastModified);
}

/**
 * Wraps a Next cache handler class (get/set/revalidateTag) with the guard described above.
 * @param {new (ctx: unknown) => { get: Function, set: Function, revalidateTag: Function }} Base
 * @returns a subclass Next can use as `cacheHandler` (`Base` itself when CACHE_RENDER_GUARD=off).
 */
export function withRenderStartGuard(Base) {
  // Off only to measure what it buys (npm run bench:freshness -- --no-guard, docs/caching.md).
  if (process.env.CACHE_RENDER_GUARD === 'off') return Base;
  return class RenderStartGuard extends Base {
    async get(key, ctx, ...rest) {
      const data = await super.get(key, ctx, ...rest);
      const now = Date.now();
      let result = data;
      const started = state.startedAt.get(key);
      if (data && typeof started === 'number' && started < data.lastModified) {
        result = { ...data, lastModified: started };
      }
      if (needsRender(result, ctx, now)) {
        const pending = state.pending.get(key);
        if (pending === undefined || now - pending > PENDING_TTL_MS) remember(state.pending, key, now);
      }
      return result;
    }

    async set(key, data, ctx, ...rest) {
      const pending = state.pending.get(key);
      state.pending.delete(key);
      const started = pending !== undefined && Date.now() - pending <= PENDING_TTL_MS ? pending : Date.now();
      remember(state.startedAt, key, started);
      return super.set(key, data, ctx, ...rest);
    }

    async revalidateTag(tags, ...rest) {
      const now = Date.now();
      for (const tag of Array.isArray(tags) ? tags : [tags]) remember(state.revalidatedAt, tag, now);
      return super.revalidateTag(tags, ...rest);
    }
  };
}
