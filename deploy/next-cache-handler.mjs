/**
 * The storefront's shared Next cache (issue #16 "Past one machine", docs/topology.md): every
 * storefront instance keeps its data cache (tagged `fetch`es, features/*\/api) and its page cache
 * (ISR of the cached catalogue routes) in one Redis, so a page is rendered once for the whole
 * cluster and a tag revalidated on one instance (POST /api/revalidate, lib/revalidation.ts) is
 * revalidated on all.
 *
 * next.config.ts points `cacheHandler` here only when REDIS_URL is set; without it `npm start`
 * keeps Next's built-in memory + disk cache. The handler is the maintained
 * `@fortedigital/nextjs-cache-handler` (Next 16; the `@neshca/cache-handler` it was forked from
 * stops at Next 14) with its `redis-strings` store on the official `redis` client.
 *
 * One change to the store's behaviour, through its documented Handler interface: `revalidateTag`
 * records the time the tag was revalidated (a Redis hash, one field per tag) instead of scanning
 * every entry's tag list (`HSCAN` of the whole tag map per tag: a round of 2,000 product tags
 * against 10,000 entries is 20 million JSON parses). `get` already compares those times with the
 * entry's `lastModified`, so an entry older than any of its tags' revalidation is a miss on every
 * instance. This relies on the instances' clocks agreeing (NTP), as the store's own implicit tags do.
 *
 * Environment (read here, not in lib/env.ts: Next loads this file by path at run time, outside
 * the bundle): REDIS_URL (redis://host:port/db), REDIS_KEY_PREFIX (default `storefront:`; the build
 * id is appended so two builds never read each other's entries).
 *
 * If Redis cannot be reached at start, the instance falls back to a per-process LRU and logs it:
 * pages are still served, only not shared (and revalidation reaches only that instance).
 */
import { CacheHandler } from '@fortedigital/nextjs-cache-handler';
import createLruHandler from '@fortedigital/nextjs-cache-handler/local-lru';
import createRedisHandler from '@fortedigital/nextjs-cache-handler/redis-strings';
import { PHASE_PRODUCTION_BUILD } from 'next/constants.js';
import { createClient } from 'redis';

/** Hash of tag → ms of its last revalidation; the name the redis-strings store reads. */
const REVALIDATED_TAGS_KEY = '__revalidated_tags__';
/** ms a Redis command may take before the cache treats it as a miss (the page is rendered). */
const TIMEOUT_MS = 1000;

const state = globalThis;

CacheHandler.onCreation(async ({ buildId }) => {
  if (state.__storefrontCacheConfig) return state.__storefrontCacheConfig;
  state.__storefrontCacheConfig = (async () => {
    const url = process.env.REDIS_URL;
    // `next build` prerenders into .next as usual: the build never needs the cluster's Redis.
    if (!url || process.env.NEXT_PHASE === PHASE_PRODUCTION_BUILD) return { handlers: [createLruHandler()] };
    const keyPrefix = `${process.env.REDIS_KEY_PREFIX || 'storefront:'}${buildId ?? 'dev'}:`;
    const client = createClient({ url, pingInterval: 10_000, socket: { connectTimeout: 2000 } });
    client.on('error', (error) => console.warn(`[cache-handler] Redis: ${error.message}`));
    try {
      await client.connect();
    } catch (error) {
      console.error(`[cache-handler] Redis at ${new URL(url).host} unreachable, this instance caches alone: ${error}`);
      return { handlers: [createLruHandler()] };
    }
    const store = createRedisHandler({ client, keyPrefix, timeoutMs: TIMEOUT_MS, keyExpirationStrategy: 'EXAT' });
    const revalidatedTags = keyPrefix + REVALIDATED_TAGS_KEY;
    console.log(`[cache-handler] shared cache in Redis at ${new URL(url).host} (${keyPrefix})`);
    return {
      handlers: [
        {
          ...store,
          name: 'redis-strings-tag-times',
          async revalidateTag(tag) {
            await client.hSet(revalidatedTags, tag, Date.now());
          },
        },
      ],
    };
  })();
  return state.__storefrontCacheConfig;
});

// Not wrapped by ./render-start-guard.mjs: wrapped, the cluster's pages answered 500 in the
// clean-clone CI run (tests/cluster), so the shared cache keeps the handler as its authors ship it.
export default CacheHandler;
