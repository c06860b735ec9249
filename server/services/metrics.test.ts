/**
 * Issue #31 item 3: the API's Prometheus metrics count requests by route pattern (never the
 * path's values), time them and the database, see the response cache, the load gate's sheds,
 * payments and import runs, and record nothing while off.
 */
import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { importRuns } from '../db/schema';
import { createTestApi, type TestApi } from '../test-utils';
import {
  apiRegistry,
  countChangeRound,
  countingRevalidationFetch,
  enableApiMetrics,
  observeDatabase,
  routeLabel,
  startMetricsServer,
  timeQueries,
} from './metrics';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi(5);
  observeDatabase(api.handle.db);
}, 120_000);
afterAll(async () => {
  enableApiMetrics(false);
  await api?.close();
});

/** The value of one sample line `name{labels} value` of the registry's text, or null. */
async function sample(name: string, labels: Record<string, string>): Promise<number | null> {
  const text = await apiRegistry.metrics();
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (wanted.every((w) => line.includes(w))) return Number(line.split(' ').at(-1));
  }
  return null;
}

describe('API metrics', () => {
  it('record nothing while off', async () => {
    enableApiMetrics(false);
    apiRegistry.resetMetrics();
    await api.app.request('/api/v1/search/платье/');
    expect(await sample('shop_api_http_requests_total', { route: '/api/v1/search/:query' })).toBeNull();
  });

  it('count requests by route pattern and status, never the raw path', async () => {
    enableApiMetrics(true);
    apiRegistry.resetMetrics();
    await api.app.request('/api/v1/search/платье/');
    await api.app.request('/api/v1/search/maria@example.ru/');
    await api.app.request('/api/v1/no-such-thing/12345');
    await api.app.request('/api/ready');
    expect(
      await sample('shop_api_http_requests_total', { method: 'GET', route: '/api/v1/search/:query', status: '200' }),
    ).toBe(2);
    expect(await sample('shop_api_http_requests_total', { route: 'unmatched', status: '404' })).toBe(1);
    expect(await sample('shop_api_http_requests_total', { route: '/api/ready', status: '200' })).toBe(1);
    const text = await apiRegistry.metrics();
    expect(text).not.toMatch(/maria|12345|%D0/);
    expect(await sample('shop_api_http_request_duration_seconds_count', { route: '/api/v1/search/:query' })).toBe(2);
    // The database answered those requests, timed per round trip.
    expect(await sample('shop_api_db_query_duration_seconds_count', {})).toBeGreaterThan(0);
  });

  it('see the response cache hit the second time', async () => {
    enableApiMetrics(true);
    apiRegistry.resetMetrics();
    const { handle } = api;
    const cached = createApp(handle.db, { cacheTtlMs: 60_000 });
    await cached.request('/api/v1/brands');
    await cached.request('/api/v1/brands');
    expect(await sample('shop_api_response_cache_total', { result: 'miss' })).toBe(1);
    expect(await sample('shop_api_response_cache_total', { result: 'hit' })).toBe(1);
    // A hit is answered by the cache's middleware, and still counted under the endpoint's pattern.
    expect(await sample('shop_api_http_requests_total', { route: '/api/v1/brands', status: '200' })).toBe(2);
  });

  it('count the load gate’s 503s and show its queue', async () => {
    enableApiMetrics(true);
    const app = createApp(api.handle.db, { loadShed: { limit: 1, queue: 0, timeoutMs: 0 } });
    const before = (await sample('shop_api_load_shed_total', { reason: 'full' })) ?? 0;
    const answers = await Promise.all(Array.from({ length: 6 }, () => app.request('/api/v1/search/юбка/')));
    const shed = answers.filter((r) => r.status === 503).length;
    expect(shed).toBeGreaterThan(0);
    expect(await sample('shop_api_load_shed_total', { reason: 'full' })).toBe(before + shed);
    expect(await sample('shop_api_load_gate_queue_length', {})).toBe(0);
  });

  it('read import runs from the database at scrape time', async () => {
    enableApiMetrics(true);
    await api.handle.db.insert(importRuns).values([
      { source: 'yml', input: 'a.xml', status: 'success', finishedAt: new Date('2026-11-27T10:00:00Z') },
      { source: 'yml', input: 'b.xml', status: 'failure', finishedAt: new Date() },
    ]);
    expect(await sample('shop_catalog_import_runs', { source: 'yml', status: 'failure' })).toBe(1);
    expect(await sample('shop_catalog_import_last_success_timestamp_seconds', {})).toBe(
      Date.parse('2026-11-27T10:00:00Z') / 1000,
    );
  });

  it('count change rounds and the revalidations they post', async () => {
    enableApiMetrics(true);
    apiRegistry.resetMetrics();
    countChangeRound({ changes: 3 });
    const storefront = createServer((req, res) => res.writeHead(req.url === '/ok' ? 200 : 401).end());
    await new Promise<void>((resolve) => storefront.listen(0, '127.0.0.1', resolve));
    const port = (storefront.address() as { port: number }).port;
    const post = countingRevalidationFetch();
    await (await post(`http://127.0.0.1:${port}/ok`, { method: 'POST' })).body?.cancel();
    await (await post(`http://127.0.0.1:${port}/no`, { method: 'POST' })).body?.cancel();
    storefront.close();
    await expect(post('http://127.0.0.1:1/', { method: 'POST' })).rejects.toThrow();
    expect(await sample('shop_api_change_events_total', {})).toBe(3);
    expect(await sample('shop_api_revalidations_total', { result: 'ok' })).toBe(1);
    expect(await sample('shop_api_revalidations_total', { result: 'refused' })).toBe(1);
    expect(await sample('shop_api_revalidations_total', { result: 'failed' })).toBe(1);
  });

  it('are served on their own port at /metrics only', async () => {
    const server = startMetricsServer(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const port = (server.address() as { port: number }).port;
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const body = await res.text();
    expect(body).toContain('# TYPE shop_api_http_requests_total counter');
    expect(body).toContain('shop_api_process_resident_memory_bytes');
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
    server.close();
  });

  it('label unknown paths as unmatched', () => {
    expect(routeLabel('*')).toBe('unmatched');
    expect(routeLabel('/api/*')).toBe('unmatched');
    expect(routeLabel('/api/v1/offers/:path')).toBe('/api/v1/offers/:path');
    expect(routeLabel('/api/v1/search/:query{.+}')).toBe('/api/v1/search/:query');
  });
});

describe('timeQueries', () => {
  it('times the promise and the callback forms (pg.Pool calls its connection with a callback)', async () => {
    enableApiMetrics(true);
    apiRegistry.resetMetrics();
    const client = {
      query(text: string, callback?: (error: Error | null, rows?: string) => void) {
        if (!callback) return text === 'bad' ? Promise.reject(new Error('x')) : Promise.resolve('rows');
        setTimeout(() => callback(text === 'bad' ? new Error('x') : null, 'rows'), 1);
        return undefined;
      },
    };
    timeQueries(client, 'query', 'postgres');
    expect(await client.query('select 1')).toBe('rows');
    await expect(client.query('bad')).rejects.toThrow();
    const answered = await new Promise((resolve) => client.query('select 2', (_error, rows) => resolve(rows)));
    expect(answered).toBe('rows');
    await new Promise((resolve) => client.query('bad', resolve));
    expect(await sample('shop_api_db_query_duration_seconds_count', { driver: 'postgres' })).toBe(4);
    expect(await sample('shop_api_db_query_errors_total', { driver: 'postgres' })).toBe(2);
  });
});
