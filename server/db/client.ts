/**
 * Database connection of the shop API: PGlite (embedded, default) or PostgreSQL when a
 * `postgres://` URL is given (DESIGN.md "Database"). Both run the same committed migrations.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { logError } from '../services/log';
import { timeQueries } from '../services/metrics';
import { acquireDbLock, type DbLock } from './lock';
import * as schema from './schema';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction of {@link Db}, as `db.transaction(async (tx) => …)` passes it. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Runs raw SQL on a database or a transaction and returns its rows (PGlite and node-postgres
 * answer the same `{ rows }` shape; Drizzle types it per driver).
 */
export async function rows<T = Record<string, unknown>>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export { DatabaseLockedError } from './lock';

export interface DbHandle {
  db: Db;
  /** "pglite" or "postgres". */
  driver: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /**
   * LISTENs on a notification channel (issue #13 change events): `onNotify` runs for every
   * `pg_notify(channel, …)` committed by anyone. PostgreSQL: a dedicated connection, reconnected
   * 1 s after it drops (`onError` hears why; a poll must cover the gap). PGlite: its own listen.
   * @returns a function that stops listening.
   */
  listen: (channel: string, onNotify: () => void, onError?: (error: unknown) => void) => Promise<() => Promise<void>>;
  /**
   * PGlite in a folder only: the lock this handle holds on it (server/db/lock.ts, issue #28 item 3);
   * the API records its address in it with `setAddress` so `npm run import` can find it.
   */
  lock?: DbLock;
}

/** LISTEN on a dedicated PostgreSQL connection that comes back after a drop (see DbHandle.listen). */
async function listenPg(
  connectionString: string,
  channel: string,
  onNotify: () => void,
  onError?: (error: unknown) => void,
) {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString });
    c.on('notification', (message) => {
      if (message.channel === channel) onNotify();
    });
    c.on('error', (error) => {
      onError?.(error);
      c.end().catch(() => undefined);
      if (!stopped && !retry) retry = setTimeout(() => ((retry = null), void connect().catch(onError)), 1000);
    });
    await c.connect();
    await c.query(`LISTEN "${channel.replace(/"/g, '')}"`);
    client = c;
    // Missed while reconnecting: let the listener catch up.
    onNotify();
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Settings of {@link openDb}. */
export interface OpenDbOptions {
  /**
   * PGlite only: PostgreSQL's `shared_buffers` (e.g. "16MB"; PGlite's default is 128MB). The
   * buffer pool lives inside the process and is touched at start, so a short-lived process that
   * streams through the tables (the YML import CLI) keeps its memory down with a small one; the
   * data folder's pages stay in the operating system's cache either way.
   */
  pgliteSharedBuffers?: string;
}

/**
 * Opens the database and applies the committed migrations.
 * @param target `postgres://…` / `postgresql://…` for PostgreSQL, `memory://` for an in-memory
 *   PGlite (tests), or a folder for a persistent PGlite, which this handle then holds alone until
 *   `close()` (issue #28 item 3, server/db/lock.ts).
 * @throws DatabaseLockedError (Russian message naming the holder's pid) when another live process,
 *   or another handle of this one, has the folder open.
 */
export async function openDb(target: string, options: OpenDbOptions = {}): Promise<DbHandle> {
  if (/^postgres(ql)?:\/\//.test(target)) {
    const pool = new pg.Pool({ connectionString: target, max: 10 });
    // An idle client losing its connection (server restart, dropped database) must not crash the
    // process: the pool replaces it on the next query.
    pool.on('error', (error) => logError('db', 'idle PostgreSQL client', error));
    // Issue #31: every statement's time, transactions' included (server/services/metrics.ts).
    pool.on('connect', (connection) => timeQueries(connection, 'query', 'postgres'));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS });
    return {
      db,
      driver: 'postgres',
      close: () => pool.end(),
      listen: (channel, onNotify, onError) => listenPg(target, channel, onNotify, onError),
    };
  }
  let lock: DbLock | undefined;
  if (target !== 'memory://') {
    mkdirSync(target, { recursive: true });
    // Before PGlite reads a page: a second process must not even start on the folder.
    lock = acquireDbLock(target);
  }
  let client: PGlite | undefined;
  try {
    client = new PGlite(target, {
      extensions: { pg_trgm },
      ...(options.pgliteSharedBuffers
        ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${options.pgliteSharedBuffers}`] }
        : {}),
    });
    const embedded = client;
    // Issue #31: statements outside transactions, and each transaction whole (it holds PGlite's
    // only connection for that long).
    timeQueries(embedded, 'query', 'pglite');
    timeQueries(embedded, 'exec', 'pglite');
    timeQueries(embedded, 'transaction', 'pglite', 'transaction');
    const pgliteDb = drizzlePglite(embedded, { schema });
    await migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS });
    return {
      db: pgliteDb as unknown as Db,
      driver: 'pglite',
      // Released after PGlite has flushed and closed, never before.
      close: () => embedded.close().finally(() => lock?.release()),
      listen: async (channel, onNotify) => embedded.listen(channel, () => onNotify()),
      ...(lock ? { lock } : {}),
    };
  } catch (e) {
    // A failed migration: PGlite may still write on close, so the lock goes only after it.
    await client?.close().catch(() => undefined);
    lock?.release();
    throw e;
  }
}
