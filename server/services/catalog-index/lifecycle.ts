/**
 * Freshness of the catalogue index (issue #7; the rules are in ./index.ts): one index per `Db`
 * object, i.e. per API process, rebuilt after a noted catalogue change, patched after noted product
 * and stock changes, and rebuilt in the background past {@link INDEX_TTL_MS}.
 */
import { serverEnv } from '../../env';
import { logError } from '../log';
import { applyStock, buildCatalogIndex, inStockRows } from './build';
import { patchCatalogIndex, readProductPatch } from './patch';
import type { CatalogIndex } from './model';
import type { Db } from '../../db/client';

/**
 * Whether listings and facets use the index: yes unless the environment says `CATALOG_INDEX=off`
 * (then they run the reference SQL; scripts/bench-catalog.ts uses it for the "before" figures).
 */
export function catalogIndexEnabled(): boolean {
  return serverEnv.CATALOG_INDEX !== 'off';
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
  /** Products whose row, offers or sizes changed since they were last read. */
  changed: Set<number>;
  refreshing: Promise<void> | null;
  /** Changes noted while a build reads; re-applied after it. */
  duringBuild: { stock: Set<number>; products: Set<number> } | null;
}

const stores = new WeakMap<Db, Store>();

function storeOf(db: Db): Store {
  let store = stores.get(db);
  if (!store) {
    store = {
      index: null,
      wanted: 0,
      generation: -1,
      building: null,
      dirty: new Set(),
      changed: new Set(),
      refreshing: null,
      duringBuild: null,
    };
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
    store.duringBuild?.stock.add(id);
  }
}

/**
 * Some products were inserted, updated or deleted, or their offers or sizes were (committed): the
 * next read patches them into the index ({@link patchCatalogIndex}, milliseconds), or waits for a
 * full rebuild when the patch cannot place them.
 */
export function noteProductsChanged(db: Db, productIds: Iterable<number>): void {
  const store = storeOf(db);
  for (const id of productIds) {
    store.changed.add(id);
    store.duringBuild?.products.add(id);
  }
}

/** Anything else about the catalogue changed (seed, brands, colours, categories, tags): the next read waits for a full rebuild. */
export function noteCatalogChanged(db: Db): void {
  storeOf(db).wanted += 1;
}

function startBuild(db: Db, store: Store): Promise<CatalogIndex> {
  if (store.building) return store.building;
  const generation = store.wanted;
  const noted = { stock: new Set<number>(), products: new Set<number>() };
  store.duringBuild = noted;
  store.building = buildCatalogIndex(db)
    .then((index) => {
      store.index = index;
      store.generation = generation;
      for (const id of noted.stock) store.dirty.add(id);
      for (const id of noted.products) store.changed.add(id);
      return index;
    })
    .finally(() => {
      store.building = null;
      if (store.duringBuild === noted) store.duringBuild = null;
    });
  return store.building;
}

/** Applies the noted product and stock changes to the current index (or asks for a rebuild). */
async function refresh(db: Db, store: Store, index: CatalogIndex): Promise<void> {
  const changed = [...store.changed];
  store.changed.clear();
  const stockOnly = [...store.dirty].filter((id) => !store.changed.has(id) && !changed.includes(id));
  store.dirty.clear();
  try {
    if (changed.length > 0) {
      const next = patchCatalogIndex(index, changed, await readProductPatch(db, changed));
      if (store.index !== index) {
        // A rebuild finished meanwhile and may have read these rows before they changed.
        for (const id of changed) store.changed.add(id);
      } else if (next) store.index = next;
      else store.wanted += 1;
    }
    if (stockOnly.length > 0) await refreshStock(db, store, store.index ?? index, stockOnly);
  } catch (error) {
    for (const id of changed) store.changed.add(id);
    for (const id of stockOnly) store.dirty.add(id);
    throw error;
  }
}

async function refreshStock(db: Db, store: Store, index: CatalogIndex, ids: number[]): Promise<void> {
  const known = ids.filter((id) => (index.denseOf[id] ?? -1) >= 0);
  if (known.length !== ids.length) {
    // A product the index has never seen: the product patch places it.
    for (const id of ids) store.changed.add(id);
    return;
  }
  const stock = await inStockRows(db, ids);
  const { sizeBits, sizeWords, denseOf } = index;
  for (const id of ids) sizeBits.fill(0, denseOf[id]! * sizeWords, (denseOf[id]! + 1) * sizeWords);
  if (!applyStock(sizeBits, sizeWords, denseOf, index.sizeByName, stock)) store.wanted += 1;
}

/**
 * The current index of a database, fresh as the module docstring describes: builds it on first
 * use, waits for a rebuild after {@link noteCatalogChanged}, patches noted product changes in,
 * reloads noted stock changes, and
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
    // A refresh under way applies changes noted before this read, and it empties `dirty` and
    // `changed` when it starts: a read that came meanwhile must wait for it too. Without this it
    // answered from the index as it was before the change, and the API's response cache kept that
    // answer as fresh for API_CACHE_TTL_MS (bench:freshness: listings > 10 s stale, issue #13).
    if (store.refreshing) {
      await store.refreshing;
      continue;
    }
    if (store.dirty.size > 0 || store.changed.size > 0) {
      store.refreshing = refresh(db, store, index).finally(() => {
        store.refreshing = null;
      });
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
