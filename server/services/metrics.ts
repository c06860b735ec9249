/**
 * Prometheus metrics of the shop API (issue #31 item 3, docs/operations.md "Metrics"), with
 * prom-client. Served on a private port of their own (METRICS_PORT, bound to METRICS_HOST,
 * loopback by default), never on the API's public one: an operator's scraper reaches them, a
 * shopper cannot, and no token is needed. Unset METRICS_PORT: nothing is recorded (every hook
 * below returns at its first line) and nothing listens.
 *
 * What is recorded (names in docs/operations.md):
 * - requests by route pattern (never the raw path: its values are unbounded and may be personal),
 *   method and status, and their latency (`httpMetrics`, first middleware of server/app.ts);
 * - response-cache hits and misses (the `X-Api-Cache` header server/services/response-cache.ts sets);
 * - the load gate's requests running and waiting, and its 503 sheds (`observeLoadGate`);
 * - database query time per driver (`timeQueries`, server/db/client.ts);
 * - change-event rounds and the storefront revalidations they post (`countChangeRound`,
 *   `countingRevalidationFetch`, server/main.ts);
 * - import runs and payment attempts by status, read from `import_runs` and `order_payments` at
 *   scrape time (`observeDatabase`): the CLI importer runs in another process and payments change
 *   in several places, the tables see them all;
 * - the field Core Web Vitals p75 per page type (`observeFieldVitals`, server/services/field-vitals.ts).
 */
import { createServer, type Server } from 'node:http';
import { sql, type SQL } from 'drizzle-orm';
import { matchedRoutes } from 'hono/route';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics, type GaugeConfiguration } from 'prom-client';
import { VITALS_METRICS } from '@/lib/api/contract/vitals';
import { nameActiveSpan, tracingStarted } from '../../storefront-server/telemetry.ts';
import type { FieldVitals } from './field-vitals';
import type { AdmissionGate } from '../../storefront-server/admission-gate.ts';
import type { Db } from '../db/client';
import type { Context, MiddlewareHandler } from 'hono';

/** The API's registry (tests read it; the metrics listener serves it). */
export const apiRegistry = new Registry();

let enabled = false;
let defaultsCollected = false;

/** Whether metrics are recorded (METRICS_PORT set, or a test turned them on). */
export function metricsEnabled(): boolean {
  return enabled;
}

/**
 * Turns recording on or off for this process (server/main.ts when METRICS_PORT is set; tests).
 * The first time on, Node's process metrics (CPU, memory, event loop lag, GC) are added too.
 */
export function enableApiMetrics(on = true): void {
  enabled = on;
  if (on && !defaultsCollected) {
    defaultsCollected = true;
    collectDefaultMetrics({ register: apiRegistry, prefix: 'shop_api_' });
  }
}

/** Latency buckets, seconds: 5 ms … 10 s (the storefront's deadline). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Query buckets, seconds: 0.5 ms … 5 s. */
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];

/** A counter in {@link apiRegistry}. */
function counter<L extends string>(name: string, help: string, labelNames: readonly L[] = []): Counter<L> {
  return new Counter({ name, help, labelNames, registers: [apiRegistry] });
}
/** A histogram in {@link apiRegistry}; `buckets` in seconds. */
function histogram<L extends string>(name: string, help: string, labelNames: readonly L[], buckets: number[]) {
  return new Histogram({ name, help, labelNames, buckets, registers: [apiRegistry] });
}
/** A gauge in {@link apiRegistry}, set by its `collect` at every scrape. */
function gauge<L extends string>(config: Omit<GaugeConfiguration<L>, 'registers'>): Gauge<L> {
  return new Gauge({ ...config, registers: [apiRegistry] });
}

const requests = counter(
  'shop_api_http_requests_total',
  'Requests answered by the API, by method, route pattern and status.',
  ['method', 'route', 'status'],
);
const latency = histogram(
  'shop_api_http_request_duration_seconds',
  'Time from the request reaching the app to its answer head, by method and route pattern.',
  ['method', 'route'],
  LATENCY_BUCKETS,
);
const responseCache = counter(
  'shop_api_response_cache_total',
  'Public catalogue answers of the response cache, by result (hit, miss).',
  ['result'],
);
const queries = histogram(
  'shop_api_db_query_duration_seconds',
  'Database round trips (a statement, or a whole transaction on the embedded database), by driver and kind.',
  ['driver', 'kind'],
  QUERY_BUCKETS,
);
const queryErrors = counter('shop_api_db_query_errors_total', 'Database round trips that failed, by driver.', [
  'driver',
]);
const changeRounds = counter(
  'shop_api_change_event_rounds_total',
  'Rounds of catalogue change events dispatched (issue #13).',
);
const changes = counter('shop_api_change_events_total', 'Catalogue change rows dispatched (issue #13).');
const revalidations = counter(
  'shop_api_revalidations_total',
  'Revalidation POSTs to the storefront, by result (ok, refused, failed).',
  ['result'],
);

/** The gate whose load the gauges report (the last one observed: one app per process). */
let gate: AdmissionGate | null = null;
gauge({
  name: 'shop_api_load_gate_active',
  help: 'Requests holding a slot of the load gate (server/load-shed.ts).',
  collect() {
    this.set(gate?.active ?? 0);
  },
});
gauge({
  name: 'shop_api_load_gate_queue_length',
  help: 'Requests waiting for a slot of the load gate.',
  collect() {
    this.set(gate ? gate.load - gate.active : 0);
  },
});
new Counter({
  name: 'shop_api_load_shed_total',
  help: 'Requests the load gate answered 503, by reason (full: queue full; timeout: waited too long).',
  labelNames: ['reason'] as const,
  registers: [apiRegistry],
  collect() {
    this.reset();
    this.inc({ reason: 'full' }, gate?.stats.full ?? 0);
    this.inc({ reason: 'timeout' }, gate?.stats.timeout ?? 0);
  },
});

/** Reports `observed`'s running and waiting requests and its refusals (server/app.ts). */
export function observeLoadGate(observed: AdmissionGate): void {
  gate = observed;
}

/**
 * The label of a request's route pattern (`/api/v1/search/:query`), or "unmatched" for none or a
 * middleware's pattern (404s of unknown paths: their paths
 * are not labels, a scanner would make thousands).
 */
export function routeLabel(pattern: string | undefined): string {
  if (!pattern || pattern === '*' || pattern.endsWith('/*')) return 'unmatched';
  // Hono keeps a parameter's pattern in the path (`:query{.+}`): the name is enough.
  return pattern.replace(/\{[^}]*\}/g, '');
}

/**
 * The pattern of the endpoint a request matched: the first matched route that is not middleware
 * (`app.use` registers for every method), the one that answers it even when a middleware answered
 * first (a response-cache hit, a 503 of the gate); undefined when only middleware matched.
 */
function endpointOf(c: Context): string | undefined {
  return matchedRoutes(c).find((route) => route.method !== 'ALL')?.path;
}

/**
 * Middleware counting every request by route pattern and status and timing it (server/app.ts);
 * with tracing on, it also names the request's span after the route pattern.
 */
export function httpMetrics(): MiddlewareHandler {
  const tracing = tracingStarted();
  return async (c, next) => {
    if (!enabled && !tracing) return next();
    const start = performance.now();
    try {
      await next();
    } finally {
      const route = routeLabel(endpointOf(c));
      const method = c.req.method;
      if (tracing) nameActiveSpan(method, route);
      if (enabled) {
        requests.inc({ method, route, status: String(c.res.status) });
        latency.observe({ method, route }, (performance.now() - start) / 1000);
        const cache = c.res.headers.get('x-api-cache');
        if (cache === 'hit' || cache === 'miss') responseCache.inc({ result: cache });
      }
    }
  };
}

/**
 * Wraps `target[method]` (a promise-returning query function of a database client) so its time
 * goes to `shop_api_db_query_duration_seconds{driver,kind}` while metrics are on.
 * @param target e.g. a `pg.Client` (each pool connection) or the PGlite instance
 */
export function timeQueries<T extends object>(
  target: T,
  method: keyof T & string,
  driver: string,
  kind = 'query',
): void {
  const original = target[method] as unknown as (...args: unknown[]) => unknown;
  if (typeof original !== 'function') return;
  const wrapped = function (this: unknown, ...args: unknown[]) {
    if (!enabled) return original.apply(this, args);
    const start = performance.now();
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      // pg's callback form, which pg.Pool's own `query` uses on its connection.
      args[args.length - 1] = function (this: unknown, error: unknown, ...rest: unknown[]) {
        queries.observe({ driver, kind }, (performance.now() - start) / 1000);
        if (error) queryErrors.inc({ driver });
        return (callback as (...a: unknown[]) => unknown).call(this, error, ...rest);
      };
      return original.apply(this, args);
    }
    const result = original.apply(this, args);
    if (!(result instanceof Promise)) return result;
    return result.then(
      (value) => {
        queries.observe({ driver, kind }, (performance.now() - start) / 1000);
        return value;
      },
      (error: unknown) => {
        queries.observe({ driver, kind }, (performance.now() - start) / 1000);
        queryErrors.inc({ driver });
        throw error;
      },
    );
  };
  (target as Record<string, unknown>)[method] = wrapped;
}

/** Counts one dispatched round of change events (server/main.ts `onRound`). */
export function countChangeRound(round: { changes: number }): void {
  if (!enabled) return;
  changeRounds.inc();
  changes.inc(round.changes);
}

/**
 * A fetch for the change events' revalidation POSTs that counts their results: `ok` (2xx),
 * `refused` (another status), `failed` (no answer).
 */
export function countingRevalidationFetch(fetchImpl: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    try {
      const res = await fetchImpl(input, init);
      if (enabled) revalidations.inc({ result: res.ok ? 'ok' : 'refused' });
      return res;
    } catch (error) {
      if (enabled) revalidations.inc({ result: 'failed' });
      throw error;
    }
  };
}

let vitals: FieldVitals | null = null;
gauge({
  name: 'shop_field_vitals_p75',
  help: 'Field Core Web Vitals p75 of this API process’s window, by page type and metric (ms; CLS unitless).',
  labelNames: ['page', 'metric'] as const,
  collect() {
    this.reset();
    if (!vitals) return;
    for (const page of vitals.report().pages)
      for (const metric of VITALS_METRICS) {
        const value = page[metric].p75;
        if (value !== null) this.set({ page: page.page, metric }, value);
      }
  },
});
gauge({
  name: 'shop_field_vitals_samples',
  help: 'Beacons behind each field vitals p75, by page type and metric.',
  labelNames: ['page', 'metric'] as const,
  collect() {
    this.reset();
    if (!vitals) return;
    for (const page of vitals.report().pages)
      for (const metric of VITALS_METRICS) this.set({ page: page.page, metric }, page[metric].samples);
  },
});

/** Reports the p75 kept by `store` (server/routes/vitals). */
export function observeFieldVitals(store: FieldVitals): void {
  vitals = store;
}

let database: Db | null = null;

/** Rows of a query on `db` (server/db/client.ts `rows`, which imports this module). */
async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
/**
 * A gauge of row counts by `labelNames`, read with `query` (which selects those columns and `n`)
 * at every scrape; an unreadable database leaves the last values.
 */
function databaseCountGauge<L extends string>(name: string, help: string, labelNames: readonly L[], query: SQL) {
  gauge({
    name,
    help,
    labelNames,
    async collect() {
      if (!database) return;
      const found = await rows<Record<L, string> & { n: number | string }>(database, query).catch(() => null);
      if (!found) return;
      this.reset();
      for (const row of found) {
        const labels: Partial<Record<L, string>> = {};
        for (const label of labelNames) labels[label] = row[label];
        this.set(labels, Number(row.n));
      }
    },
  });
}
databaseCountGauge(
  'shop_payment_attempts',
  'Card payment attempts in the database, by status (created, paid, failed, expired, cancelled…).',
  ['status'],
  sql`select status, count(*) as n from order_payments group by status`,
);
databaseCountGauge(
  'shop_catalog_import_runs',
  'Catalogue import runs recorded in import_runs, by source (yml, commerceml) and status (running, success, failure).',
  ['source', 'status'],
  sql`select source, status, count(*) as n from import_runs group by source, status`,
);
gauge({
  name: 'shop_catalog_import_last_success_timestamp_seconds',
  help: 'When the last successful catalogue import finished (Unix time, s; 0: never).',
  async collect() {
    if (!database) return;
    const [row] =
      (await rows<{ at: number | string | null }>(
        database,
        sql`select extract(epoch from max(finished_at)) as at from import_runs where status = 'success'`,
      ).catch(() => null)) ?? [];
    if (row) this.set(Number(row.at ?? 0));
  },
});

/** Reads payment attempts and import runs from `db` at every scrape (server/main.ts). */
export function observeDatabase(db: Db): void {
  database = db;
}

/**
 * Listens for Prometheus on `port` at `host`: `GET /metrics` answers the registry in its text
 * format, anything else 404. Turns recording on.
 * @returns the listening server (close it on shutdown)
 */
export function startMetricsServer(port: number, host: string, registry: Registry = apiRegistry): Server {
  enableApiMetrics();
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Не найдено\n');
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
      () => res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Метрики недоступны\n'),
    );
  });
  server.listen(port, host);
  return server;
}
