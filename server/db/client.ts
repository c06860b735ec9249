/**
 * Database connection of the shop API: PGlite (embedded, default) or PostgreSQL when a
 * `postgres://` URL is given (DESIGN.md "Database"). Both run the same committed migrations.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import pg from 'pg';
import * as schema from './schema';
import { logError } from '../services/log';

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/**
 * Runs raw SQL on a database or a transaction and returns its rows (PGlite and node-postgres
 * answer the same `{ rows }` shape; Drizzle types it per driver).
 */
export async function rows<T = Record<string, unknown>>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export interface DbHandle {
  db: Db;
  /** "pglite" or "postgres". */
  driver: 'pglite' | 'postgres';
  close: () => Promise<void>;
}

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Opens the database and applies the committed migrations.
 * @param target `postgres://…` / `postgresql://…` for PostgreSQL, `memory://` for an in-memory
 *   PGlite (tests), or a folder for a persistent PGlite.
 */
export async function openDb(target: string): Promise<DbHandle> {
  if (/^postgres(ql)?:\/\//.test(target)) {
    const pool = new pg.Pool({ connectionString: target, max: 10 });
    // An idle client losing its connection (server restart, dropped database) must not crash the
    // process: the pool replaces it on the next query.
    pool.on('error', (error) => logError('db', 'idle PostgreSQL client', error));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS });
    return { db, driver: 'postgres', close: () => pool.end() };
  }
  if (target !== 'memory://') mkdirSync(target, { recursive: true });
  const client = new PGlite(target, { extensions: { pg_trgm } });
  const pgliteDb = drizzlePglite(client, { schema });
  await migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS });
  return { db: pgliteDb as unknown as Db, driver: 'pglite', close: () => client.close() };
}
