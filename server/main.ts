/**
 * Starts the shop API: opens the database (PGlite in .data/ or PostgreSQL from DATABASE_URL),
 * applies migrations, seeds the demo catalogue (or, outside demo mode, only the shop's sections and
 * content: issue #28) when the database is empty, listens on API_PORT.
 */
// Issue #31: first, so tracing (when configured) patches http and pg before they are used.
import './telemetry/register';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { createJsonLogger, routeConsoleToLog } from '../storefront-server/telemetry-log.ts';
import { createApp } from './app';
import { openDb } from './db/client';
import { serverEnv } from './env';
import { API_SERVER_OPTIONS, applyApiServerTimeouts } from './http-server-options';
import { configureLoadShed } from './load-shed';
import { seedDatabase } from './seed';
import { catalogIndex, catalogIndexEnabled } from './services/catalog-index';
import { startChangeEvents } from './services/change-events';
import { demoWarnings, seedProductCount } from './services/demo-mode';
import { FALLBACK_SHOP_NAME, startFeedFiles } from './services/feeds/feed-files';
import { logError } from './services/log';
import { countChangeRound, countingRevalidationFetch, observeDatabase, startMetricsServer } from './services/metrics';
import { connectRedis } from './services/redis';
import { startReservationSweeper } from './services/reservations';
import { startupGate } from './startup-gate';

// Issue #31: every line of this process as JSON (pino), with the trace id while tracing runs.
routeConsoleToLog(createJsonLogger('shop-api'));
const env = serverEnv;
const started = Date.now();
// Issue #12: demo-only parts on in production must not go unnoticed.
for (const line of demoWarnings(env)) console.warn(`\n[shop-api] !!! WARNING: ${line}\n`);
// Issue #31: listen first, so liveness answers while the migrations run and readiness says why
// it is not ready yet (server/startup-gate.ts); other requests wait for the app.
const gate = startupGate();
const server = serve(
  // Issue #31 item 5: slow-header clients dropped within seconds (server/http-server-options.ts).
  { fetch: gate.fetch, port: env.API_PORT, hostname: env.API_HOST, serverOptions: API_SERVER_OPTIONS },
  (info) => {
    console.log(`[shop-api] listening on http://${info.address}:${info.port} (${Date.now() - started} ms after start)`);
  },
);
// Issue #31: Prometheus metrics on a private port (server/services/metrics.ts), from the start on.
const metricsServer = env.METRICS_PORT ? startMetricsServer(env.METRICS_PORT, env.METRICS_HOST) : null;
const handle = await openDb(env.DATABASE_URL ?? env.PGLITE_DIR);
if (metricsServer) observeDatabase(handle.db);
console.log(`[shop-api] database ${handle.driver} ready in ${Date.now() - started} ms`);
gate.phase('seeding');
// Issue #28: SEED_PRODUCTS if set, else 3000 demo goods in demo mode and none outside it.
const summary = await seedDatabase(handle.db, { products: seedProductCount(env) });
if (!summary.skipped) {
  // A fresh catalogue: planner statistics and the visibility map (index-only scans) now, not
  // whenever autovacuum comes by (issue #7).
  await handle.db.execute(sql`vacuum analyze`);
  console.log(
    `[shop-api] seeded ${summary.products} products, ${summary.offers} offers, ${summary.features} sizes, ${summary.images} images in ${summary.ms} ms`,
  );
  if (summary.products === 0)
    console.log('[shop-api] пустой каталог: разделы, страницы и настройки готовы, загрузите свои товары (README)');
}
if (catalogIndexEnabled()) {
  // Issue #7: build the in-process catalogue index now (3–6 s at 100k products) instead of inside
  // the first shopper's request; requests arriving meanwhile wait for the same build.
  const t0 = Date.now();
  catalogIndex(handle.db).then(
    () => console.log(`[shop-api] catalogue index built in ${Date.now() - t0} ms`),
    (error: unknown) => logError('shop-api', 'catalogue index build (listings will retry it)', error),
  );
}
// Issue #28 item 9: the product feeds are files rebuilt after catalogue changes (at most once per
// FEED_REBUILD_INTERVAL_S), built now when missing or stale.
const feedFiles = startFeedFiles(handle.db, {
  dir: env.FEED_DIR,
  intervalMs: env.FEED_REBUILD_INTERVAL_S * 1000,
  siteUrl: env.SITE_URL,
  shopName: FALLBACK_SHOP_NAME,
  onBuilt: (feed) =>
    console.log(
      `[shop-api] feed ${feed.name} built in ${feed.buildMs} ms: ${(feed.files.identity.size / 1_048_576).toFixed(1)} MB, gzip ${(feed.files.gzip.size / 1_048_576).toFixed(1)} MB, brotli copy follows`,
    ),
});
// Issue #13: every committed catalogue change reaches the index, the API cache, the pages and
// (issue #28) the feeds.
await startChangeEvents(handle, {
  revalidateUrls: env.STOREFRONT_REVALIDATE_URLS,
  secret: env.REVALIDATE_SECRET,
  fetchImpl: countingRevalidationFetch(),
  onRound: (round) => {
    countChangeRound(round);
    feedFiles.markDirty();
  },
});
configureLoadShed({ limit: env.API_CONCURRENCY, queue: env.API_QUEUE, timeoutMs: env.API_QUEUE_TIMEOUT_MS });
// Issue #16: with several API instances, limits and the response cache are shared through Redis.
const redis = env.REDIS_URL ? await connectRedis(env.REDIS_URL) : null;
if (env.REDIS_URL) console.log(`[shop-api] throttles and response cache in Redis at ${new URL(env.REDIS_URL).host}`);
const app = createApp(handle.db, { cacheTtlMs: env.API_CACHE_TTL_MS, redis });
// Issue #13: unpaid card orders give their stock back after RESERVATION_TTL_MINUTES.
const stopSweeper = startReservationSweeper(handle.db, env.RESERVATION_SWEEP_SECONDS * 1000);
gate.open((request, bindings) => app.fetch(request, bindings as never));
console.log(`[shop-api] ready (${Date.now() - started} ms after start)`);
// Issue #28 item 3: `npm run import` finds the API that holds the embedded database here, once
// it serves it.
const recordAddress = () => {
  const address = server.address();
  if (address && typeof address === 'object') handle.lock?.setAddress(address.port, address.address);
};
if (server.listening) recordAddress();
else server.once('listening', recordAddress);
// Keep-alive, headers and request timeouts: server/http-server-options.ts.
if ('keepAliveTimeout' in server) applyApiServerTimeouts(server);

async function shutdown() {
  stopSweeper();
  void feedFiles.stop();
  server.close();
  metricsServer?.close();
  await handle.close();
  await redis?.close().catch(() => {});
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
