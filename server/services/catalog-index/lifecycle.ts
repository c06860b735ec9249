/**
 * Freshness of the catalogue index (issue #7; the rules are in ./index.ts): one index per `Db`
 * object, i.e. per API process, rebuilt after a noted catalogue change, patched after a noted stock
 * change, and rebuilt in the background past {@link INDEX_TTL_MS}.
 */
import type { Db } from '../../db/client';
import { readServerEnv } from '../../env';
import { logError } from '../log';
import { applyStock, buildCatalogIndex, inStockRows } from './build';
import type { CatalogIndex } from './model';

/**
 * Whether listings and facets use the index: yes unless the environment says `CATALOG_INDEX=off`
 * (then they run the reference SQL; scripts/bench-catalog.ts uses it for the "before" figures).
 */
export function catalogIndexEnabled(): boolean {
  return readServerEnv().CATALOG_INDEX !== 'off';
}

/** Age (ms) after which an index is rebuilt in the background even without a noted change. */
export const INDEX_TTL_MS = 60_000;

interface Store {
  index: CatalogIndex | null;
  /** Full rebuilds asked for; an index is fresh when it started after the last ask. */
  wanted: number;
  /** The generation (`wanted` at its start) of the current index. */
  generation: number;
  building: Promise<CatalogIndex> | null;
  /** Products whose stock changed since their sizes were last read. */
  dirty: Set<number>;
  refreshing: Promise<void> | null;
  /** Stock changes noted while a build reads; re-applied after it. */
  duringBuild: Set<number> | null;
}

const stores = new WeakMap<Db, Store>();

function storeOf(db: Db): Store {
  let store = stores.get(db);
  if (!store) {
    store = { index: null, wanted: 0, generation: -1, building: null, dirty: new Set(), refreshing: null, duringBuild: null };
    stores.set(db, store);
  }
  return store;
}

/**
 * The stock of some products' sizes changed (committed): the next read of the index reloads their
 * in-stock sizes before answering. Call after the transaction commits.
 */
export function noteStockChanged(db: Db, productIds: Iterable<number>): void {
  const store = storeOf(db);
  for (const id of productIds) {
    store.dirty.add(id);
    store.duringBuild?.add(id);
  }
}

/** Anything else about the catalogue changed (seed, products, prices, categories, tags): the next read waits for a full rebuild. */
export function noteCatalogChanged(db: Db): void {
  storeOf(db).wanted += 1;
}

function startBuild(db: Db, store: Store): Promise<CatalogIndex> {
  if (store.building) return store.building;
  const generation = store.wanted;
  const noted = new Set<number>();
  store.duringBuild = noted;
  store.building = buildCatalogIndex(db)
    .then((index) => {
      store.index = index;
      store.generation = generation;
      for (const id of noted) store.dirty.add(id);
      return index;
    })
    .finally(() => {
      store.building = null;
      if (store.duringBuild === noted) store.duringBuild = null;
    });
  return store.building;
}

async function refreshStock(db: Db, store: Store, index: CatalogIndex): Promise<void> {
  const ids = [...store.dirty];
  store.dirty.clear();
  try {
    const known = ids.filter((id) => (index.denseOf[id] ?? -1) >= 0);
    if (known.length !== ids.length) {
      // A product the index has never seen: only a full rebuild can place it.
      store.wanted += 1;
      return;
    }
    const stock = await inStockRows(db, ids);
    const { sizeBits, sizeWords, denseOf } = index;
    for (const id of ids) sizeBits.fill(0, denseOf[id]! * sizeWords, (denseOf[id]! + 1) * sizeWords);
    if (!applyStock(sizeBits, sizeWords, denseOf, index.sizeByName, stock)) store.wanted += 1;
  } catch (error) {
    for (const id of ids) store.dirty.add(id);
    throw error;
  }
}

/**
 * The current index of a database, fresh as the module docstring describes: builds it on first
 * use, waits for a rebuild after {@link noteCatalogChanged}, reloads noted stock changes, and
 * starts a background rebuild past {@link INDEX_TTL_MS}.
 * @throws whatever the database throws while building.
 */
export async function catalogIndex(db: Db): Promise<CatalogIndex> {
  const store = storeOf(db);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    if (!store.index || store.generation < store.wanted) {
      await startBuild(db, store);
      // A rebuild asked for while that one was reading needs another round.
      continue;
    }
    const index = store.index;
    if (store.dirty.size > 0) {
      if (!store.refreshing) {
        store.refreshing = refreshStock(db, store, index).finally(() => {
          store.refreshing = null;
        });
      }
      await store.refreshing;
      continue;
    }
    if (Date.now() - index.builtAt > INDEX_TTL_MS && !store.building) {
      void startBuild(db, store).catch((error: unknown) => logError('catalog-index', 'background rebuild', error));
    }
    return index;
  }
  return store.index!;
}
