/**
 * One writer on the embedded database (issue #28 item 3, DESIGN.md "Database": PGlite belongs to
 * one process). PGlite keeps the whole database inside the process that opened it: a second
 * process opening the same folder works on its own copy of the pages, and whichever closes last
 * overwrites the other's writes (an import printed «обновлено 1», the API kept the old stock, and
 * the change was gone after a restart). Nothing in PGlite refuses it, so {@link acquireDbLock}
 * does: a lock file `shop.lock` in the data folder, created with O_EXCL (`wx`), holding JSON
 * {@link DbLockInfo} (pid, host name, start time, and the API's address once it listens, so
 * `npm run import` can hand its file to the running API, server/import/handoff.ts).
 *
 * Why a pid file and not a library (proper-lockfile, lockfile): those judge a lock stale by an
 * mtime their holder refreshes on a timer. A PGlite query runs synchronously inside the process
 * (WebAssembly), and a big import or a `vacuum analyze` blocks the event loop for longer than any
 * sane staleness window, so the lock would be declared stale and taken while its holder is alive,
 * which is the very corruption this prevents. A pid is alive or not whatever the event loop does.
 *
 * A lock is stale, and is taken over, when its holder is gone: the pid does not exist, or (Linux)
 * the process with that pid started after the lock's holder did (the pid was reused, e.g. by a
 * container's next start: the shop is often pid 1 there), or the pid is this process's own but
 * this process holds no lock on the folder. A lock written on another host (a shared volume) is
 * never judged stale: its pid means nothing here.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, linkSync, openSync, readFileSync, renameSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Name of the lock file inside the PGlite data folder. */
export const LOCK_FILE = 'shop.lock';

/** What a lock file holds (JSON). */
export interface DbLockInfo {
  /** Process id of the holder. */
  pid: number;
  /** `os.hostname()` of the holder: a pid is checked only on the same host. */
  hostname: string;
  /** When the holding process started, ISO 8601 (not when it took the lock: see isStale). */
  startedAt: string;
  /** Script the holder runs (`main.ts`, `cli.ts`…), without arguments (they may hold secrets). */
  command: string;
  /** The API's HTTP port, once it listens (server/main.ts). */
  port?: number;
  /** The address it listens on (`127.0.0.1`, `0.0.0.0`, `::`…). */
  host?: string;
  /** Random token of this holding: release removes only its own file. */
  token: string;
}

/** A held lock (see {@link acquireDbLock}). */
export interface DbLock {
  /** Absolute path of the lock file. */
  file: string;
  /** Records where the holder's API listens (atomically replaces the file: no moment without a lock). */
  setAddress: (port: number, host: string) => void;
  /** Removes the lock file if it is still this holding's; safe to call twice. */
  release: () => void;
}

/** Thrown by {@link acquireDbLock} when another live process holds the folder; `message` is Russian. */
export class DatabaseLockedError extends Error {
  constructor(
    readonly holder: DbLockInfo,
    readonly file: string,
  ) {
    super(lockedMessage(holder, file));
    this.name = 'DatabaseLockedError';
  }
}

function lockedMessage(holder: DbLockInfo, file: string): string {
  const who = holder.port ? `сервер магазина (порт ${holder.port})` : `«${holder.command || 'node'}»`;
  const where = holder.hostname === os.hostname() ? '' : ` на машине ${holder.hostname}`;
  return (
    `Встроенная база данных ${path.dirname(file)} уже открыта другим процессом: pid ${holder.pid}${where}, ${who}, ` +
    `запущен ${holder.startedAt}. Её может открыть только один процесс, иначе записи одного теряются. ` +
    `Остановите тот процесс или дождитесь его окончания; если процесса ${holder.pid} нет, удалите файл ${file}.`
  );
}

/** Folders this process holds (resolved path → token): a second open in the same process is refused too. */
const held = new Map<string, string>();
/** When this process started, ms since the epoch. */
const PROCESS_STARTED = Date.now() - process.uptime() * 1000;
/** Slack when comparing a process's start time from /proc with the recorded one, ms. */
const START_SLACK_MS = 2000;

/**
 * Start time of a live process, ms since the epoch, from /proc (Linux); null where there is no
 * /proc or the process is gone. Field 22 of /proc/<pid>/stat is the start in clock ticks after
 * boot; USER_HZ is 100 on every Linux port Node runs on.
 */
function processStartMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[19]);
    const btime = Number(/^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'))?.[1]);
    if (!Number.isFinite(ticks) || !Number.isFinite(btime)) return null;
    return btime * 1000 + ticks * 10;
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it exists, under another user.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the holder named in `info` is gone (see the module docstring). */
function isStale(info: DbLockInfo, dir: string): boolean {
  if (info.hostname !== os.hostname()) return false;
  if (info.pid === process.pid) return held.get(dir) !== info.token;
  if (!Number.isInteger(info.pid) || info.pid <= 0 || !alive(info.pid)) return true;
  const started = processStartMs(info.pid);
  const recorded = Date.parse(info.startedAt);
  // The live process with that pid started after the holder did: the pid was reused.
  return started !== null && Number.isFinite(recorded) && started > recorded + START_SLACK_MS;
}

function readInfo(file: string): DbLockInfo | null {
  try {
    const info = JSON.parse(readFileSync(file, 'utf8')) as DbLockInfo;
    return typeof info === 'object' && info && typeof info.pid === 'number' ? info : null;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    // Unreadable or half-written (a crash between create and write): a holder that never wrote
    // its pid is treated as gone, like a dead pid.
    return { pid: -1, hostname: os.hostname(), startedAt: '', command: '', token: '' };
  }
}

/**
 * Who holds the embedded database in `dir`, if a live process does (the import CLI asks before
 * choosing between opening the database itself and handing the file to the API).
 * @param dir the PGlite data folder.
 * @returns the holder's record, or null when the folder is free or its lock is stale.
 */
export function readDbLock(dir: string): DbLockInfo | null {
  const resolved = path.resolve(dir);
  const info = readInfo(path.join(resolved, LOCK_FILE));
  return info && !isStale(info, resolved) ? info : null;
}

/**
 * Takes the lock of the PGlite data folder `dir` (which must exist) for this process, taking over
 * a stale one (see the module docstring). The lock is released by `release()` (openDb's close)
 * and, as a last resort, when the process exits normally; a killed process leaves a stale lock
 * that the next opener takes over.
 * @throws DatabaseLockedError (Russian message naming the holder's pid) when a live process holds it.
 */
export function acquireDbLock(dir: string): DbLock {
  const resolved = path.resolve(dir);
  const file = path.join(resolved, LOCK_FILE);
  const info: DbLockInfo = {
    pid: process.pid,
    hostname: os.hostname(),
    startedAt: new Date(PROCESS_STARTED).toISOString(),
    command: path.basename(process.argv[1] ?? ''),
    token: randomBytes(8).toString('hex'),
  };
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o644);
      try {
        writeSync(fd, JSON.stringify(info));
      } finally {
        closeSync(fd);
      }
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const holder = readInfo(file);
    if (holder && !isStale(holder, resolved)) throw new DatabaseLockedError(holder, file);
    if (attempt >= 3) throw new DatabaseLockedError(holder ?? info, file);
    if (holder) takeOver(file, holder);
  }
  held.set(resolved, info.token);
  const onExit = () => release();
  process.once('exit', onExit);
  let released = false;
  function release() {
    if (released) return;
    released = true;
    process.removeListener('exit', onExit);
    if (held.get(resolved) === info.token) held.delete(resolved);
    if (readInfo(file)?.token === info.token) unlinkSync(file);
  }
  return {
    file,
    release,
    setAddress(port, host) {
      if (released) return;
      Object.assign(info, { port, host });
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, JSON.stringify(info), { mode: 0o644 });
      renameSync(tmp, file);
    },
  };
}

/**
 * Removes the stale lock `seen`, unless another opener has replaced it meanwhile: the file is
 * renamed aside (atomic, so of two openers taking over at once only one moves any given file),
 * and if what was moved is not the stale lock that was judged (another opener already took it
 * over and wrote its own), it is linked back, unless yet another lock appeared (then the next
 * attempt of the loop sees that one).
 */
function takeOver(file: string, seen: DbLockInfo) {
  const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.stale`;
  try {
    renameSync(file, aside);
  } catch {
    return;
  }
  const moved = readInfo(aside);
  if (moved && (moved.token !== seen.token || moved.pid !== seen.pid)) {
    try {
      linkSync(aside, file);
    } catch {
      // EEXIST: a third opener created one meanwhile; the loop reads it.
    }
  }
  unlinkSync(aside);
}
