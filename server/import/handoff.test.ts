/**
 * Issue #28 item 3 "One writer": `npm run import` (runImport of server/import/handoff.ts) never
 * writes behind a running embedded API. An API holds a PGlite folder (openDb's lock, its address
 * recorded as server/main.ts does) and listens on a random port; the import hands the feed to it
 * over the 1C exchange, and the change shows through the API's own GET (its response cache and
 * catalogue index refreshed by the change event). Without the exchange credentials, or when the
 * holder is not an API, it refuses in Russian and nothing changes; with the API stopped it imports
 * directly. With TEST_DATABASE_URL: a direct import into PostgreSQL is a change event that reaches
 * a running API's listener and becomes the storefront's revalidation tags.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { openDb, rows, type DbHandle } from '../db/client';
import { LOCK_FILE } from '../db/lock';
import { readServerEnv, type ServerEnv } from '../env';
import { seedDatabase } from '../seed';
import { startChangeEvents, type ChangeEvents, type ChangeRound } from '../services/change-events';
import { apiBaseUrl, runImport } from './handoff';
import type { AddressInfo } from 'node:net';

const FEED = path.resolve(__dirname, '../../tests/fixtures/import/handoff.yml');
const PRODUCT = 'Платье-рубашка «Передача»';
const USER = 'cli';
const PASSWORD = 'пароль-обмена';

let tmp: string;
let dbDir: string;
/** Writes the fixture with size 42's stock set to `stock`; returns its path. */
async function feed(stock: number, name = 'feed.xml'): Promise<string> {
  const file = path.join(tmp, name);
  await writeFile(file, (await readFile(FEED, 'utf8')).replace('STOCK_42', String(stock)));
  return file;
}
/** The import command's environment: this test's settings only (empty counts as unset). */
const envOf = (vars: Record<string, string>): ServerEnv =>
  readServerEnv({
    ...process.env,
    DATABASE_URL: '',
    EXCHANGE_USER: '',
    EXCHANGE_PASSWORD: '',
    PGLITE_DIR: dbDir,
    IMPORT_MEDIA_DIR: path.join(tmp, 'media'),
    IMPORT_CATEGORY_MAP: '',
    IMPORT_DEFAULT_SECTION: 'odezhda',
    ...vars,
  });
const withExchange = (extra: Record<string, string> = {}) =>
  envOf({ EXCHANGE_USER: USER, EXCHANGE_PASSWORD: PASSWORD, ...extra });

/** The running embedded API: the folder's holder, serving on 127.0.0.1:port as server/main.ts does. */
let api: { handle: DbHandle; server: ServerType; events: ChangeEvents; port: number } | null = null;
const base = () => `http://127.0.0.1:${api!.port}`;

async function productId(db: DbHandle['db']): Promise<number | undefined> {
  return (await rows<{ id: number }>(db, sql`select id from products where name = ${PRODUCT}`))[0]?.id;
}
/** Stock of size 42 as the API's product card shows it. */
async function apiStock(pk: number): Promise<number | undefined> {
  const res = await fetch(`${base()}/api/v1/product_offer/?pk=${pk}`);
  expect(res.status).toBe(200);
  const card = (await res.json()) as { offers: { features: { name: string; stock: number }[] }[] };
  return card.offers.flatMap((o) => o.features).find((f) => f.name === '42')?.stock;
}
/** Polls until `read` gives `want` or `ms` pass (the freshness bound: change events, docs/caching.md). */
async function eventually<T>(read: () => Promise<T>, want: T, ms = 3000): Promise<T> {
  const deadline = Date.now() + ms;
  let got = await read();
  while (got !== want && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    got = await read();
  }
  return got;
}

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'import-handoff-'));
  dbDir = path.join(tmp, 'pglite');
  // The API's own settings, read by createExchangeRoutes when the app is built.
  Object.assign(process.env, {
    EXCHANGE_USER: USER,
    EXCHANGE_PASSWORD: PASSWORD,
    EXCHANGE_DIR: path.join(tmp, 'exchange'),
    IMPORT_MEDIA_DIR: path.join(tmp, 'media'),
    IMPORT_CATEGORY_MAP: '',
  });
  const handle = await openDb(dbDir);
  await seedDatabase(handle.db, { products: 0 });
  const events = await startChangeEvents(handle, { coalesceMs: 10 });
  // A response cache that only a change event clears within the test's time.
  const app = createApp(handle.db, { cacheTtlMs: 600_000 });
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const port = (server.address() as AddressInfo).port;
  handle.lock!.setAddress(port, '127.0.0.1');
  api = { handle, server, events, port };
}, 120_000);

afterAll(async () => {
  if (api) {
    await api.events.stop();
    api.server.close();
    await api.handle.close();
  }
  for (const k of ['EXCHANGE_USER', 'EXCHANGE_PASSWORD', 'EXCHANGE_DIR', 'IMPORT_MEDIA_DIR', 'IMPORT_CATEGORY_MAP'])
    delete process.env[k];
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe('npm run import beside the running embedded API (issue #28 item 3)', () => {
  it('hands the feed to the API over the exchange; the API shows the change', async () => {
    const progress: string[] = [];
    const first = await runImport(await feed(5), withExchange(), { log: (l) => progress.push(l) });
    expect(first.via).toBe('api');
    expect(first.report).toContain('Импорт feed.xml');
    expect(first.report).toContain('Товары: создано 1, обновлено 0');
    expect(progress[0]).toContain(`импорт передан ему через обмен, ${base()}`);
    const pk = await productId(api!.handle.db);
    expect(pk).toBeDefined();
    expect(await eventually(() => apiStock(pk!), 5)).toBe(5);

    // The card is now in the API's response cache; the next import changes the stock under it.
    const second = await runImport(await feed(1), withExchange());
    expect(second.via).toBe('api');
    expect(second.report).toMatch(/Размеры: создано 0, обновлено 1/);
    expect(await eventually(() => apiStock(pk!), 1)).toBe(1);
    const runs = await rows<{ source: string; status: string }>(
      api!.handle.db,
      sql`select source, status from import_runs order by id`,
    );
    expect(runs).toEqual([
      { source: 'yml', status: 'success' },
      { source: 'yml', status: 'success' },
    ]);
  });

  it('downloads a URL itself and sends the file (the API fetches no address it is given)', async () => {
    const body = await readFile(await feed(7));
    const asked: string[] = [];
    const fetchImpl: typeof fetch = async (url, init) => {
      asked.push(String(url));
      if (String(url).startsWith('https://old-shop.example.ru/')) return new Response(new Uint8Array(body));
      return fetch(url, init);
    };
    const done = await runImport('https://old-shop.example.ru/export/yml.xml', withExchange(), { fetchImpl });
    expect(done.via).toBe('api');
    expect(done.report).toContain('Импорт yml.xml');
    expect(asked.filter((u) => u.includes('old-shop'))).toEqual(['https://old-shop.example.ru/export/yml.xml']);
    expect(await eventually(async () => apiStock((await productId(api!.handle.db))!), 7)).toBe(7);
  });

  it('refuses in Russian when the exchange is off here or the password differs; nothing changes', async () => {
    const pk = (await productId(api!.handle.db))!;
    const before = await apiStock(pk);
    await expect(runImport(await feed(0), envOf({}))).rejects.toThrow(
      new RegExp(
        `держит работающий сервер магазина \\(pid ${process.pid}, порт ${api!.port}\\).*обмен выключен: задайте этой команде EXCHANGE_USER и EXCHANGE_PASSWORD.*остановите магазин.*PostgreSQL`,
      ),
    );
    await expect(runImport(await feed(0), withExchange({ EXCHANGE_PASSWORD: 'не тот' }))).rejects.toThrow(
      'отклонил вход',
    );
    expect(await apiStock(pk)).toBe(before);
  });

  it('refuses when the folder is held by a process that is not a listening API', async () => {
    // Another import (or the seed) of a second folder: a live process without a port.
    const other = path.join(tmp, 'other');
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      await new Promise((r) => child.once('spawn', r));
      await import('node:fs/promises').then((fs) => fs.mkdir(other, { recursive: true }));
      writeFileSync(
        path.join(other, LOCK_FILE),
        JSON.stringify({
          pid: child.pid,
          hostname: os.hostname(),
          startedAt: new Date().toISOString(),
          command: 'cli.ts',
          token: 'x',
        }),
      );
      await expect(runImport(await feed(0), withExchange({ PGLITE_DIR: other }))).rejects.toThrow(
        new RegExp(`уже открыта другим процессом: pid ${child.pid}.*«cli.ts»`),
      );
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('imports directly once the API has stopped (the lock is gone)', async () => {
    await api!.events.stop();
    api!.server.close();
    await api!.handle.close();
    api = null;
    const done = await runImport(await feed(3), withExchange());
    expect(done.via).toBe('direct');
    expect(done.report).toMatch(/Размеры: создано 0, обновлено 1/);
    const handle = await openDb(dbDir);
    try {
      const [size] = await rows<{ stock: number }>(
        handle.db,
        sql`select f.stock from offer_features f join offers o on o.id = f.offer_id
            join products p on p.id = o.product_id where p.name = ${PRODUCT} and f.name = '42'`,
      );
      expect(size?.stock).toBe(3);
    } finally {
      await handle.close();
    }
  });

  it('reaches an API on a wildcard address over loopback', () => {
    expect(apiBaseUrl({ port: 8000, host: '0.0.0.0' })).toBe('http://127.0.0.1:8000');
    expect(apiBaseUrl({ port: 8000, host: '::' })).toBe('http://[::1]:8000');
    expect(apiBaseUrl({ port: 8001, host: '10.0.0.5' })).toBe('http://10.0.0.5:8001');
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!adminUrl)('npm run import on PostgreSQL (issue #28 item 3)', () => {
  const name = `shop_test_handoff_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  let url: string;
  let apiHandle: DbHandle | undefined;
  let events: ChangeEvents | undefined;
  const rounds: ChangeRound[] = [];
  const posted: string[][] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(adminUrl!);
    u.pathname = `/${name}`;
    url = u.toString();
    apiHandle = await openDb(url);
    await seedDatabase(apiHandle.db, { products: 0 });
    // The running API's dispatcher; its poll is an hour away, so only the notification wakes it.
    events = await startChangeEvents(apiHandle, {
      coalesceMs: 10,
      pollMs: 3600_000,
      revalidateUrls: ['http://storefront.test/api/revalidate'],
      secret: 's',
      reexpireMs: [],
      fetchImpl: async (_url, init) => {
        posted.push((JSON.parse(String(init?.body)) as { tags: string[] }).tags);
        return new Response('{}');
      },
      onRound: (round) => rounds.push(round),
    });
  }, 120_000);
  afterAll(async () => {
    await events?.stop();
    await apiHandle?.close();
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name}`);
    await cleanup.end();
  });

  it('imports directly; the notification reaches the running API, which posts the product tags', async () => {
    const done = await runImport(await feed(4, 'pg.xml'), envOf({ DATABASE_URL: url }));
    expect(done.via).toBe('direct');
    expect(done.report).toContain('Товары: создано 1');
    const pk = (await productId(apiHandle!.db))!;
    const deadline = Date.now() + 3000;
    while (!rounds.some((r) => r.products.includes(pk)) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    expect(rounds.flatMap((r) => r.products)).toContain(pk);
    expect(posted.flat()).toEqual(expect.arrayContaining(['listings']));
  });
});
