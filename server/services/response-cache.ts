/**
 * In-process cache of hot public catalogue answers (issue #7): the storefront's pages, the BFF and
 * crawlers ask the same few catalogue questions many times a second, and PGlite answers one query
 * at a time, so under 16–64 concurrent requests the same listing was computed over and over.
 *
 * Only anonymous (no `Authorization`) GETs of the allow-listed public paths are cached, only 200
 * answers, keyed by path + query, for `ttlMs` (the storefront's own data cache keeps answers for
 * CATALOG_REVALIDATE_S = 300 s, so seconds of staleness here change nothing a shopper sees). At
 * most `maxEntries` answers are kept; the oldest is dropped first. Concurrent misses of one key
 * share one computation. Answers carry `X-Api-Cache: hit|miss`.
 *
 * Freshness (issue #13): {@link invalidateResponseCaches} drops every answer at once; the change
 * events of server/services/change-events.ts call it for any catalogue change, so `ttlMs` is only
 * the safety net. An answer computed while an invalidation happened is not kept.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../types';

/** Public catalogue and content paths whose answers do not depend on who asks. */
export const CACHEABLE_PATHS: readonly RegExp[] = [
  /^\/api\/v1\/(preview_category|categories|brands|color|organization|banner|containerbanners|instagramm_posts|get_seo|search_suggest)\/?$/,
  /^\/api\/v1\/(category|offers|all\/filters|search|landing_page|about)(\/.*)?$/,
  /^\/api\/v1\/product_offer\/?$/,
];

export type ResponseCacheOptions = {
  /** Lifetime of an answer, ms; 0 turns the cache off. */
  ttlMs: number;
  /** Most answers kept. */
  maxEntries?: number;
};

type Entry = { expires: number; body: string; contentType: string; generation: number };

// Bumped by every invalidation; entries of an older generation are misses.
let generation = 0;

/** Drops every cached answer of every response cache in this process (a catalogue change). */
export function invalidateResponseCaches(): void {
  generation += 1;
}

/** Hono middleware; see the module docstring. */
export function responseCache({ ttlMs, maxEntries = 2000 }: ResponseCacheOptions): MiddlewareHandler<AppEnv> {
  const entries = new Map<string, Entry>();
  const pending = new Map<string, Promise<Entry | null>>();

  return async (c, next) => {
    if (ttlMs <= 0 || c.req.method !== 'GET' || c.req.header('authorization')) return next();
    const url = new URL(c.req.url);
    if (!CACHEABLE_PATHS.some((re) => re.test(url.pathname))) return next();
    const key = url.pathname.replace(/\/+$/, '') + url.search;

    const now = Date.now();
    const cached = entries.get(key);
    if (cached && cached.expires > now && cached.generation === generation) return respond(c, cached, 'hit');

    // A computation started before an invalidation is not shared with requests after it.
    const pendingKey = `${generation} ${key}`;
    const shared = pending.get(pendingKey);
    if (shared) {
      const entry = await shared;
      if (entry) return respond(c, entry, 'hit');
      return next();
    }

    const startedIn = generation;
    let settle: (entry: Entry | null) => void = () => {};
    pending.set(pendingKey, new Promise<Entry | null>((resolve) => (settle = resolve)));
    try {
      await next();
      const res = c.res;
      const contentType = res.headers.get('content-type') ?? '';
      if (res.status !== 200 || !contentType.includes('application/json')) {
        settle(null);
        return;
      }
      const entry: Entry = { expires: Date.now() + ttlMs, body: await res.clone().text(), contentType, generation: startedIn };
      // Computed across an invalidation: may hold what was just changed; answer it, keep it not.
      if (startedIn !== generation) {
        settle(entry);
        return;
      }
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.delete(key);
      entries.set(key, entry);
      settle(entry);
      c.res.headers.set('X-Api-Cache', 'miss');
    } catch (error) {
      settle(null);
      throw error;
    } finally {
      pending.delete(pendingKey);
    }
  };
}

function respond(c: Parameters<MiddlewareHandler<AppEnv>>[0], entry: Entry, state: 'hit'): Response {
  return c.body(entry.body, 200, { 'Content-Type': entry.contentType, 'X-Api-Cache': state });
}
