import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { readServeSettings, readStartSettings, SettingsError } from './settings.ts';

/** The error `read` throws (fails the test when it throws none). */
function errorOf(read: () => unknown): SettingsError {
  try {
    read();
  } catch (error) {
    if (error instanceof SettingsError) return error;
    throw error;
  }
  throw new Error('expected a SettingsError');
}

describe('settings of storefront-server/serve.ts (issue #17 item 6, README "Configuration")', () => {
  it('takes the README defaults when nothing is set, and treats empty values as unset', () => {
    const defaults = readServeSettings({});
    expect(defaults).toEqual({
      port: 3000,
      hostname: undefined,
      workers: Math.min(availableParallelism(), 8),
      pageCacheDiskBytes: 1024 * 1024 * 1024,
      microCache: { maxAgeMs: 1000, maxBytes: 16 * 1024 * 1024, revalidatedStaleMs: 1000 },
      backgroundRefreshes: 8,
      gate: { limit: 8, queue: 64, timeoutMs: 1000 },
      requestDeadlineMs: 7000,
      trustedProxies: '',
      distDir: '.next',
      revalidateSecret: '',
      apiUrl: 'http://127.0.0.1:8000',
      metrics: null,
    });
    expect(readServeSettings({ MICRO_CACHE_MS: '', WEB_CONCURRENCY: '', PORT: '' })).toEqual(defaults);
  });

  it('serves metrics only when WEB_METRICS_PORT is set, on loopback unless told (issue #31)', () => {
    expect(readServeSettings({ WEB_METRICS_PORT: '9464' }).metrics).toEqual({ port: 9464, host: '127.0.0.1' });
    expect(readServeSettings({ WEB_METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }).metrics).toEqual({
      port: 9464,
      host: '10.0.0.5',
    });
    expect(() => readServeSettings({ WEB_METRICS_PORT: 'x' })).toThrow(/WEB_METRICS_PORT/);
  });

  it('reads every knob in its unit (MB → bytes, ms as given)', () => {
    const s = readServeSettings({
      PORT: '3470',
      HOSTNAME: '0.0.0.0',
      WEB_CONCURRENCY: '3',
      PAGE_CACHE_DISK_MB: '10',
      MICRO_CACHE_MS: '0',
      MICRO_CACHE_MB: '2',
      MICRO_CACHE_REVALIDATED_STALE_MS: '0',
      WEB_CONCURRENCY_LIMIT: '4',
      WEB_QUEUE: '0',
      MICRO_CACHE_REFRESHES: '2',
      WEB_QUEUE_TIMEOUT_MS: '250',
      WEB_REQUEST_DEADLINE_MS: '0',
      TRUSTED_PROXIES: 'loopback, 10.0.0.0/8',
      NEXT_DIST_DIR: '.next-test',
    });
    expect(s).toMatchObject({
      port: 3470,
      hostname: '0.0.0.0',
      workers: 3,
      pageCacheDiskBytes: 10 * 1024 * 1024,
      microCache: { maxAgeMs: 0, maxBytes: 2 * 1024 * 1024, revalidatedStaleMs: 0 },
      backgroundRefreshes: 2,
      gate: { limit: 4, queue: 0, timeoutMs: 250 },
      requestDeadlineMs: 0,
      trustedProxies: 'loopback, 10.0.0.0/8',
      distDir: '.next-test',
    });
    // `localhost` listens everywhere, as `next start` does.
    expect(readServeSettings({ HOSTNAME: 'localhost' }).hostname).toBeUndefined();
  });

  it('refuses a value that used to switch a cache off silently, naming the variable and the range', () => {
    const error = errorOf(() => readServeSettings({ MICRO_CACHE_MS: 'x' }));
    expect(error.problems).toEqual([
      { name: 'MICRO_CACHE_MS', value: 'x', expected: 'an integer from 0 to 60000 (ms)' },
    ]);
    expect(error.message).toContain('MICRO_CACHE_MS="x": expected an integer from 0 to 60000 (ms)');
  });

  it('lists every bad variable at once: out of range, fractions, malformed proxies, folders outside', () => {
    const error = errorOf(() =>
      readServeSettings({
        PORT: '70000',
        WEB_CONCURRENCY: '0',
        MICRO_CACHE_MB: '1.5',
        WEB_QUEUE: '-1',
        WEB_REQUEST_DEADLINE_MS: '7s',
        TRUSTED_PROXIES: 'loopback,300.1.1.1',
        NEXT_DIST_DIR: '../elsewhere',
      }),
    );
    expect(error.problems.map((p) => p.name)).toEqual([
      'PORT',
      'WEB_CONCURRENCY',
      'MICRO_CACHE_MB',
      'WEB_QUEUE',
      'WEB_REQUEST_DEADLINE_MS',
      'TRUSTED_PROXIES',
      'NEXT_DIST_DIR',
    ]);
    expect(error.message).toContain('PORT="70000": expected an integer from 1 to 65535');
    expect(error.message).toContain('WEB_CONCURRENCY="0": expected an integer from 1 to 32');
    expect(error.message).toContain('MICRO_CACHE_MB="1.5": expected an integer from 1 to 4096 (MB)');
    expect(errorOf(() => readServeSettings({ NEXT_DIST_DIR: '/tmp/build' })).problems[0]?.name).toBe('NEXT_DIST_DIR');
  });
});

describe('settings of scripts/start.mjs (issue #17 item 6)', () => {
  it('derives the API origin from API_HOST/API_PORT unless SHOP_API_URL names another API', () => {
    expect(readStartSettings({})).toMatchObject({
      port: 3000,
      apiPort: 8000,
      apiUrl: 'http://127.0.0.1:8000',
      externalApi: false,
      database: '.data/pglite',
    });
    expect(readStartSettings({ API_PORT: '8470', API_HOST: '0.0.0.0' }).apiUrl).toBe('http://0.0.0.0:8470');
    expect(readStartSettings({ SHOP_API_URL: 'https://api.example.ru/' })).toMatchObject({
      apiUrl: 'https://api.example.ru',
      externalApi: true,
    });
    // An empty SHOP_API_URL (what the e2e setup passes) means the embedded API.
    expect(readStartSettings({ SHOP_API_URL: '' }).externalApi).toBe(false);
  });

  it('names the database a build saw: host and name of DATABASE_URL, else the PGlite folder', () => {
    expect(readStartSettings({ DATABASE_URL: 'postgres://u:p@db:5432/shop' }).database).toBe('db:5432/shop');
    expect(readStartSettings({ PGLITE_DIR: '.data/e2e-pglite' }).database).toBe('.data/e2e-pglite');
  });

  it('refuses malformed ports, URLs and switches', () => {
    const error = errorOf(() =>
      readStartSettings({ API_PORT: 'eighty', SHOP_API_URL: 'ftp://x', START_EMBEDDED_API: 'yes', DATABASE_URL: 'db' }),
    );
    expect(error.problems).toEqual([
      { name: 'API_PORT', value: 'eighty', expected: 'an integer from 1 to 65535' },
      { name: 'SHOP_API_URL', value: 'ftp://x', expected: 'an http(s) URL' },
      { name: 'START_EMBEDDED_API', value: 'yes', expected: '0 or 1' },
      { name: 'DATABASE_URL', value: 'db', expected: 'a postgres:// URL' },
    ]);
  });
});
