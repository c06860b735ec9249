/**
 * Issue #31 item 4: a backup of a shop with orders restores into an empty shop with every table
 * and sequence the same (rows and content hash per table); a backup taken while 40 orders are
 * being placed restores whole (no half-written order, stock adds up); restore refuses a database
 * that has data unless forced. On the embedded database (PGlite: the copy is taken by the running
 * API, GET /api/v1/operator/backup) or, when TEST_DATABASE_URL is set (CI's second pass), on
 * PostgreSQL (pg_dump / pg_restore).
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { openDb, type DbHandle } from '../db/client';
import { seedDatabase } from '../seed';
import { restoreServerEnv, stubServerEnv } from '../test-utils';
import { backup, BackupError, pruneBackups, restore } from './backup';
import {
  orderIntegrity,
  prepareSizes,
  stockSplit,
  tableDigests,
  twoLineOrder,
  type TestSize,
} from './shop-check.test-helper';

const TOKEN = 'backup-test-operator-token-0123456789';
const STOCK = 50;
const adminUrl = process.env.TEST_DATABASE_URL;
const work = mkdtempSync(path.join(os.tmpdir(), 'shop-backup-'));
const created: string[] = [];

/** A new empty target: a PGlite folder, or a new PostgreSQL database. */
async function emptyTarget(label: string): Promise<{ pgliteDir: string; databaseUrl?: string }> {
  const pgliteDir = path.join(work, label);
  if (!adminUrl) return { pgliteDir };
  const name = `shop_backup_${label}_${process.pid}_${Math.random().toString(36).slice(2, 7)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  created.push(name);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { pgliteDir, databaseUrl: url.toString() };
}

const openTarget = (t: { pgliteDir: string; databaseUrl?: string }) => openDb(t.databaseUrl ?? t.pgliteDir);

let source: { pgliteDir: string; databaseUrl?: string };
let handle: DbHandle;
let app: ReturnType<typeof createApp>;
let server: ReturnType<typeof serve>;
let sizes: TestSize[];
let city: number;
let placed = 0;
/** Orders and pieces of the test sizes before the tests' orders (the demo seed has its own). */
let baseline: { orders: number; pieces: number };

async function placeOrders(count: number): Promise<number[]> {
  const statuses = await Promise.all(
    Array.from({ length: count }, async () => {
      const n = placed++;
      const res = await app.request('/api/v1/order/', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(twoLineOrder(sizes, city, n)),
      });
      const json = (await res.json()) as { order?: { guid: string } };
      // Every other order starts its card payment: an order_payments row (sandbox acquiring).
      if (res.status === 201 && n % 2 === 0)
        await app.request('/api/v1/order_payment/', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ guid: json.order!.guid, method: 'card' }),
        });
      return res.status;
    }),
  );
  return statuses;
}

beforeAll(async () => {
  stubServerEnv({ OPERATOR_TOKEN: TOKEN, PAYMENT_SANDBOX: '1' });
  source = await emptyTarget('source');
  handle = await openTarget(source);
  await seedDatabase(handle.db, { products: 20 });
  ({ sizes, city } = await prepareSizes(handle.db, 3, STOCK));
  const split = await stockSplit(
    handle.db,
    sizes.map((s) => s.id),
  );
  baseline = {
    orders: (await orderIntegrity(handle.db)).orders,
    pieces: split.available + split.reserved + split.sold,
  };
  app = createApp(handle.db, { loadShed: { limit: 64, queue: 1000, timeoutMs: 60_000 } });
  // The shop's API as `npm run backup` finds it: listening, its address in the folder's lock.
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
      handle.lock?.setAddress(info.port, '127.0.0.1');
      resolve();
    });
  });
});

afterAll(async () => {
  restoreServerEnv();
  await new Promise((resolve) => server?.close(resolve));
  await handle?.close();
  if (adminUrl) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    for (const name of created) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  rmSync(work, { recursive: true, force: true });
});

describe(`backup and restore (${adminUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('restores a shop with orders into an empty one with every table the same', async () => {
    const statuses = await placeOrders(20);
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    // Order mail is sent after the answer: let it settle, so the copy and the digest see one state.
    await new Promise((r) => setTimeout(r, 1000));
    const before = await tableDigests(handle.db);
    const file = path.join(work, `copy-1${adminUrl ? '.pgdump' : '.pglite.tar.gz'}`);
    const made = await backup({ ...source, file, operatorToken: TOKEN });
    expect(made.via).toBe(adminUrl ? 'pg_dump' : 'api');
    expect(made.bytes).toBeGreaterThan(10_000);
    expect(await tableDigests(handle.db)).toEqual(before);
    expect(before['public.orders']?.rows).toBe(baseline.orders + 20);
    expect(before['public.order_payments']?.rows).toBe(10);

    const target = await emptyTarget('restored');
    await restore({ ...target, file });
    const restored = await openTarget(target);
    try {
      const after = await tableDigests(restored.db);
      expect(Object.keys(after).length).toBeGreaterThan(40);
      expect(after).toEqual(before);
    } finally {
      await restored.close();
    }

    // A database with data is not overwritten unless forced; a forced PGlite restore keeps the old folder.
    await expect(restore({ ...target, file })).rejects.toThrow(BackupError);
    await expect(restore({ ...target, file })).rejects.toThrow(/только в пуст/);
    const forced = await restore({ ...target, file, force: true });
    if (!adminUrl) expect(existsSync(path.join(forced.movedAside!, 'PG_VERSION'))).toBe(true);
  });

  it('a backup taken while 40 orders are placed restores with every order whole and stock adding up', async () => {
    const file = path.join(work, `copy-2${adminUrl ? '.pgdump' : '.pglite.tar.gz'}`);
    const ordering = placeOrders(40);
    await new Promise((r) => setTimeout(r, 30));
    await backup({ ...source, file, operatorToken: TOKEN });
    const statuses = await ordering;
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);

    const target = await emptyTarget('during');
    await restore({ ...target, file });
    const copy = await openTarget(target);
    try {
      const whole = await orderIntegrity(copy.db);
      expect(whole.orders).toBeGreaterThanOrEqual(baseline.orders + 20);
      expect(whole).toEqual({ ...whole, ordersWithoutLines: 0, ordersWithoutHistory: 0, linesWithoutOrder: 0 });
      expect(whole.historyWithoutOrder + whole.paymentsWithoutOrder).toBe(0);
      const split = await stockSplit(
        copy.db,
        sizes.map((s) => s.id),
      );
      expect(split.available + split.reserved + split.sold).toBe(baseline.pieces);
    } finally {
      await copy.close();
    }
  });

  it.skipIf(Boolean(adminUrl))('refuses, in Russian, to copy the running shop without OPERATOR_TOKEN', async () => {
    await expect(backup({ ...source, file: path.join(work, 'no-token.tar.gz') })).rejects.toThrow(/OPERATOR_TOKEN/);
    expect(existsSync(path.join(work, 'no-token.tar.gz'))).toBe(false);
  });
});

describe('retention (--keep-days)', () => {
  it('deletes only backups older than the limit, never the newest nor other files', () => {
    const dir = path.join(work, 'retention');
    mkdirSync(dir);
    const day = 86_400;
    const now = Date.now() / 1000;
    const files: Array<[string, number]> = [
      ['shop-2026-10-01T03-30-00Z.pglite.tar.gz', 40],
      ['shop-2026-10-20T03-30-00Z.pgdump', 20],
      ['shop-2026-11-20T03-30-00Z.pglite.tar.gz', 7],
      ['shop-2026-11-27T03-30-00Z.pglite.tar.gz', 0],
      ['notes.txt', 40],
      ['shop-old.pglite.tar.gz.part', 40],
    ];
    for (const [name, age] of files) {
      writeFileSync(path.join(dir, name), 'x');
      utimesSync(path.join(dir, name), now - age * day, now - age * day);
    }
    // The copy just made is kept whatever its date.
    const removed = pruneBackups(dir, 14, path.join(dir, 'shop-2026-10-01T03-30-00Z.pglite.tar.gz'));
    expect(removed).toEqual(['shop-2026-10-20T03-30-00Z.pgdump']);
    expect(readdirSync(dir).sort()).toEqual(
      [
        'notes.txt',
        'shop-2026-10-01T03-30-00Z.pglite.tar.gz',
        'shop-2026-11-20T03-30-00Z.pglite.tar.gz',
        'shop-2026-11-27T03-30-00Z.pglite.tar.gz',
        'shop-old.pglite.tar.gz.part',
      ].sort(),
    );
  });
});
