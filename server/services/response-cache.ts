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
 *
 * Shared store (issue #16, docs/topology.md): given a Redis client, answers are kept in Redis for
 * every API instance (`<prefix>a:<key>`, with the ms the computation started) next to the ms of the
 * last invalidation (`<prefix>invalidated`); one `MGET` reads both, and an answer whose computation
 * started before the last invalidation is a miss, on every instance. Every instance's change events
 * set that time (each LISTENs to the same database). Redis unreachable: the request is computed,
 * nothing is kept. Concurrent misses still share one computation per instance.
 */
import { reportRedisError, timed, type Redis } from './redis';
import type { AppEnv } from '../types';
import type { Context, MiddlewareHandler } from 'hono';

/** Public catalogue and content paths whose answers do not depend on who asks. */
export const CACHEABLE_PATHS: readonly RegExp[] = [
  /^\/api\/v1\/(preview_category|categories|brands|color|organization|banner|containerbanners|instagramm_posts|get_seo|search_suggest)\/?$/,
  /^\/api\/v1\/(category|offers|all\/filters|search|landing_page|about)(\/.*)?$/,
  /^\/api\/v1\/product_offer\/?$/,
];

export type ResponseCacheOptions = {
  /** Lifetime of an answer, ms; 0 turns the cache off. */
  ttlMs: number;
  /** Most answers kept (in this process's memory; Redis keeps each for `ttlMs`). */
  maxEntries?: number;
  /** Shared store of every API instance; absent: this process's memory. */
  redis?: Redis | null;
  /** Prefix of the Redis keys (default `shop:api-cache:`). */
  redisPrefix?: string;
};

type Entry = { expires: number; body: string; contentType: string; generation: number };

/** One answer as kept in Redis. */
type SharedEntry = { startedAt: number; body: string; contentType: string };

// Bumped by every invalidation; entries of an older generation are misses.
let generation = 0;
// Shared stores to tell of an invalidation: Redis key of its time → client.
const sharedStores = new Map<string, Redis>();

/**
 * Drops every cached answer of every response cache in this process (a catalogue change), and of
 * every instance sharing a Redis store (the time of the invalidation is written there; the write is
 * not awaited: a lost write leaves answers at most `ttlMs` old).
 */
export function invalidateResponseCaches(): void {
  generation += 1;
  const at = String(Date.now());
  for (const [key, client] of sharedStores) {
    timed(client)
      .set(key, at)
      .catch((error: unknown) => reportRedisError('response cache invalidation', error));
  }
}

/** The answer of `key` in Redis if it was computed after the last invalidation; null otherwise. */
async function readShared(client: Redis, prefix: string, key: string): Promise<SharedEntry | null> {
  try {
    const [raw, invalidated] = await timed(client).mGet([`${prefix}a:${key}`, `${prefix}invalidated`]);
    if (!raw) return null;
    const entry = JSON.parse(raw) as SharedEntry;
    return entry.startedAt > Number(invalidated ?? 0) ? entry : null;
  } catch (error) {
    reportRedisError('response cache read', error);
    return null;
  }
}

/** Hono middleware; see the module docstring. */
export function responseCache({
  ttlMs,
  maxEntries = 2000,
  redis,
  redisPrefix = 'shop:api-cache:',
}: ResponseCacheOptions): MiddlewareHandler<AppEnv> {
  if (redis && ttlMs > 0) {
    sharedStores.set(`${redisPrefix}invalidated`, redis);
    return sharedResponseCache(redis, redisPrefix, ttlMs);
  }
  const entries = new Map<string, Entry>();
  const pending = new Map<string, Promise<Entry | null>>();

  return async (c, next) => {
    const key = ttlMs > 0 ? cacheKey(c) : null;
    if (key === null) return next();

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
      const entry: Entry = {
        expires: Date.now() + ttlMs,
        body: await res.clone().text(),
        contentType,
        generation: startedIn,
      };
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

function respond(c: Context<AppEnv>, entry: Pick<Entry, 'body' | 'contentType'>, state: 'hit'): Response {
  return c.body(entry.body, 200, { 'Content-Type': entry.contentType, 'X-Api-Cache': state });
}

/** The cacheable key of a request, or null when it is not cached (see the module docstring). */
function cacheKey(c: Context<AppEnv>): string | null {
  if (c.req.method !== 'GET' || c.req.header('authorization')) return null;
  const url = new URL(c.req.url);
  if (!CACHEABLE_PATHS.some((re) => re.test(url.pathname))) return null;
  return url.pathname.replace(/\/+$/, '') + url.search;
}

/** The middleware on a Redis store shared by every API instance (module docstring). */
function sharedResponseCache(client: Redis, prefix: string, ttlMs: number): MiddlewareHandler<AppEnv> {
  const pending = new Map<string, Promise<SharedEntry | null>>();
  return async (c, next) => {
    const key = cacheKey(c);
    if (key === null) return next();
    const cached = await readShared(client, prefix, key);
    if (cached) return respond(c, cached, 'hit');

    // As in the local cache: a computation started before this instance's last invalidation is not
    // shared with requests after it (it may hold what was just changed).
    const pendingKey = `${generation} ${key}`;
    const shared = pending.get(pendingKey);
    if (shared) {
      const entry = await shared;
      if (entry) return respond(c, entry, 'hit');
      return next();
    }
    const startedAt = Date.now();
    let settle: (entry: SharedEntry | null) => void = () => {};
    pending.set(pendingKey, new Promise<SharedEntry | null>((resolve) => (settle = resolve)));
    try {
      await next();
      const res = c.res;
      const contentType = res.headers.get('content-type') ?? '';
      if (res.status !== 200 || !contentType.includes('application/json')) {
        settle(null);
        return;
      }
      const entry: SharedEntry = { startedAt, body: await res.clone().text(), contentType };
      settle(entry);
      c.res.headers.set('X-Api-Cache', 'miss');
      // Kept even if an invalidation came meanwhile: readShared compares startedAt with it.
      await timed(client)
        .set(`${prefix}a:${key}`, JSON.stringify(entry), { expiration: { type: 'PX', value: ttlMs } })
        .catch((error: unknown) => reportRedisError('response cache write', error));
    } catch (error) {
      settle(null);
      throw error;
    } finally {
      pending.delete(pendingKey);
    }
  };
}
