#!/usr/bin/env node
/**
 * Random input at a steady load (issue #31 item 5 "no 500 from input or load"): what a crawler or a
 * scanner sending made-up filter values and search words does to the shop, and whether its memory
 * comes back.
 *
 * 1. A page number past the last page on every listing kind (section, category, search, brand,
 *    landing page, a category's tag landing) must answer 404.
 * 2. `--connections` (8) for `--seconds` (60): listings of every kind with random facet values
 *    (brand, colour, size, material, price range, sort, page), searches for random Latin and
 *    Cyrillic words, random landing and brand slugs; autocannon's timeout 10 s.
 * 3. Resident memory of the shop 10 s after the end against its start (after a 10-s warm-up on
 *    the same mix, so "start" is a shop that has served such traffic).
 *
 * Targets (exit 1 when one fails, 3 with --warn): 404 past the last page everywhere; 0 answers 5xx
 * and 0 timeouts or socket errors; RSS within 20 % of its start 10 s after.
 *
 *   node scripts/bench-random-input.mjs [--build] [--warn] [--connections 8] [--seconds 60]
 *        [--port 3500 --api-port 8500] [--url … --api … --pid …]
 *
 * scripts/bench.mjs runs it on the shop it started, before the burst.
 */
import autocannon from 'autocannon';
import { machineLoad, parseArgs, samplePaths, startShop, treeRss, WARN_EXIT } from './lib/shop-server.mjs';

const args = parseArgs();
const connections = Number(args.connections ?? 8);
const seconds = Number(args.seconds ?? 60);
const browser = { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'gzip, deflate, br, zstd' };

const shop = await startShop({
  url: args.url,
  api: args.api,
  port: Number(args.port ?? 3500),
  apiPort: Number(args['api-port'] ?? 8500),
  build: Boolean(args.build),
});
const pid = shop.pid ?? (args.pid ? Number(args.pid) : null);
const rss = () => (pid ? treeRss(pid) : 0);
const mb = (bytes) => `${(bytes / 1048576).toFixed(0)} MiB`;

let failed = false;
const results = [];
function check(name, ok, figure) {
  results.push({ name, ok, figure });
  failed ||= !ok;
}

/** GET `path` of the API as JSON, or null. */
async function apiJson(path) {
  try {
    const res = await fetch(`${shop.api}${path}`);
    return res.ok ? await res.json() : null;
  } catch {
    return null;
  }
}

const int = (n) => Math.floor(Math.random() * n);
const oneOf = (list) => list[int(list.length)];
const LATIN = 'abcdefghijklmnopqrstuvwxyz0123456789';
const CYRILLIC = 'абвгдеёжзийклмнопрстуфхцчшщыэюя';
/** A made-up word, Latin or Cyrillic (percent-encoded: it goes into a URL as is). */
const word = () => {
  const letters = Math.random() < 0.5 ? LATIN : CYRILLIC;
  return encodeURIComponent(Array.from({ length: 2 + int(12) }, () => letters[int(letters.length)]).join(''));
};
/** A random value of a facet: a made-up word, a list of them, or something odd. */
const value = () =>
  oneOf([
    word,
    () => `${word()},${word()}`,
    () => String(int(1e9)),
    () => '%D0%B7'.repeat(1 + int(40)),
    () => `${word()}%2C${word()}`,
    () => '',
  ])();
const query = () => {
  const parts = [];
  for (const name of ['brand', 'color', 'size', 'material']) if (Math.random() < 0.4) parts.push(`${name}=${value()}`);
  if (Math.random() < 0.3) parts.push(`price=${int(1e6) - 1000}-${oneOf([int(1e6), word(), ''])}`);
  if (Math.random() < 0.2) parts.push(`sort=${oneOf(['price', '-price', 'new', word()])}`);
  if (Math.random() < 0.2) parts.push(`page=${oneOf([2, 3, int(1e6), -1, word(), 1e21])}`);
  return parts.length ? `?${parts.join('&')}` : `?brand=${value()}`;
};

try {
  const { listing } = await samplePaths(shop.api);
  const sections = ((await apiJson('/api/v1/preview_category/')) ?? []).map((c) => `/${c.path}`);
  const categories = ((await apiJson('/api/v1/preview_category/')) ?? []).flatMap((c) =>
    (c.subcategories ?? []).map((s) => `/${s.path}`),
  );
  const brands = ((await apiJson('/api/v1/brands/')) ?? []).map((b) => `/brands/${b.slug}`);
  const sitemap = await apiJson('/api/v1/sitemap/');
  const landings = (sitemap?.landings ?? []).map((l) => `/landing/${l.slug ?? l}`);
  const tags = (sitemap?.categories ?? []).flatMap((c) => (c.tags ?? []).map((t) => `/${c.path}/tag/${t}`));
  const kinds = {
    section: sections.length ? sections : [listing],
    category: categories.length ? categories : [listing],
    search: ['/search?searchParam=%D0%BA%D1%83%D0%BF%D0%B0%D0%BB%D1%8C%D0%BD%D0%B8%D0%BA'],
    brand: brands,
    landing: landings,
    'tag landing': tags,
  };
  console.log(
    `random input: ${connections} connections for ${seconds} s; ${Object.entries(kinds)
      .map(([kind, list]) => `${list.length} ${kind}`)
      .join(', ')}; ${machineLoad()}`,
  );

  // 1. Past the last page: 404 on every listing kind.
  const pastLast = [];
  for (const [kind, list] of Object.entries(kinds)) {
    if (!list.length) {
      pastLast.push(`${kind}: none in this catalogue`);
      continue;
    }
    for (const page of [500000, 10000]) {
      const path = `${list[0]}${list[0].includes('?') ? '&' : '?'}page=${page}`;
      const res = await fetch(`${shop.base}${path}`, { headers: browser, redirect: 'manual' });
      await res.arrayBuffer();
      if (res.status !== 404) pastLast.push(`${path}: ${res.status}`);
    }
  }
  check(
    'a page past the last is 404 on every listing kind',
    pastLast.every((p) => p.endsWith('none in this catalogue')) && pastLast.length < Object.keys(kinds).length,
    pastLast.length ? pastLast.join('; ') : `${Object.keys(kinds).join(', ')}: 404`,
  );

  // 2. Random input.
  const paths = [
    () => `${oneOf(kinds.section)}${query()}`,
    () => `${oneOf(kinds.category)}${query()}`,
    () =>
      `/search?searchParam=${encodeURIComponent(`${word()} ${Math.random() < 0.5 ? word() : ''}`.trim())}${Math.random() < 0.3 ? `&${query().slice(1)}` : ''}`,
    () => (kinds.brand.length ? `${oneOf(kinds.brand)}${query()}` : `/brands/${word()}`),
    () => (kinds.landing.length && Math.random() < 0.7 ? `${oneOf(kinds.landing)}${query()}` : `/landing/${word()}`),
    () => (kinds['tag landing'].length ? `${oneOf(kinds['tag landing'])}${query()}` : `${listing}/tag/${word()}`),
  ];
  const mix = {
    url: shop.base,
    headers: browser,
    timeout: 10,
    requests: [{ setupRequest: (req) => ({ ...req, path: oneOf(paths)() }) }],
  };
  const worst = new Map();
  const track = (client) =>
    client.on('response', (status, _bytes, _ms) => {
      if (status >= 500) worst.set(status, (worst.get(status) ?? 0) + 1);
    });
  await autocannon({ ...mix, connections, duration: 10 });
  const rssStart = rss();
  const run = await autocannon({ ...mix, connections, duration: seconds, setupClient: track });
  const end = Date.now();
  const codes = Object.fromEntries(Object.entries(run.statusCodeStats).map(([code, s]) => [code, s.count]));
  const fiveXX = Object.entries(codes)
    .filter(([code]) => !(Number(code) < 500))
    .reduce((sum, [, n]) => sum + n, 0);
  console.log(
    `random input: ${run.requests.total} answers (${run.requests.average.toFixed(0)} req/s), status ${JSON.stringify(codes)}, ` +
      `timeouts ${run.timeouts}, errors ${run.errors}, p50 ${run.latency.p50} ms, p99 ${run.latency.p99} ms, max ${run.latency.max} ms`,
  );
  check('0 answers 5xx', fiveXX === 0, `${fiveXX} of ${run.requests.total}`);
  check(
    'every request answered within 10 s',
    run.timeouts === 0 && run.errors === 0,
    `${run.timeouts} timeouts, ${run.errors} errors`,
  );

  // 3. Memory back.
  await new Promise((r) => setTimeout(r, Math.max(0, end + 10_000 - Date.now())));
  const rssEnd = rss();
  if (pid)
    check(
      'RSS within 20% of its start 10 s after',
      rssEnd <= rssStart * 1.2,
      `${mb(rssStart)} → ${mb(rssEnd)} (${((rssEnd / rssStart - 1) * 100).toFixed(0)}%)`,
    );
  if (!shop.alive()) check('the shop kept running', false, shop.logTail());
} finally {
  await shop.stop();
}
for (const r of results) console.log(`${r.ok ? 'ok  ' : args.warn ? 'WARN' : 'FAIL'}  ${r.name}: ${r.figure}`);
process.exit(failed ? (args.warn ? WARN_EXIT : 1) : 0);
