/**
 * Issue #28 item 3 "One writer": the embedded database's folder is opened by one handle of one
 * process at a time (server/db/lock.ts). A second opener, in this process or another, gets the
 * Russian refusal naming the holder's pid; a lock whose holder is gone (dead pid, reused pid, a
 * previous life of this pid) is taken over; close releases it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDb, rows, type DbHandle } from './client';
import { acquireDbLock, LOCK_FILE, readDbLock, type DbLockInfo } from './lock';

const ROOT = path.resolve(__dirname, '../..');
let tmp: string;
let n = 0;
const open: DbHandle[] = [];
const children: ChildProcess[] = [];
const folder = async () => {
  const dir = path.join(tmp, `db-${++n}`);
  await mkdir(dir, { recursive: true });
  return dir;
};
const writeLock = (dir: string, info: Partial<DbLockInfo>) =>
  writeFileSync(
    path.join(dir, LOCK_FILE),
    JSON.stringify({
      hostname: os.hostname(),
      startedAt: new Date().toISOString(),
      command: 'x.ts',
      token: 't',
      ...info,
    }),
  );

/** A live process that is not this one: `node` sleeping until killed. */
function sleeper(): ChildProcess {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  children.push(child);
  return child;
}
const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())));

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'db-lock-'));
});
afterEach(async () => {
  for (const h of open.splice(0)) await h.close().catch(() => undefined);
});
afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  await rm(tmp, { recursive: true, force: true });
});

describe('the lock on the PGlite folder (issue #28 item 3)', () => {
  it('refuses a second openDb of the same folder with the holder pid, and allows it after close', async () => {
    const dir = await folder();
    const first = await openDb(dir);
    open.push(first);
    const lock = JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8')) as DbLockInfo;
    expect(lock).toMatchObject({ pid: process.pid, hostname: os.hostname() });
    expect(Date.parse(lock.startedAt)).toBeLessThanOrEqual(Date.now());

    await expect(openDb(dir)).rejects.toThrow(
      new RegExp(`уже открыта другим процессом: pid ${process.pid}.*Её может открыть только один процесс`),
    );
    // The refused opener did not touch the holder's lock.
    expect(readDbLock(dir)?.token).toBe(lock.token);

    await open.pop()!.close();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    const again = await openDb(dir);
    open.push(again);
    expect(await rows(again.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
  });

  it('refuses while another live process holds it; takes it over once that process is dead', async () => {
    const dir = await folder();
    const child = sleeper();
    await new Promise((r) => child.once('spawn', r));
    writeLock(dir, { pid: child.pid!, port: 8123, host: '127.0.0.1', command: 'main.ts' });
    expect(() => acquireDbLock(dir)).toThrow(`pid ${child.pid}`);
    expect(() => acquireDbLock(dir)).toThrow('сервер магазина (порт 8123)');
    expect(readDbLock(dir)).toMatchObject({ pid: child.pid, port: 8123 });

    child.kill('SIGKILL');
    await exited(child);
    expect(readDbLock(dir)).toBeNull(); // stale: nobody holds it
    const handle = await openDb(dir);
    open.push(handle);
    expect(readDbLock(dir)?.pid).toBe(process.pid);
  });

  it('takes over a lock whose pid now belongs to a younger process, or to this one', async () => {
    const dir = await folder();
    const child = sleeper();
    await new Promise((r) => child.once('spawn', r));
    await new Promise((r) => setTimeout(r, 50));
    // The holder "started" an hour before the live process that now has its pid: a reused pid.
    writeLock(dir, { pid: child.pid!, startedAt: new Date(Date.now() - 3600_000).toISOString() });
    if (existsSync('/proc/self/stat')) {
      const lock = acquireDbLock(dir);
      expect(readDbLock(dir)?.pid).toBe(process.pid);
      lock.release();
    }
    // A previous life of this very pid (a container's restart): this process holds no such lock.
    writeLock(dir, { pid: process.pid, startedAt: new Date(Date.now() - 3600_000).toISOString() });
    const lock = acquireDbLock(dir);
    expect(readDbLock(dir)?.token).not.toBe('t');
    lock.release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });

  it('takes over a lock file that was never written (crash between create and write)', async () => {
    const dir = await folder();
    writeFileSync(path.join(dir, LOCK_FILE), '');
    const lock = acquireDbLock(dir);
    expect(readDbLock(dir)?.pid).toBe(process.pid);
    lock.release();
  });

  it('records the API address and keeps the lock through the update', async () => {
    const dir = await folder();
    const lock = acquireDbLock(dir);
    lock.setAddress(8765, '0.0.0.0');
    expect(readDbLock(dir)).toMatchObject({ pid: process.pid, port: 8765, host: '0.0.0.0' });
    expect(() => acquireDbLock(dir)).toThrow('порт 8765');
    lock.release();
    lock.release();
    expect(readDbLock(dir)).toBeNull();
  });

  it('another process cannot open a folder this one has open (a real second PGlite process)', async () => {
    const dir = await folder();
    const handle = await openDb(dir);
    open.push(handle);
    const script = `import('./server/db/client.ts').then(({ openDb }) => openDb(${JSON.stringify(dir)})).then(
      () => { console.log('OPENED'); process.exit(0); },
      (e) => { console.log(e.message); process.exit(3); })`;
    const child = spawn(process.execPath, ['--import', 'tsx', '-e', script], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    let out = '';
    child.stdout!.on('data', (d) => (out += d));
    await exited(child);
    expect(child.exitCode).toBe(3);
    expect(out).toContain(`уже открыта другим процессом: pid ${process.pid}`);
  }, 60_000);
});
