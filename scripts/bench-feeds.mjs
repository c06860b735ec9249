#!/usr/bin/env node
/**
 * Bench of the product feeds (issue #15 "`/yml.xml` for 100,000 products streams its first byte
 * in < 1 s", memory flat). Steps:
 *
 * 1. empties the scratch PostgreSQL database of DATABASE_URL (default
 *    postgres://shop_ci:shop_ci@127.0.0.1:5432/feeds; its name must contain "feeds" or "bench",
 *    so a real shop's database is never wiped), starts the shop API on it (migrations + a demo
 *    catalogue of 1,000 products), and stops it;
 * 2. copies the demo products with plain SQL (`generate_series`) up to `--products` (100,000):
 *    every copy has the colours, sizes, stock and pictures of its model;
 * 3. starts the API again and GETs each feed, printing time to the first body byte, total time,
 *    size, offers, and the API process's RSS before, at peak (sampled every 100 ms) and after.
 *
 * `node scripts/bench-feeds.mjs [--products 100000] [--port 8420] [--keep]` (`--keep` reuses a
 * database already filled). Figures depend on the machine's load; docs/feeds.md has a run.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';

const argv = process.argv.slice(2);
const arg = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : fallback;
};
const PRODUCTS = Number(arg('products', '100000'));
const PORT = Number(arg('port', '8420'));
const KEEP = argv.includes('--keep');
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://shop_ci:shop_ci@127.0.0.1:5432/feeds';
const dbName = new URL(DATABASE_URL).pathname.slice(1);
if (!/feeds|bench/.test(dbName)) {
  console.error(`bench-feeds: refusing to empty database "${dbName}" (its name must contain "feeds" or "bench")`);
  process.exit(2);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const mb = (kb) => `${(kb / 1024).toFixed(0)} MB`;

/** VmRSS / VmHWM of a process, kB (Linux). */
function memory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const read = (key) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: read('VmRSS'), hwm: read('VmHWM') };
}

/** Starts the API as one node process (tsx as a loader, so its pid is the API's). */
async function startApi() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL,
      API_PORT: String(PORT),
      SEED_PRODUCTS: '1000',
      API_CACHE_TTL_MS: '0',
      CATALOG_INDEX: 'off',
      RESERVATION_SWEEP_SECONDS: '0',
      STOREFRONT_REVALIDATE_URLS: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`API exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok) return child;
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

/** GETs `path`, timing the first body byte and the end, sampling the API's memory. */
async function measure(path, pid) {
  const before = memory(pid);
  let peak = before.rss;
  const sampler = setInterval(() => {
    try {
      peak = Math.max(peak, memory(pid).rss);
    } catch {
      // process gone
    }
  }, 100);
  const t0 = performance.now();
  const res = await fetch(`http://127.0.0.1:${PORT}${path}`);
  const headersMs = performance.now() - t0;
  const reader = res.body.getReader();
  let firstByteMs = 0;
  let bytes = 0;
  let offers = 0;
  const decoder = new TextDecoder();
  let shown = performance.now();
  let carry = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!firstByteMs) firstByteMs = performance.now() - t0;
    bytes += value.length;
    // A tag may be split between two reads: count over the carried tail plus the new text.
    const text = carry + decoder.decode(value, { stream: true });
    offers += (text.match(/<offer |<item>/g) ?? []).length;
    carry = text.slice(-6);
    if (/<offer |<item>/.test(carry)) carry = '';
    if (performance.now() - shown > 15_000) {
      shown = performance.now();
      console.log(
        `bench-feeds: ${path} ${offers} offers, ${(bytes / 1_048_576).toFixed(0)} MB after ${((shown - t0) / 1000).toFixed(0)} s`,
      );
    }
  }
  const totalMs = performance.now() - t0;
  clearInterval(sampler);
  const after = memory(pid);
  return {
    path,
    status: res.status,
    headersMs,
    firstByteMs,
    totalMs,
    bytes,
    offers,
    before: before.rss,
    peak,
    after: after.rss,
  };
}

async function main() {
  if (!KEEP) {
    await reset();
    await stopApi(await startApi());
  }
  await fill(PRODUCTS);
  const api = await startApi();
  try {
    // One warm-up request of the small OpenAPI document, so module loading is not timed.
    await (await fetch(`http://127.0.0.1:${PORT}/api/v1/categories`)).text();
    const results = [];
    for (const path of ['/api/v1/feeds/yml.xml', '/api/v1/feeds/google-merchant.xml'])
      results.push(await measure(path, api.pid));
    console.log(`\nbench-feeds: ${PRODUCTS} products, PostgreSQL ${dbName}, API pid ${api.pid}`);
    console.table(
      results.map((r) => ({
        feed: r.path.split('/').pop(),
        status: r.status,
        'headers ms': r.headersMs.toFixed(0),
        'first byte ms': r.firstByteMs.toFixed(0),
        'total s': (r.totalMs / 1000).toFixed(1),
        MB: (r.bytes / 1_048_576).toFixed(1),
        'offers/items': r.offers,
        'RSS before': mb(r.before),
        'RSS peak': mb(r.peak),
        'RSS after': mb(r.after),
      })),
    );
  } finally {
    await stopApi(api);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
