#!/usr/bin/env node
/**
 * Load benchmark of the production build on loopback (issue #7): autocannon against home, a
 * listing with facets, a product, search and the API endpoints behind them, 10 s per URL at 1, 16
 * and 64 connections. Prints requests/s, p50, p99 (ms), errors and non-2xx answers, and the peak
 * resident memory of the shop's processes. Exits 1 when a budget fails (cached catalogue pages:
 * ≥ 1,000 req/s with p99 < 150 ms and no errors at 64 connections; search ≥ 250 req/s).
 *
 * Pages are requested as a browser asks for them (`Accept: text/html`, `Accept-Encoding: gzip,
 * deflate, br, zstd`): the answer is the brotli-compressed page every shopper and crawler gets, not
 * the 2–4× larger uncompressed one no client asks for (autocannon's default).
 *
 * The API targets are measured as the storefront meets them: with the API's in-process cache of
 * anonymous catalogue answers (API_CACHE_TTL_MS, default 10 s); scripts/bench-catalog.ts measures
 * the uncached queries.
 *
 * `--warn` prints the budget misses as WARN and exits 3 (WARN_EXIT) instead of 1 (scripts/perf.mjs reports it as
 * WARN without failing: CI's ratchet until they hold).
 *
 * Then, on the same shop, random filter values and search words (scripts/bench-random-input.mjs,
 * issue #31 item 5: 8 connections for 60 s, no 5xx, memory back) and last the double burst of
 * issues #12 and #31 (scripts/bench-burst.mjs: 900 connections for 30 s, twice, 30 s apart); their
 * targets fail the run too, or print WARN with `--warn-burst`; `--no-burst` skips both.
 *
 *   node scripts/bench.mjs [--build] [--warn] [--products 3000] [--seconds 10] [--connections 1,16,64]
 *                          [--url http://localhost:3000 --api http://127.0.0.1:8000] [--no-burst]
 */
import { spawnSync } from 'node:child_process';
import autocannon from 'autocannon';
import { machineLoad, parseArgs, samplePaths, startShop, treeRss, WARN_EXIT } from './lib/shop-server.mjs';

const args = parseArgs();
const products = Number(args.products ?? 3000);
const seconds = Number(args.seconds ?? 10);
const levels = String(args.connections ?? '1,16,64')
  .split(',')
  .map(Number);

const shop = await startShop({ url: args.url, api: args.api, products, build: Boolean(args.build) });
let peakRss = 0;
const sampler = shop.pid ? setInterval(() => (peakRss = Math.max(peakRss, treeRss(shop.pid))), 250) : null;
let failed = false;
/**
 * The burst's targets fail the run, unless `--warn-burst` (CI, while item 15's targets do not
 * hold on the shared 2-core machine) turns a miss into WARN.
 */
let burstFailed = false;
let burstWarned = false;
try {
  const { product, listing } = await samplePaths(shop.api);
  const pk = product.split('/').at(-2);
  const facets = encodeURIComponent(JSON.stringify({ sizes: ['S', 'M'], price_max: 15000 }));
  const q = encodeURIComponent('купальник');
  const browser = { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'gzip, deflate, br, zstd' };
  const targets = [
    { name: 'home', url: `${shop.base}/`, kind: 'page', headers: browser },
    { name: 'listing+facets', url: `${shop.base}${listing}?size=S,M&price=0-15000`, kind: 'page', headers: browser },
    { name: 'product', url: `${shop.base}${product}`, kind: 'page', headers: browser },
    { name: 'search', url: `${shop.base}/search?searchParam=${q}`, kind: 'search', headers: browser },
    {
      name: 'api offers+filters',
      url: `${shop.api}/api/v1/offers/kupalniki/?limit=24&offset=0&filters=${facets}`,
      kind: 'api',
    },
    { name: 'api facets', url: `${shop.api}/api/v1/all/filters/kupalniki/?filters=${facets}`, kind: 'api' },
    { name: 'api product', url: `${shop.api}/api/v1/product_offer/?pk=${pk}`, kind: 'api' },
    { name: 'api search', url: `${shop.api}/api/v1/search/${q}/?limit=24&offset=0`, kind: 'api' },
    { name: 'api menu', url: `${shop.api}/api/v1/preview_category/`, kind: 'api' },
  ];
  console.log(`catalogue: ${products} products; ${seconds} s per run; ${machineLoad()}`);
  console.log('target               conns    req/s   p50 ms   p99 ms  errors  non2xx  budget');
  targets: for (const t of targets) {
    // warm the caches
    await fetch(t.url, { headers: t.headers });
    for (const connections of levels) {
      const r = await autocannon({ url: t.url, headers: t.headers, connections, duration: seconds, pipelining: 1 });
      if (!shop.alive()) {
        console.log(
          `the shop stopped during ${t.name} at ${connections} connections; its last output:\n${shop.logTail()}`,
        );
        failed = true;
        break targets;
      }
      const rps = r.requests.average;
      let verdict = '';
      if (connections === 64 && t.kind === 'page') {
        const ok = rps >= 1000 && r.latency.p99 < 150 && r.errors === 0 && r.non2xx === 0;
        verdict = ok ? 'ok (≥1000 req/s, p99<150)' : `${args.warn ? 'WARN' : 'FAIL'} (≥1000 req/s, p99<150)`;
        failed ||= !ok;
      }
      if (connections === 64 && t.kind === 'search') {
        const ok = rps >= 250 && r.errors === 0 && r.non2xx === 0;
        verdict = ok ? 'ok (≥250 req/s)' : `${args.warn ? 'WARN' : 'FAIL'} (≥250 req/s)`;
        failed ||= !ok;
      }
      console.log(
        `${t.name.padEnd(20)} ${String(connections).padStart(5)} ${rps.toFixed(0).padStart(8)} ${String(r.latency.p50).padStart(8)} ${String(r.latency.p99).padStart(8)} ${String(r.errors).padStart(7)} ${String(r.non2xx).padStart(7)}  ${verdict}`,
      );
      if (r.non2xx > 0) {
        const codes = Object.entries(r.statusCodeStats).map(([code, { count }]) => `${code}: ${count}`);
        console.log(`${''.padEnd(20)} statuses ${codes.join(', ')}`);
      }
    }
  }
  for (const [title, script] of [
    ['random filter values and search words (issue #31)', 'scripts/bench-random-input.mjs'],
    ['double burst (issues #12, #31)', 'scripts/bench-burst.mjs'],
  ]) {
    if (args['no-burst'] || !shop.alive()) break;
    console.log(`\n[bench] ${title}`);
    const child = spawnSync(
      process.execPath,
      [
        script,
        '--url',
        shop.base,
        '--api',
        shop.api,
        ...(shop.pid ? ['--pid', String(shop.pid)] : []),
        ...(args.warn || args['warn-burst'] ? ['--warn'] : []),
      ],
      { cwd: new URL('..', import.meta.url), stdio: 'inherit' },
    );
    if (child.status === WARN_EXIT) burstWarned = true;
    else if (child.status !== 0) {
      failed = true;
      burstFailed = true;
    }
  }
} finally {
  if (sampler) clearInterval(sampler);
  await shop.stop();
}
if (peakRss) console.log(`peak RSS of the shop (storefront + API): ${(peakRss / 1024 / 1024).toFixed(0)} MiB`);
process.exit(burstFailed ? 1 : failed ? (args.warn ? WARN_EXIT : 1) : burstWarned ? WARN_EXIT : 0);
