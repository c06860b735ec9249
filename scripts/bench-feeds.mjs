#!/usr/bin/env node
/**
 * Bench of the product feeds (issue #15; issue #28 item 9 "feeds out are fast": `/yml.xml` at
 * 100,000 products rebuilt ≤ 10 s after a change, served at ≥ 500 req/s from the file, eight
 * concurrent downloads leave other answers at their usual p99). Steps:
 *
 * 1. empties the scratch PostgreSQL database of DATABASE_URL (default
 *    postgres://shop_ci:shop_ci@127.0.0.1:5432/feeds; its name must contain "feeds" or "bench",
 *    so a real shop's database is never wiped), starts the shop API on it (migrations + a demo
 *    catalogue of 1,000 products), and stops it;
 * 2. copies the demo products with plain SQL (`generate_series`) up to `--products` (100,000):
 *    every copy has the colours, sizes, stock and pictures of its model;
 * 3. starts the API again with its feed files in a scratch folder and
 *    FEED_REBUILD_INTERVAL_S=1, waits for the first build (a full one: its time per feed is read
 *    from the feed's manifest), then:
 *    - rebuild: changes the price of `--changed` (100) products spread over the catalogue by SQL
 *      and times the change until `/yml.xml` answers with a new ETag (the notification, the
 *      coalescing wait and the incremental build), sampling `/api/health` every 50 ms meanwhile
 *      (its p99 and maximum during a build), and prints each feed's build time and kind;
 *    - serving: `--connections` (4) keep-alive node:http clients download `/api/v1/feeds/yml.xml`
 *      with `Accept-Encoding: br` in a loop for `--seconds` (10): full 200 downloads of the brotli
 *      copy, no validators, so no 304 (autocannon parses bodies in JavaScript and measured itself);
 *      and autocannon with `If-None-Match` (304s) for comparison;
 *    - `/api/health` p99 by autocannon (4 connections), alone and while 8 clients download the
 *      uncompressed feed in a loop.
 *
 * `--before DIR` starts the API first from another checkout of the shop (e.g. `git archive` of
 * the commit before a change, with node_modules linked), then from this one (or `--now DIR`), each
 * with its own full first build, in the same run on the same database: the rebuild figures of
 * both, side by side, and each run's serving figures (with `--rebuild-only`, only the rebuilds). Each run also times the change until
 * `/yml.xml` answers in brotli with the new ETag (the copy is made after the build is published).
 *
 * `node scripts/bench-feeds.mjs [--products 100000] [--port 8420] [--keep] [--connections 4]
 * [--seconds 10] [--changed 100] [--rebuild-only] [--before DIR]` (`--keep` reuses a database
 * already filled). Figures depend on the machine's
 * load; docs/feeds.md has a run.
 */
import { execSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import pg from 'pg';

const argv = process.argv.slice(2);
const arg = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : fallback;
};
const PRODUCTS = Number(arg('products', '100000'));
const PORT = Number(arg('port', '8420'));
const KEEP = argv.includes('--keep');
const CONNECTIONS = Number(arg('connections', '4'));
const SECONDS = Number(arg('seconds', '10'));
const CHANGED = Number(arg('changed', '100'));
/** Only the builds: no serving figures (they take minutes at 100,000 products). */
const REBUILD_ONLY = argv.includes('--rebuild-only');
/** Checkouts to start the API from, in order: `--before` (if given), then this one. */
const RUNS = [
  ...(arg('before') ? [{ label: 'before', dir: path.resolve(arg('before')) }] : []),
  { label: 'now', dir: path.resolve(arg('now', '.')) },
];
const FEED_DIR = mkdtempSync(path.join(tmpdir(), 'bench-feeds-'));
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://shop_ci:shop_ci@127.0.0.1:5432/feeds';
const dbName = new URL(DATABASE_URL).pathname.slice(1);
if (!/feeds|bench/.test(dbName)) {
  console.error(`bench-feeds: refusing to empty database "${dbName}" (its name must contain "feeds" or "bench")`);
  process.exit(2);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/**
 * Starts the API of the checkout in `dir` as one node process (tsx as a loader, so its pid is the
 * API's).
 */
async function startApi(dir = '.') {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: dir,
    env: {
      ...process.env,
      DATABASE_URL,
      API_PORT: String(PORT),
      SEED_PRODUCTS: '1000',
      API_CACHE_TTL_MS: '0',
      CATALOG_INDEX: 'off',
      RESERVATION_SWEEP_SECONDS: '0',
      STOREFRONT_REVALIDATE_URLS: '',
      FEED_DIR,
      FEED_REBUILD_INTERVAL_S: '1',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`API exited with ${child.exitCode}`);
    try {
      // Ready, not only alive: since issue #31 the API listens (health 200) while it migrates and
      // seeds. An API from before /api/ready (404 there) is ready once its health answers.
      const ready = await fetch(`http://127.0.0.1:${PORT}/api/ready`);
      if (ready.ok || (ready.status === 404 && (await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok)) return child;
    } catch {
      // not up yet
    }
    await sleep(200);
  }
  throw new Error('API did not start in 120 s');
}

async function stopApi(child) {
  child.kill('SIGTERM');
  await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
}

/** Copies the seeded products (with offers, sizes, pictures) until there are `total`. */
async function fill(total) {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query('select count(*)::int as n, max(id)::int as max from products');
    const { n: have, max } = rows[0];
    if (have >= total) return;
    const t0 = performance.now();
    await client.query('begin');
    // Statement-level work only: no per-row change events while copying (issue #13 triggers).
    await client.query(`set local session_replication_role = replica`);
    await client.query(
      `create temp table copy_map on commit drop as
       select ${max} + g as new_id, (select id from products order by id offset ((g - 1) % ${have}) limit 1) as src
       from generate_series(1, ${total - have}) g`,
    );
    await client.query(`create index on copy_map (src)`);
    await client.query(
      `insert into products (id, slug, name, type, brand_id, category_id, description, composition, material, country, care, price, old_price, is_new, popularity, weight, search_text, created_at)
       select m.new_id, p.slug || '-' || m.new_id, p.name, p.type, p.brand_id, p.category_id, p.description, p.composition, p.material, p.country, p.care, p.price, p.old_price, p.is_new, p.popularity, p.weight, p.search_text, p.created_at
       from copy_map m join products p on p.id = m.src`,
    );
    await client.query(
      `create temp table offer_map on commit drop as
       select o.id as src_offer, m.new_id, nextval(pg_get_serial_sequence('offers', 'id')) as new_offer
       from copy_map m join offers o on o.product_id = m.src`,
    );
    await client.query(
      `insert into offers (id, product_id, color_id, ext_id, sort)
       select om.new_offer, om.new_id, o.color_id, 'B' || om.new_offer, o.sort from offer_map om join offers o on o.id = om.src_offer`,
    );
    await client.query(
      `insert into offer_features (offer_id, kind, name, ext_id, stock, sort)
       select om.new_offer, f.kind, f.name, 'B' || om.new_offer || '-' || f.id, f.stock, f.sort
       from offer_map om join offer_features f on f.offer_id = om.src_offer`,
    );
    await client.query(
      `insert into product_images (product_id, offer_id, url, alt, is_main, width, height, sort)
       select om.new_id, om.new_offer, i.url, i.alt, i.is_main, i.width, i.height, i.sort
       from offer_map om join product_images i on i.offer_id = om.src_offer`,
    );
    await client.query('commit');
    await client.query('analyze');
    console.log(`bench-feeds: copied ${total - have} products in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  } finally {
    await client.end();
  }
}

async function reset() {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  await client.query(
    'drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;',
  );
  await client.end();
}

const base = () => `http://127.0.0.1:${PORT}`;
const YML = '/api/v1/feeds/yml.xml';

/**
 * The ETag of the plain `/yml.xml` (HEAD), or null while it is not built. `identity`: fetch()
 * asks for gzip and br by default, and the br one appears only once the brotli copy is made.
 */
async function ymlEtag(feed = YML) {
  const res = await fetch(`${base()}${feed}`, { method: 'HEAD', headers: { 'accept-encoding': 'identity' } });
  return res.status === 200 ? res.headers.get('etag') : null;
}

/** ms percentile of sorted `list`. */
const percentile = (list, p) => list[Math.min(list.length - 1, Math.floor((list.length * p) / 100))] ?? 0;

/** Samples `/api/health` every 50 ms until `stop()`; returns its latencies, ms, sorted. */
function sampleHealth() {
  const times = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const t0 = performance.now();
      await (await fetch(`${base()}/api/health`)).text();
      times.push(performance.now() - t0);
      await sleep(50);
    }
  })();
  return async () => {
    stopped = true;
    await loop;
    return times.sort((a, b) => a - b);
  };
}

/**
 * ms until `feed` answers in brotli under the ETag of the build whose plain ETag is `etag` (a
 * background copy is made after the build is published); null after `limitMs`.
 */
async function brotliOf(feed, etag, limitMs = 600_000) {
  const t0 = performance.now();
  const want = etag.replace(/"$/, '-br"');
  while (performance.now() - t0 < limitMs) {
    const res = await fetch(`${base()}${feed}`, { method: 'HEAD', headers: { 'accept-encoding': 'br' } });
    if (res.headers.get('etag') === want) return performance.now() - t0;
    // Never a brotli body under another build's ETag.
    if (res.headers.get('content-encoding') === 'br' && res.headers.get('etag') !== want) {
      const now = await ymlEtag(feed);
      if (now === etag) throw new Error(`brotli copy served under ${res.headers.get('etag')} for build ${etag}`);
      return null;
    }
    await sleep(50);
  }
  return null;
}

const GOOGLE = '/api/v1/feeds/google-merchant.xml';

/** Waits for the first build and both brotli copies; prints the sizes of the files. */
async function firstBuild() {
  const t0 = performance.now();
  while (!(await ymlEtag())) await sleep(500);
  // The Google feed is built after the YML one.
  while ((await fetch(`${base()}${GOOGLE}`, { method: 'HEAD' })).status !== 200) await sleep(500);
  // Brotli copies made in the background: done before the next change is timed.
  await brotliOf(YML, await ymlEtag());
  await brotliOf(GOOGLE, await ymlEtag(GOOGLE));
  const sizes = {};
  for (const [coding, accept] of [
    ['xml', 'identity'],
    ['gzip', 'gzip'],
    ['br', 'br'],
  ]) {
    const res = await fetch(`${base()}${YML}`, { method: 'HEAD', headers: { 'accept-encoding': accept } });
    sizes[coding] = Number(res.headers.get('content-length'));
  }
  return { ms: performance.now() - t0, sizes };
}

/** The manifests of the current builds (FEED_DIR/yml.json, google-merchant.json). */
function manifests() {
  return ['yml', 'google-merchant'].map((stem) =>
    JSON.parse(readFileSync(path.join(FEED_DIR, `${stem}.json`), 'utf8')),
  );
}

/** "yml.xml full 61.2 s (100000 products)" for each feed. */
function describeBuilds() {
  return manifests()
    .map(
      (m) =>
        `${m.name} ${m.full === false ? 'incremental' : 'full'} ${(m.buildMs / 1000).toFixed(1)} s (${m.rendered ?? '?'} products written)`,
    )
    .join('; ');
}

/** Changes CHANGED products' prices and times the change until /yml.xml has a new ETag. */
async function rebuildAfterChange() {
  const before = await ymlEtag();
  const googleBefore0 = await ymlEtag(GOOGLE);
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  const stopHealth = sampleHealth();
  const t0 = performance.now();
  await client.query(
    `update products set price = price + 1 where id in (
       select id from (select id, row_number() over (order by id) as n, count(*) over () as total from products) p
       where n % greatest(1, total / ${CHANGED}) = 0 limit ${CHANGED})`,
  );
  await client.end();
  let etag = before;
  while (etag === before) {
    await sleep(50);
    etag = await ymlEtag();
  }
  const ms = performance.now() - t0;
  // The Google feed is built next: the serving figures below are taken once it is done.
  const googleEtag = () => ymlEtag(GOOGLE);
  const googleBefore = googleBefore0;
  while ((await googleEtag()) === googleBefore) await sleep(100);
  const bothMs = performance.now() - t0;
  // The brotli copy of the new build (at once when made during the build; made after both
  // feeds' builds otherwise).
  const brWait = await brotliOf(YML, etag);
  const brMs = brWait === null ? null : performance.now() - t0;
  const health = await stopHealth();
  await brotliOf(GOOGLE, await googleEtag());
  return {
    ms,
    brMs,
    bothMs,
    healthP99: percentile(health, 99),
    healthMax: health.at(-1) ?? 0,
    samples: health.length,
  };
}

/**
 * Full downloads of `path` by `connections` keep-alive clients in a loop for SECONDS, bodies read
 * and dropped by node:http (autocannon parses bodies in JavaScript and was the bottleneck: 19 req/s
 * where curl got 148 for the same 2.7 MB file). Returns req/s, MB/s and the p99 of one download.
 */
async function downloads(path, headers, connections = CONNECTIONS) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const times = [];
  let bytes = 0;
  let failed = 0;
  const end = performance.now() + SECONDS * 1000;
  const one = () =>
    new Promise((resolve) => {
      const t0 = performance.now();
      http
        .get(`${base()}${path}`, { agent, headers }, (res) => {
          if (res.statusCode !== 200) failed += 1;
          res.on('data', (chunk) => (bytes += chunk.length));
          res.on('end', () => resolve(times.push(performance.now() - t0)));
        })
        .on('error', () => resolve((failed += 1)));
    });
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) await one();
    }),
  );
  agent.destroy();
  times.sort((a, b) => a - b);
  return { rps: times.length / SECONDS, mbps: bytes / 1_048_576 / SECONDS, p99: percentile(times, 99), failed };
}

/** autocannon on `path` with `headers`. */
function cannon(path, headers, connections = CONNECTIONS) {
  return autocannon({ url: `${base()}${path}`, headers, connections, duration: SECONDS, timeout: 60 });
}

/** `/api/health` p99 by autocannon while `downloads` clients fetch the whole XML feed in a loop. */
async function healthUnder(downloads) {
  let stopped = false;
  let done = 0;
  const loops = Array.from({ length: downloads }, async () => {
    while (!stopped) {
      const res = await fetch(`${base()}${YML}`, { headers: { 'accept-encoding': 'identity' } });
      for await (const chunk of res.body) void chunk;
      done += 1;
    }
  });
  if (downloads > 0) await sleep(500);
  const result = await cannon('/api/health', {}, 4);
  stopped = true;
  await Promise.all(loops);
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    rps: result.requests.average,
    downloads: done,
  };
}

async function main() {
  if (!KEEP) {
    await reset();
    await stopApi(await startApi());
  }
  await fill(PRODUCTS);
  const compared = [];
  // Every run measures serving too (unless --rebuild-only): before and after side by side.
  for (const run of RUNS) compared.push({ ...run, ...(await measure(run, REBUILD_ONLY)) });
  rmSync(FEED_DIR, { recursive: true, force: true });
  if (compared.length > 1) {
    console.log(
      `\nbench-feeds: ${PRODUCTS} products, ${CHANGED} changed; load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
    );
    console.table(
      compared.map((c) => ({
        api: `${c.label} (${c.dir})`,
        'change → new ETag': `${(c.ms / 1000).toFixed(1)} s`,
        'change → brotli of it': c.brMs === null ? '?' : `${(c.brMs / 1000).toFixed(1)} s`,
        'both feeds': `${(c.bothMs / 1000).toFixed(1)} s`,
        '/api/health p99 / max': `${c.healthP99.toFixed(0)} / ${c.healthMax.toFixed(0)} ms`,
        'load before / after': `${c.loadBefore} / ${c.loadAfter}`,
        builds: c.builds,
      })),
    );
  }
}

/** One-minute load average now. */
const load1 = () => readFileSync('/proc/loadavg', 'utf8').split(' ')[0];

/** One API run from `run.dir`; returns the rebuild figures. */
async function measure(run, rebuildOnly) {
  const api = await startApi(run.dir);
  try {
    const first = await firstBuild();
    console.log(
      `bench-feeds: first build of both feeds ${(first.ms / 1000).toFixed(1)} s after the API answered; /yml.xml ${(first.sizes.xml / 1_048_576).toFixed(1)} MB, gzip ${(first.sizes.gzip / 1_048_576).toFixed(1)} MB, brotli ${(first.sizes.br / 1_048_576).toFixed(1)} MB`,
    );
    const firstBuilds = describeBuilds();
    console.log(`bench-feeds: first builds: ${firstBuilds}`);
    const loadBefore = load1();
    const rebuild = await rebuildAfterChange();
    const loadAfter = load1();
    const rebuilds = describeBuilds();
    console.log(
      `bench-feeds [${run.label}]: ${CHANGED} products changed → new /yml.xml ETag after ${(rebuild.ms / 1000).toFixed(1)} s, its brotli copy after ${rebuild.brMs === null ? '?' : (rebuild.brMs / 1000).toFixed(1)} s (both feeds ${(rebuild.bothMs / 1000).toFixed(1)} s); builds: ${rebuilds}; /api/health during them p99 ${rebuild.healthP99.toFixed(0)} ms, max ${rebuild.healthMax.toFixed(0)} ms; load ${loadBefore} → ${loadAfter}`,
    );
    const figures = { ...rebuild, builds: rebuilds, loadBefore, loadAfter };
    if (rebuildOnly) return figures;
    const full = await downloads(YML, { 'accept-encoding': 'br' });
    const etag = (await fetch(`${base()}${YML}`, { method: 'HEAD', headers: { 'accept-encoding': 'br' } })).headers.get(
      'etag',
    );
    const conditional = await cannon(YML, { 'accept-encoding': 'br', 'if-none-match': etag });
    const quiet = await healthUnder(0);
    const loaded = await healthUnder(8);
    let commit = '?';
    try {
      commit = execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim();
    } catch {
      // not a checkout
    }
    const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
    console.log(`\nbench-feeds: ${PRODUCTS} products, PostgreSQL ${dbName}, commit ${commit}, load average ${load}`);
    console.table([
      {
        measure: `/yml.xml rebuilt after ${CHANGED} products changed (change → new ETag)`,
        value: `${(rebuild.ms / 1000).toFixed(1)} s`,
        note: `both feeds ${(rebuild.bothMs / 1000).toFixed(1)} s; /api/health every 50 ms during the builds: p99 ${rebuild.healthP99.toFixed(0)} ms, max ${rebuild.healthMax.toFixed(0)} ms (${rebuild.samples} samples)`,
      },
      {
        measure: `full downloads of the brotli copy, ${CONNECTIONS} connections (node:http)`,
        value: `${full.rps.toFixed(0)} req/s`,
        note: `${full.mbps.toFixed(0)} MB/s, p99 ${full.p99.toFixed(0)} ms, ${full.failed} failed`,
      },
      {
        measure: `If-None-Match (304), ${CONNECTIONS} connections`,
        value: `${conditional.requests.average.toFixed(0)} req/s`,
        note: `p99 ${conditional.latency.p99} ms`,
      },
      {
        measure: '/api/health alone (autocannon, 4 connections)',
        value: `p99 ${quiet.p99} ms`,
        note: `p50 ${quiet.p50} ms, max ${quiet.max} ms, ${quiet.rps.toFixed(0)} req/s`,
      },
      {
        measure: '/api/health with 8 concurrent full XML downloads',
        value: `p99 ${loaded.p99} ms`,
        note: `p50 ${loaded.p50} ms, max ${loaded.max} ms, ${loaded.rps.toFixed(0)} req/s; ${loaded.downloads} downloads finished`,
      },
    ]);
    return figures;
  } finally {
    await stopApi(api);
    rmSync(FEED_DIR, { recursive: true, force: true });
    mkdirSync(FEED_DIR, { recursive: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
