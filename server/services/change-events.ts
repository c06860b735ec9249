/**
 * Change events of the catalogue (issue #13 "Truthful pages", docs/caching.md): the database's
 * triggers write every changed product into `catalog_changes` and notify `catalog_changes` at
 * commit (migration 0010). This service, one per API process:
 *
 * 1. wakes on the notification (LISTEN; PGlite's own listen for the embedded database) and, as a
 *    safety net for a lost connection, every `pollMs`;
 * 2. waits `coalesceMs` so a burst of changes (an import, a bulk UPDATE, many orders) becomes one
 *    round, then reads the rows after the last id it handled;
 * 3. invalidates, in this order: the catalogue index (stock changes reload those products' sizes,
 *    product changes are patched in, brands/categories/colours/tags rebuild it), the API's response cache, then the storefront's pages by
 *    POSTing the cache tags to every URL of `revalidateUrls` (the storefront's `/api/revalidate`,
 *    authenticated with the shared secret) — see {@link tagsFor} for the mapping — and again
 *    1 s and 3 s later (`reexpireMs`), for pages that were being rendered from the old data at
 *    that moment and were stored as fresh when they finished. A re-expiry leaves out the tags a
 *    later round has posted since: that round's expiry (and its own re-expiries) catch the same
 *    renders, so a bulk change with a round a second expires `listings` once a second, not three
 *    times.
 *
 * Every API instance runs its own dispatcher (each has its own index and caches); each posts to
 * the storefronts, which coalesce repeated tags. Rows older than an hour are deleted.
 */
import { sql } from 'drizzle-orm';
import { rows, type DbHandle } from '../db/client';
import { noteCatalogChanged, noteProductsChanged, noteStockChanged } from './catalog-index';
import { logError } from './log';
import { startPriceDropJob } from './notices/price-drop';
import { sendDueStockNotices } from './notices/stock-notices';
import { invalidateResponseCaches } from './response-cache';
import type { ChangeKind } from '../db/schema';

/** Notification channel the triggers use. */
export const CHANGE_CHANNEL = 'catalog_changes';

/**
 * Above this many products in one round, pages are revalidated by the `catalog` tag instead: a
 * bulk change of a few thousand sizes still expires only the pages of the products it touched.
 */
export const MAX_PRODUCT_TAGS = 2000;

/** Options of {@link startChangeEvents}. */
export interface ChangeEventOptions {
  /** Storefront revalidation endpoints, e.g. ["http://127.0.0.1:3000/api/revalidate"]; none: API caches only. */
  revalidateUrls?: readonly string[];
  /** Shared secret sent as `Authorization: Bearer …` (REVALIDATE_SECRET). */
  secret?: string;
  /** ms a round waits after the first notification, gathering the burst (default 50). */
  coalesceMs?: number;
  /** ms between safety-net reads without a notification (default 1000). */
  pollMs?: number;
  /** ms before a revalidation POST is given up (default 3000). */
  timeoutMs?: number;
  /** ms after which the same tags are posted again (default 1 s and 3 s; see `round`). */
  reexpireMs?: readonly number[];
  /** Injected for tests. */
  fetchImpl?: typeof fetch;
  /** Issue #33 item 3: ms between checks of the daily price-drop job (default an hour; 0: off). */
  priceDropIntervalMs?: number;
  /** Called after each round with what it did (tests, the freshness bench). */
  onRound?: (round: ChangeRound) => void;
}

/** What one round found and sent. */
export interface ChangeRound {
  /** Outbox rows read. */
  changes: number;
  /** Products changed (stock or otherwise). */
  products: number[];
  /** Whether brands/categories/colours/tags changed (everything revalidated). */
  catalog: boolean;
  /** Tags posted to the storefronts. */
  tags: string[];
}

/** A running dispatcher. */
export interface ChangeEvents {
  /** Runs a round now and resolves when it is done (tests, shutdown). */
  flush: () => Promise<void>;
  /** Stops listening and polling. */
  stop: () => Promise<void>;
}

/**
 * The storefront cache tags of a round (lib fetchers tag their data so, see features/*\/api):
 * - a changed product: `product:<id>` (its page) and `listings` (listings, facets, search,
 *   landing pages and the home page's rows, any of which may show it);
 * - more than {@link MAX_PRODUCT_TAGS} products, or a brand/category/colour/tag change: `catalog`
 *   (every catalogue fetch) and the menu, brand list and SEO records.
 */
export function tagsFor(products: readonly number[], catalog: boolean): string[] {
  if (catalog) return ['catalog', 'listings', 'brands', 'preview-categories', 'seo'];
  if (products.length === 0) return [];
  if (products.length > MAX_PRODUCT_TAGS) return ['catalog', 'listings'];
  return [...products.map((id) => `product:${id}`), 'listings'];
}

/**
 * Starts the dispatcher on an open database (see the module docstring).
 * @returns controls; the first round's starting point is the newest row at start (older changes
 *   were made before this process built its caches).
 */
export async function startChangeEvents(handle: DbHandle, options: ChangeEventOptions = {}): Promise<ChangeEvents> {
  const { db } = handle;
  const coalesceMs = options.coalesceMs ?? 50;
  const pollMs = options.pollMs ?? 1000;
  const fetchImpl = options.fetchImpl ?? fetch;
  const urls = options.revalidateUrls ?? [];
  const reexpireMs = options.reexpireMs ?? [1000, 3000];

  const [start] = await rows<{ last: number | string | null }>(db, sql`select max(id) as last from catalog_changes`);
  let lastId = Number(start?.last ?? 0);
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let lastCleanup = Date.now();
  /** Tag → when a round last posted it (ms): re-expiries of older rounds leave it out. */
  const postedAt = new Map<string, number>();
  const longestReexpire = Math.max(0, ...reexpireMs);

  const post = async (tags: string[]) => {
    await Promise.all(
      urls.map(async (url) => {
        try {
          const res = await fetchImpl(url, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              ...(options.secret ? { authorization: `Bearer ${options.secret}` } : {}),
            },
            body: JSON.stringify({ tags }),
            signal: AbortSignal.timeout(options.timeoutMs ?? 3000),
          });
          await res.body?.cancel();
          if (!res.ok)
            logError('change-events', `revalidate answered ${res.status}`, new Error('revalidation refused'));
        } catch (error) {
          // The storefront's own time bound (its safety net) still limits how stale it gets.
          logError('change-events', 'revalidate POST', error);
        }
      }),
    );
  };

  const round = async () => {
    const changes = await rows<{
      id: number | string;
      product_id: number | null;
      kind: ChangeKind;
      tag: string | null;
    }>(db, sql`select id, product_id, kind, tag from catalog_changes where id > ${lastId} order by id limit 100000`);
    if (changes.length === 0) return;
    lastId = Number(changes.at(-1)!.id);
    const stock = new Set<number>();
    const products = new Set<number>();
    const content = new Set<string>();
    let catalog = false;
    for (const change of changes) {
      // Issue #32: the console's content changes name their storefront tag themselves.
      if (change.kind === 'content') {
        if (change.tag) content.add(change.tag);
      } else if (change.kind === 'catalog' || change.product_id === null) catalog = true;
      else if (change.kind === 'stock') stock.add(change.product_id);
      else products.add(change.product_id);
    }
    if (catalog) noteCatalogChanged(db);
    if (products.size > 0) noteProductsChanged(db, products);
    if (stock.size > 0) noteStockChanged(db, stock);
    invalidateResponseCaches();
    // Issue #33: sizes back in stock (marked due by migration 0017's trigger) are mailed now.
    void sendDueStockNotices(db).catch((error: unknown) => logError('change-events', 'back-in-stock mail', error));
    const all = [...new Set([...products, ...stock])].sort((a, b) => a - b);
    const tags = [...new Set([...tagsFor(all, catalog), ...content])];
    if (tags.length > 0 && urls.length > 0) {
      const sentAt = Date.now();
      for (const [tag, at] of postedAt) if (at < sentAt - longestReexpire - 1000) postedAt.delete(tag);
      for (const tag of tags) postedAt.set(tag, sentAt);
      await post(tags);
      // A render or fetch already under way at the first expiry finishes after it and is stored as
      // fresh with the old data; expiring the same tags again once it is done catches it, unless a
      // later round expired them meanwhile (its own re-expiries follow).
      for (const delay of reexpireMs)
        setTimeout(() => {
          const due = tags.filter((tag) => (postedAt.get(tag) ?? sentAt) <= sentAt);
          if (due.length > 0) void post(due);
        }, delay).unref();
    }
    options.onRound?.({ changes: changes.length, products: all, catalog, tags });
    if (changes.length === 100000) again = true;
  };

  const cleanup = async () => {
    if (Date.now() - lastCleanup < 600_000) return;
    lastCleanup = Date.now();
    await db.execute(sql`delete from catalog_changes where changed_at < now() - interval '1 hour'`);
  };

  const run = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await round();
        } while (again && !stopped);
        await cleanup();
      } catch (error) {
        logError('change-events', 'round', error);
      } finally {
        running = null;
      }
    })();
    return running;
  };

  const schedule = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void run();
    }, coalesceMs);
  };

  const unlisten = await handle.listen(CHANGE_CHANNEL, schedule, (error) =>
    logError('change-events', 'LISTEN connection', error),
  );
  const poll = setInterval(schedule, pollMs);
  poll.unref();
  // Issue #33 item 3: the API process's daily job rides on the dispatcher every instance runs.
  const stopPriceDrop = startPriceDropJob(db, options.priceDropIntervalMs ?? 3_600_000);

  return {
    flush: async () => {
      if (timer) {
        clearTimeout(timer);
        timer = null;
      }
      await run();
      if (running) await running;
    },
    stop: async () => {
      stopped = true;
      clearInterval(poll);
      stopPriceDrop();
      if (timer) clearTimeout(timer);
      await unlisten();
      if (running) await running;
    },
  };
}
