/**
 * Test harness of the shop API: an app on a fresh, seeded database — an in-memory PGlite by
 * default, or a throw-away database on the PostgreSQL server of TEST_DATABASE_URL (CI runs the
 * suite both ways, DESIGN.md "Database": PGlite and PostgreSQL run the same SQL).
 */
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { createApp } from './app';
import { openDb, type DbHandle } from './db/client';
import { cities, offerFeatures } from './db/schema';
import { readServerEnv, serverEnv, type ServerEnv } from './env';
import { seedDatabase } from './seed';

export interface TestApi {
  app: ReturnType<typeof createApp>;
  handle: DbHandle;
  close: () => Promise<void>;
}

/**
 * Load shedding for API tests: they check what concurrent requests do to stock, orders and
 * certificates (50 orders at once), not shedding, which server/load-shed.test.ts covers; on a slow
 * CI PostgreSQL the production gate (8 at once, 500 ms wait) would answer some of them 503.
 */
const TEST_LOAD_SHED = { limit: 64, queue: 10_000, timeoutMs: 60_000 };

/** Products seeded for API tests: enough for every section, facet and page. */
export const TEST_PRODUCTS = 240;

/** Opens a fresh database, seeds `products` demo products and builds the app on it. */
export async function createTestApi(products = TEST_PRODUCTS): Promise<TestApi> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const handle = await openDb('memory://');
    await seedDatabase(handle.db, { products });
    return { app: createApp(handle.db, { loadShed: TEST_LOAD_SHED }), handle, close: () => handle.close() };
  }
  const name = `shop_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDb(url.toString());
  await seedDatabase(handle.db, { products });
  return {
    app: createApp(handle.db, { loadShed: TEST_LOAD_SHED }),
    handle,
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name}`);
      await cleanup.end();
    },
  };
}

/** Sends JSON to the app; returns status, parsed body and the Set-Cookie header. */
export async function call(
  api: TestApi,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON answers
): Promise<{ status: number; json: any; setCookie: string | null }> {
  const init: RequestInit = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
    (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
  }
  const res = await api.app.request(path, init);
  const text = await res.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: res.status, json, setCookie: res.headers.get('set-cookie') };
}

/** What the order tests need: Moscow's city id and one size with plenty of stock. */
export interface OrderFixture {
  moscow: number;
  size: { offerId: number; extId: string };
}

/**
 * Moscow's id and the first size of the seeded catalogue, its stock set to `stock` pieces, so a
 * test can place many one-piece orders (spec §7 POST /v1/order/).
 */
export async function orderFixture(api: TestApi, stock: number): Promise<OrderFixture> {
  const { db } = api.handle;
  const [city] = await db.select({ id: cities.id }).from(cities).where(eq(cities.name, 'Москва'));
  const [size] = await db
    .select({ offerId: offerFeatures.offerId, extId: offerFeatures.extId })
    .from(offerFeatures)
    .where(eq(offerFeatures.kind, 'size'))
    .limit(1);
  await db.update(offerFeatures).set({ stock }).where(eq(offerFeatures.extId, size!.extId));
  return { moscow: city!.id, size: size! };
}

/** A guest's courier order body of one piece of the fixture's size for `contact` (consent given), plus `extra` fields. */
export function oneItemOrder(
  fixture: OrderFixture,
  contact: { fio: string; email: string; phone: string },
  extra: Record<string, unknown> = {},
) {
  return {
    contact,
    delivery: {
      method: 'courier',
      city_id: fixture.moscow,
      street: 'Тверская',
      house: '12',
      apartment: '45',
      postcode: '125009',
    },
    items: [{ offer: fixture.size.offerId, feature: fixture.size.extId, quantity: 1 }],
    // Issue #29: a guest's order carries the personal data consent.
    personal_data_consent: true,
    ...extra,
  };
}

let stubbed: Record<string, string> = {};

/** Puts a freshly parsed environment into `serverEnv` (parsed once at import, server/env.ts). */
function replaceServerEnv(next: ServerEnv): void {
  for (const key of Object.keys(serverEnv)) delete (serverEnv as Record<string, unknown>)[key];
  Object.assign(serverEnv, next);
}

/**
 * Server settings for one test, as if these variables were set (`''` = unset) when the API
 * started; calls add up until {@link restoreServerEnv}.
 * @throws Error naming the variable, as at start, for a bad value.
 */
export function stubServerEnv(over: Record<string, string>): void {
  stubbed = { ...stubbed, ...over };
  replaceServerEnv(readServerEnv({ ...process.env, ...stubbed }));
}

/** Undoes every {@link stubServerEnv}. */
export function restoreServerEnv(): void {
  stubbed = {};
  replaceServerEnv(readServerEnv());
}
