/**
 * Backups of the shop's database (issue #31 item 4, docs/operations.md "Backups").
 *
 * - Embedded database (PGlite): a copy of its data folder, `.tar.gz` (PGlite's `dumpDataDir`).
 *   The copy is taken after a CHECKPOINT and while no transaction is open (PGlite's transaction
 *   mutex is held for the copy, so every order is in it whole or not at all); while the shop runs
 *   it is taken inside the shop's process (`GET /api/v1/operator/backup`, Bearer OPERATOR_TOKEN:
 *   only that process may read the folder, server/db/lock.ts), otherwise by opening the folder.
 *   Such a copy restores into PGlite of the same major version only.
 * - PostgreSQL: `pg_dump --format=custom` (a consistent snapshot while the shop runs), restored
 *   with `pg_restore`.
 *
 * Restore goes into an empty shop only (a PGlite folder without a database, a PostgreSQL database
 * without tables) unless `force` is given: then a PGlite folder is moved aside (kept, never
 * deleted) and a PostgreSQL database is cleaned by `pg_restore --clean`.
 */
import { spawn } from 'node:child_process';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
} from 'node:fs';
import { open, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { acquireDbLock, readDbLock } from '../db/lock';
import { apiBaseUrl } from '../import/handoff';

/** A refusal or failure with a Russian message for the operator (the CLI prints it, exit 1). */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** Kinds of backup files: a PGlite data folder (.tar.gz) or a pg_dump custom archive. */
export type BackupKind = 'pglite' | 'postgres';

/** File name suffix of each kind. */
export const BACKUP_SUFFIX: Record<BackupKind, string> = { pglite: '.pglite.tar.gz', postgres: '.pgdump' };

/**
 * Copies a running PGlite's data folder: CHECKPOINT (so the copy needs no recovery), then the
 * folder as an uncompressed tar taken while PGlite's transaction mutex is held, so no transaction
 * is half-way (a query or transaction of the shop waits meanwhile: docs/operations.md has the
 * pause measured). The caller compresses it outside the lock.
 */
export async function pgliteSnapshot(client: PGlite): Promise<Blob> {
  await client.exec('checkpoint');
  return client._runExclusiveTransaction(() => client.dumpDataDir('none'));
}

/** A gzip stream of a snapshot (see {@link pgliteSnapshot}). */
export function gzipSnapshot(snapshot: Blob): Readable {
  return Readable.fromWeb(snapshot.stream() as never).pipe(createGzip({ level: 6 }));
}

/** What {@link backup} did. */
export interface BackupResult {
  file: string;
  kind: BackupKind;
  bytes: number;
  ms: number;
  /** How the copy was taken: from the running shop, the folder itself, or pg_dump. */
  via: 'api' | 'folder' | 'pg_dump';
}

/** Options of {@link backup}. */
export interface BackupOptions {
  /** `postgres://…` (PostgreSQL) or unset (the PGlite folder `pgliteDir`). */
  databaseUrl?: string;
  pgliteDir: string;
  /** Where the file goes (its folder is created). */
  file: string;
  /** The shop's OPERATOR_TOKEN: needed while the shop's API holds the PGlite folder. */
  operatorToken?: string;
}

/**
 * Writes `file` through `write(tmp)`, fsyncs and renames it, so a failed backup leaves no file that
 * looks whole. @returns its size, bytes.
 */
async function writeAtomically(file: string, write: (tmp: string) => Promise<void>): Promise<number> {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const tmp = `${file}.part`;
  try {
    await write(tmp);
    const handle = await open(tmp, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    renameSync(tmp, file);
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  }
  return statSync(file).size;
}

/** Runs a PostgreSQL client program; rejects with its stderr in a BackupError. */
function runPgTool(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (e: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          e.code === 'ENOENT'
            ? `Не найдена программа ${command}: установите клиент PostgreSQL той же или более новой версии, что и сервер (Debian: apt-get install postgresql-client)`
            : `${command}: ${e.message}`,
        ),
      ),
    );
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${command} завершился с кодом ${code}: ${stderr.trim()}`)),
    );
  });
}

/**
 * Makes a backup (see the module docstring).
 * @throws BackupError (Russian) when the PGlite folder is held by a process it cannot ask (another
 *   command, or the shop without OPERATOR_TOKEN), the shop refuses, or pg_dump fails.
 */
export async function backup(options: BackupOptions): Promise<BackupResult> {
  const started = Date.now();
  const { file } = options;
  if (options.databaseUrl) {
    const bytes = await writeAtomically(file, (tmp) =>
      runPgTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${tmp}`, options.databaseUrl!]),
    );
    return { file, kind: 'postgres', bytes, ms: Date.now() - started, via: 'pg_dump' };
  }
  const dir = options.pgliteDir;
  if (!existsSync(path.join(dir, 'PG_VERSION')))
    throw new BackupError(`В папке ${dir} нет базы данных магазина (PGLITE_DIR): копировать нечего`);
  const holder = readDbLock(dir);
  if (holder) {
    if (!holder.port)
      throw new BackupError(
        `Встроенную базу ${dir} сейчас держит «${holder.command || 'node'}» (pid ${holder.pid}), у которого нет API: ` +
          'дождитесь его окончания и повторите',
      );
    if (!options.operatorToken)
      throw new BackupError(
        `Встроенную базу держит работающий магазин (порт ${holder.port}): согласованную копию снимает только он. ` +
          'Задайте OPERATOR_TOKEN, как у магазина, и повторите, или остановите магазин',
      );
    const res = await fetch(`${apiBaseUrl(holder)}/api/v1/operator/backup`, {
      headers: { authorization: `Bearer ${options.operatorToken}` },
    }).catch((e: unknown) => {
      throw new BackupError(`Магазин на порту ${holder.port} не ответил: ${(e as Error).message}`);
    });
    if (!res.ok || !res.body) {
      const message = ((await res.json().catch(() => ({}))) as { message?: string }).message;
      throw new BackupError(`Магазин отказал (${res.status}): ${message ?? 'без объяснения'}`);
    }
    const body = res.body;
    const bytes = await writeAtomically(file, (tmp) =>
      pipeline(Readable.fromWeb(body as never), createWriteStream(tmp)),
    );
    return { file, kind: 'pglite', bytes, ms: Date.now() - started, via: 'api' };
  }
  // Nobody holds it: open it ourselves, under its lock, without migrating (a copy as it is).
  const lock = acquireDbLock(dir);
  try {
    const client = new PGlite(dir, { extensions: { pg_trgm } });
    try {
      const snapshot = await pgliteSnapshot(client);
      const bytes = await writeAtomically(file, (tmp) => pipeline(gzipSnapshot(snapshot), createWriteStream(tmp)));
      return { file, kind: 'pglite', bytes, ms: Date.now() - started, via: 'folder' };
    } finally {
      await client.close();
    }
  } finally {
    lock.release();
  }
}

/** The kind of a backup file by its first bytes (gzip: PGlite; PGDMP: pg_dump custom). */
export async function backupKindOf(file: string): Promise<BackupKind> {
  const handle = await open(file, 'r').catch(() => {
    throw new BackupError(`Файл копии ${file} не найден`);
  });
  try {
    const head = Buffer.alloc(5);
    await handle.read(head, 0, 5, 0);
    if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
    if (head.toString('latin1') === 'PGDMP') return 'postgres';
  } finally {
    await handle.close();
  }
  throw new BackupError(`${file} — не копия базы магазина (ни .pglite.tar.gz, ни архив pg_dump)`);
}

/** Options of {@link restore}. */
export interface RestoreOptions {
  file: string;
  databaseUrl?: string;
  pgliteDir: string;
  /** Restore over a database that has data (a PGlite folder is moved aside, not deleted). */
  force?: boolean;
}

/** What {@link restore} did. */
export interface RestoreResult {
  kind: BackupKind;
  ms: number;
  /** PGlite with `force`: where the database that was there before now is. */
  movedAside?: string;
}

/** Tables of a PostgreSQL database outside the system schemas. */
async function userTables(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect().catch((e: Error) => {
    throw new BackupError(`Не удалось подключиться к базе DATABASE_URL: ${e.message}`);
  });
  try {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from information_schema.tables
       where table_schema not in ('pg_catalog', 'information_schema') and table_schema not like 'pg_toast%'`,
    );
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
}

/**
 * Restores a backup into the configured database (see the module docstring); the shop must be
 * stopped for a PGlite restore (its folder is locked while it runs). The next start of the API
 * applies the migrations the copy lacks.
 * @throws BackupError (Russian) on a file of the other kind, a non-empty target without `force`,
 *   a folder held by a running process, or a pg_restore failure.
 */
export async function restore(options: RestoreOptions): Promise<RestoreResult> {
  const started = Date.now();
  const kind = await backupKindOf(options.file);
  if (options.databaseUrl) {
    if (kind !== 'postgres')
      throw new BackupError(
        'Это копия встроенной базы (PGlite), а задан DATABASE_URL: восстановите её во встроенную базу (без DATABASE_URL)',
      );
    const tables = await userTables(options.databaseUrl);
    if (tables > 0 && !options.force)
      throw new BackupError(
        `В базе DATABASE_URL уже есть таблицы (${tables}): восстанавливаю только в пустую базу. ` +
          'Создайте новую (createdb) или повторите с --force, чтобы заменить её содержимое',
      );
    await runPgTool('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      ...(tables > 0 ? ['--clean', '--if-exists'] : []),
      `--dbname=${options.databaseUrl}`,
      options.file,
    ]);
    return { kind, ms: Date.now() - started };
  }
  if (kind !== 'pglite')
    throw new BackupError(
      'Это архив pg_dump (PostgreSQL), а DATABASE_URL не задан: задайте DATABASE_URL пустой базы PostgreSQL',
    );
  const dir = options.pgliteDir;
  const holder = readDbLock(dir);
  if (holder)
    throw new BackupError(
      `Встроенную базу ${dir} держит работающий процесс (pid ${holder.pid}${holder.port ? `, магазин на порту ${holder.port}` : ''}): ` +
        'остановите магазин перед восстановлением',
    );
  let movedAside: string | undefined;
  if (existsSync(path.join(dir, 'PG_VERSION'))) {
    if (!options.force)
      throw new BackupError(
        `В папке ${dir} уже есть база магазина: восстанавливаю только в пустую папку. ` +
          'Задайте другую PGLITE_DIR или повторите с --force (старая база будет сохранена рядом)',
      );
    movedAside = `${path.resolve(dir)}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(dir, movedAside);
  }
  mkdirSync(dir, { recursive: true });
  const lock = acquireDbLock(dir);
  const ours = readFileSync(lock.file, 'utf8');
  try {
    const archive = new Blob([await readFile(options.file)]);
    const client = new PGlite(dir, { extensions: { pg_trgm }, loadDataDir: archive });
    try {
      // Crash recovery of the copy runs here; a broken copy fails now, not at the shop's start.
      await client.query('select 1');
    } finally {
      await client.close();
    }
  } catch (e) {
    throw new BackupError(`Копия ${options.file} не восстановилась: ${(e as Error).message}`);
  } finally {
    // The copy carries the lock file of the shop it was taken from: ours is put back, then released.
    if (existsSync(lock.file) && readFileSync(lock.file, 'utf8') !== ours) await writeFile(lock.file, ours);
    lock.release();
  }
  return { kind, ms: Date.now() - started, ...(movedAside ? { movedAside } : {}) };
}

/** The name of a new backup file in `dir`: `shop-<kind>-<UTC time>` + suffix. */
export function backupFileName(dir: string, kind: BackupKind, now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/[:]/g, '-');
  return path.join(dir, `shop-${stamp}${BACKUP_SUFFIX[kind]}`);
}

/**
 * Retention (`npm run backup -- --keep-days N`): deletes the backups of `dir` (files named
 * `shop-…` with a backup suffix; nothing else is touched) last modified more than `days` days ago,
 * except `keep` (the copy just made).
 * @returns the names of the deleted files.
 */
export function pruneBackups(dir: string, days: number, keep: string): string[] {
  const cutoff = Date.now() - days * 86_400_000;
  const removed: string[] = [];
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (!name.startsWith('shop-') || !Object.values(BACKUP_SUFFIX).some((s) => name.endsWith(s))) continue;
    if (path.resolve(file) === path.resolve(keep) || statSync(file).mtimeMs >= cutoff) continue;
    unlinkSync(file);
    removed.push(name);
  }
  return removed.sort();
}
