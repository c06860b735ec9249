/**
 * Issue #31 item 4, crash test: the API process is killed (`SIGKILL`, no shutdown code runs) in
 * the middle of 100 concurrent orders, then started again. Every order answered 201 must be in
 * the database, no order may be half written (an order without lines or history, a line, history
 * or payment row without its order), and the pieces of the sizes sold must add up: available +
 * held by unpaid orders + sold = before. On the embedded database (PGlite in a folder, the
 * fresh-machine default) or, when TEST_DATABASE_URL is set (CI's second pass), on PostgreSQL.
 * Prints one line of figures (docs/operations.md "Backups" quotes them).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb, rows } from '../db/client';
import { seedDatabase } from '../seed';
import { orderIntegrity, prepareSizes, stockSplit, twoLineOrder } from './shop-check.test-helper';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const adminUrl = process.env.TEST_DATABASE_URL;
const work = mkdtempSync(path.join(os.tmpdir(), 'shop-crash-'));
const ORDERS = 100;
/** The API is killed once this many orders have been answered 201. */
const KILL_AFTER = 30;
/** Orders placed and paid before the 100 (stock: 4 sizes × 40 pieces = 80 two-piece orders). */
const EARLY = 10;
let dbName: string | null = null;
const children: ChildProcess[] = [];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts the real API (`node --import tsx server/main.ts`: one process, so SIGKILL hits it). */
function startApi(target: string, port: number): { child: ChildProcess; exited: Promise<unknown>; log: string[] } {
  const log: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'development',
      ...(target.startsWith('postgres') ? { DATABASE_URL: target } : { PGLITE_DIR: target }),
      API_PORT: String(port),
      API_HOST: '127.0.0.1',
      SITE_URL: 'http://127.0.0.1:3000',
      PAYMENT_SANDBOX: '1',
      API_CONCURRENCY: '16',
      API_QUEUE: '1000',
      API_QUEUE_TIMEOUT_MS: '60000',
      API_CACHE_TTL_MS: '0',
      RESERVATION_SWEEP_SECONDS: '0',
      FEED_REBUILD_INTERVAL_S: '86400',
      FEED_DIR: path.join(work, 'feeds'),
      MAIL_DIR: path.join(work, 'mail'),
      IMPORT_MEDIA_DIR: path.join(work, 'media'),
      EXCHANGE_DIR: path.join(work, 'exchange'),
    },
  });
  children.push(child);
  child.stdout!.on('data', (d: Buffer) => log.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => log.push(d.toString()));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  return { child, exited, log };
}

/** Polls /api/ready until 200. @returns ms it took. @throws with the API's log when it exits or 120 s pass. */
async function waitReady(api: ReturnType<typeof startApi>, port: number): Promise<number> {
  const t0 = Date.now();
  while (Date.now() - t0 < 120_000) {
    if (api.child.exitCode !== null) throw new Error(`API exited:\n${api.log.join('')}`);
    const res = await fetch(`http://127.0.0.1:${port}/api/ready`).catch(() => null);
    if (res?.status === 200) return Date.now() - t0;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`API not ready in 120 s:\n${api.log.join('')}`);
}

async function stopApi(api: ReturnType<typeof startApi>): Promise<void> {
  api.child.kill('SIGTERM');
  await api.exited;
}

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  if (adminUrl && dbName) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
  rmSync(work, { recursive: true, force: true });
});

describe(`kill -9 of the API during 100 concurrent orders (${adminUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('keeps every answered order, nothing half written, stock adding up', { timeout: 240_000 }, async () => {
    let target = path.join(work, 'pglite');
    if (adminUrl) {
      dbName = `shop_crash_${process.pid}_${Math.random().toString(36).slice(2, 7)}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${dbName}`);
      await admin.end();
      const url = new URL(adminUrl);
      url.pathname = `/${dbName}`;
      target = url.toString();
    }
    // The shop before: a small catalogue, four sizes of 40 pieces (80 two-piece orders at most,
    // so some of the 100 are refused for stock: the guard runs too).
    const setup = await openDb(target);
    await seedDatabase(setup.db, { products: 12 });
    const { sizes, city } = await prepareSizes(setup.db, 4, 40);
    const featureIds = sizes.map((s) => s.id);
    const before = await stockSplit(setup.db, featureIds);
    const ordersBefore = (await orderIntegrity(setup.db)).orders;
    await setup.close();

    const port = await freePort();
    const api = startApi(target, port);
    await waitReady(api, port);

    const answered: string[] = [];
    /** Orders whose card payment was answered as started (an order_payments row). */
    const paying: string[] = [];
    const statuses: Record<string, number> = {};
    let killedAt = 0;
    let t0 = Date.now();
    let armed = false;
    // Once armed: killed at the KILL_AFTER-th answer 201 of the 100, the rest in flight.
    const maybeKill = () => {
      if (!armed || killedAt || answered.length < EARLY + KILL_AFTER) return;
      api.child.kill('SIGKILL');
      killedAt = Date.now() - t0;
    };
    const order = async (n: number) => {
      let status = 'no answer';
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/v1/order/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(twoLineOrder(sizes, city, n)),
        });
        const json = (await res.json()) as { order?: { number: string; guid: string } };
        status = String(res.status);
        if (res.status === 201) {
          answered.push(json.order!.number);
          maybeKill();
          if (n % 2 === 0) {
            // Every other buyer goes on to pay by card: the payment row is written then.
            const pay = await fetch(`http://127.0.0.1:${port}/api/v1/order_payment/`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ guid: json.order!.guid, method: 'card' }),
            });
            if (pay.status === 200) paying.push(json.order!.guid);
            maybeKill();
          }
        }
      } catch {
        // the connection died with the process
      }
      if (armed) statuses[status] = (statuses[status] ?? 0) + 1;
    };
    // A few buyers first, who all go on to pay (their payment rows must survive too); then 100 at once.
    await Promise.all(Array.from({ length: EARLY }, (_, n) => order(n * 2)));
    expect(paying).toHaveLength(EARLY);
    armed = true;
    t0 = Date.now();
    await Promise.all(Array.from({ length: ORDERS }, (_, n) => order(EARLY * 2 + n)));
    const killedInFlight = killedAt > 0;
    if (!killedInFlight) api.child.kill('SIGKILL');
    expect(await api.exited).toBe('SIGKILL');
    expect(killedInFlight, 'every order was answered before the kill').toBe(true);
    expect(statuses['no answer']).toBeGreaterThan(0);
    expect(statuses['500']).toBeUndefined();

    // Restart: the database recovers and the API comes back.
    const restarted = startApi(target, port);
    const restartMs = await waitReady(restarted, port);
    await stopApi(restarted);

    const check = await openDb(target);
    try {
      const found = await rows<{ number: string }>(
        check.db,
        sql`select number from orders where number in (${sql.join(
          answered.map((n) => sql`${n}`),
          sql`, `,
        )})`,
      );
      const payments = await rows<{ guid: string }>(
        check.db,
        sql`select distinct o.guid::text as guid from order_payments p join orders o on o.id = p.order_id`,
      );
      const whole = await orderIntegrity(check.db);
      const after = await stockSplit(check.db, featureIds);
      const total = (s: typeof before) => s.available + s.reserved + s.sold;
      console.log(
        `crash test [${check.driver}]: ${ORDERS} orders at once, answers ${JSON.stringify(statuses)}; ` +
          `(after ${EARLY} paid ones) SIGKILL ${killedAt} ms after the first request, at the ${KILL_AFTER}th answer 201; ` +
          `after restart (ready in ${restartMs} ms): ${found.length} of ${answered.length} answered orders found, ` +
          `${whole.orders - ordersBefore} new orders in all; card payments started and answered: ${paying.length}, ` +
          `found ${paying.filter((g) => payments.some((p) => p.guid === g)).length}; half-written: ${JSON.stringify(whole)}; ` +
          `stock ${after.available} available + ${after.reserved} reserved + ${after.sold} sold = ${total(after)} (before ${total(before)})`,
      );
      expect(found.map((r) => r.number).sort()).toEqual([...answered].sort());
      expect(paying.length).toBeGreaterThan(0);
      expect(payments.map((p) => p.guid)).toEqual(expect.arrayContaining(paying));
      expect(whole.orders - ordersBefore).toBeGreaterThanOrEqual(answered.length);
      expect(whole).toEqual({
        orders: whole.orders,
        ordersWithoutLines: 0,
        ordersWithoutHistory: 0,
        linesWithoutOrder: 0,
        historyWithoutOrder: 0,
        paymentsWithoutOrder: 0,
      });
      expect(total(after)).toBe(total(before));
      // Each new order took exactly its two pieces.
      expect(after.reserved + after.sold - (before.reserved + before.sold)).toBe(2 * (whole.orders - ordersBefore));
    } finally {
      await check.close();
    }
  });
});
