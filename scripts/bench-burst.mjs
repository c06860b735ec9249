#!/usr/bin/env node
/**
 * Burst benchmark of the production build on loopback (issue #12 item 15 "shed bursts instead of
 * stalling"): what a crawler's burst does to the shop, and whether it recovers.
 *
 * 0. warm-up: 64 connections for `--warmup` (15) s on the same mix, so "start" is a shop that has
 *    served traffic (its caches, heap and compiled code in use) rather than one just booted; the
 *    cold figure is printed beside it;
 * 1. baseline: 8 connections for 5 s on the page mix below → p99 and the shop's resident memory;
 * 2. burst: `--connections` (900) for `--seconds` (30) on the same mix, autocannon's timeout 10 s;
 * 3. after: hung sockets (CLOSE-WAIT on the storefront's and API's ports) 5 s after the end; 1-s
 *    probes at 8 connections until p99 is normal again; resident memory 10 s after the end;
 * 4. issue #31 item 5: `--bursts` (2) bursts, the next one `--gap` (30) s after the end of the one
 *    before (a second burst soon after a first once left 1,691 connections in CLOSE-WAIT); each
 *    burst is held to every target, its memory against the start before the first.
 *
 * The mix: 60% cached pages (home, a listing, a filtered listing, a product) and 40% pages that
 * cannot come from a cache (a search for a random word, a listing filtered by a random brand).
 *
 * Targets (exit 1 when one fails, 3 with --warn): every request answered within 10 s (no
 * timeouts or socket errors), only 2xx/3xx/404 or a 503 that carries `Retry-After` and a Russian
 * page (checked on a sample), no other 5xx; 0 hung sockets; p99 back within max(2× baseline,
 * baseline + 50 ms) within 10 s of the end; resident memory within 20% of its start.
 *
 *   node scripts/bench-burst.mjs [--build] [--warn] [--connections 900] [--seconds 30] [--warmup 15] [--bursts 2] [--gap 30]
 *        [--root /path/to/another/copy --port 3400 --api-port 8400] [--url … --api … --pid …]
 *
 * scripts/bench.mjs runs it last on the shop it started (so `npm run bench` and the perf step of
 * CI include it, ~85 s); `--root` measures another copy, e.g. a build of an older commit.
 */
import { execFileSync } from 'node:child_process';
import autocannon from 'autocannon';
import {
  machineLoad,
  parseArgs,
  samplePaths,
  startShop,
  treeRss,
  treeRssByProcess,
  WARN_EXIT,
} from './lib/shop-server.mjs';

const args = parseArgs();
const connections = Number(args.connections ?? 900);
const seconds = Number(args.seconds ?? 30);
const warmup = Number(args.warmup ?? 15);
const bursts = Number(args.bursts ?? 2);
const gap = Number(args.gap ?? 30);
const port = Number(args.port ?? 3200);
const apiPort = Number(args['api-port'] ?? 8200);
const browser = { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'gzip, deflate, br, zstd' };

const shop = await startShop({
  url: args.url,
  api: args.api,
  port,
  apiPort,
  build: Boolean(args.build),
  ...(typeof args.root === 'string' ? { root: args.root } : {}),
});
const ports = [new URL(shop.base).port || '80', new URL(shop.api).port || '80'];
// --pid: the shop's process when it was started by the caller (scripts/bench.mjs), for its memory.
const pid = shop.pid ?? (args.pid ? Number(args.pid) : null);
const rss = () => (pid ? treeRss(pid) : 0);
const mb = (bytes) => `${(bytes / 1048576).toFixed(0)} MiB`;

/** Sockets in CLOSE-WAIT on the shop's ports (the server never closed them after the client did). */
function hungSockets() {
  try {
    const out = execFileSync('ss', ['-tanH', 'state', 'close-wait'], { encoding: 'utf8' });
    return out.split('\n').filter((line) => ports.some((p) => line.split(/\s+/)[2]?.endsWith(`:${p}`))).length;
  } catch {
    return -1; // no ss
  }
}

let failed = false;
const results = [];
function check(name, ok, figure) {
  results.push({ name, ok, figure });
  failed ||= !ok;
}

try {
  const { product, listing } = await samplePaths(shop.api);
  const cached = ['/', listing, `${listing}?size=S,M`, product];
  const random = () => Math.random().toString(36).slice(2, 9);
  const uncached = [() => `/search?searchParam=${random()}`, () => `${listing}?brand=zz${random()}`];
  const pick = () =>
    Math.random() < 0.6
      ? cached[Math.floor(Math.random() * cached.length)]
      : uncached[Math.floor(Math.random() * uncached.length)]();
  const mix = { url: shop.base, headers: browser, requests: [{ setupRequest: (req) => ({ ...req, path: pick() }) }] };
  for (const path of cached) await fetch(`${shop.base}${path}`, { headers: browser });

  const probe = (duration) => autocannon({ ...mix, connections: 8, duration, timeout: 10 });
  const rssCold = rss();
  if (warmup > 0) await autocannon({ ...mix, connections: 64, duration: warmup, timeout: 10 });
  const base = await probe(5);
  const rssStart = rss();
  const byProcessStart = pid ? treeRssByProcess(pid) : new Map();
  const normal = Math.max(2 * base.latency.p99, base.latency.p99 + 50);
  console.log(`burst: ${connections} connections for ${seconds} s, ${bursts} time(s) ${gap} s apart; ${machineLoad()}`);
  console.log(
    `baseline (8 connections): ${base.requests.average.toFixed(0)} req/s, p99 ${base.latency.p99} ms; RSS ${mb(rssStart)} ` +
      `(${mb(rssCold)} before a ${warmup}-s warm-up at 64 connections)`,
  );

  let lastEnd = 0;
  for (let round = 1; round <= bursts; round += 1) {
    const label = bursts > 1 ? ` (burst ${round}/${bursts})` : '';
    if (round > 1) {
      await new Promise((r) => setTimeout(r, Math.max(0, lastEnd + gap * 1000 - Date.now())));
      console.log(`\nburst ${round}/${bursts}, ${gap} s after the end of the one before; ${machineLoad()}`);
    }
    // A sample of single requests during the burst: the 503s must carry Retry-After and a Russian page.
    const sample = { n: 0, shed: 0, shedOk: 0, slowest: 0 };
    let bursting = true;
    const sampler = (async () => {
      while (bursting) {
        const t0 = Date.now();
        try {
          const res = await fetch(`${shop.base}${pick()}`, { headers: browser, signal: AbortSignal.timeout(10_500) });
          const text = await res.text();
          sample.n += 1;
          if (res.status === 503) {
            sample.shed += 1;
            if (res.headers.get('retry-after') && /[а-яё]/i.test(text)) sample.shedOk += 1;
          }
        } catch {
          sample.n += 1;
        }
        sample.slowest = Math.max(sample.slowest, Date.now() - t0);
        await new Promise((r) => setTimeout(r, 200));
      }
    })();
    let peakRss = rssStart;
    const rssTimer = setInterval(() => (peakRss = Math.max(peakRss, rss())), 500);
    // Timeouts split by whether the connection had had an answer yet: a first request that waits is a
    // connection no worker took up (docs/decisions.md, the cluster's handoff), a later one a slow page.
    const firstTimeouts = { fresh: 0, later: 0 };
    const burst = await autocannon({
      ...mix,
      connections,
      duration: seconds,
      timeout: 10,
      setupClient: (client) => {
        let answered = 0;
        client.on('response', () => (answered += 1));
        client.on('timeout', () => (answered === 0 ? (firstTimeouts.fresh += 1) : (firstTimeouts.later += 1)));
      },
    });
    const end = Date.now();
    bursting = false;
    await sampler;

    const codes = Object.fromEntries(Object.entries(burst.statusCodeStats).map(([code, s]) => [code, s.count]));
    const bad5xx = Object.entries(codes)
      // A status autocannon could not read ("undefined") counts with the other 5xx.
      .filter(([code]) => !(Number(code) < 500) && code !== '503')
      .reduce((sum, [, n]) => sum + n, 0);
    console.log(
      `burst${label}: ${burst.requests.total} answers (${burst.requests.average.toFixed(0)} req/s), status ${JSON.stringify(codes)}, ` +
        `timeouts ${burst.timeouts} (${firstTimeouts.fresh} before a connection's first answer), errors ${burst.errors}, p50 ${burst.latency.p50} ms, p99 ${burst.latency.p99} ms, max ${burst.latency.max} ms; peak RSS ${mb(peakRss)}`,
    );
    console.log(
      `sample during the burst: ${sample.n} requests, ${sample.shed} shed (${sample.shedOk} with Retry-After and a Russian page), slowest ${sample.slowest} ms`,
    );
    check(
      `every request answered within 10 s${label}`,
      burst.timeouts === 0 && burst.errors === 0 && burst.latency.max < 10_000 && sample.slowest < 10_000,
      `${burst.timeouts} timeouts, ${burst.errors} errors, max ${burst.latency.max} ms`,
    );
    check(
      `no 5xx but a 503 with Retry-After and a Russian page${label}`,
      bad5xx === 0 && sample.shedOk === sample.shed,
      `${bad5xx} other 5xx or unreadable; ${sample.shedOk}/${sample.shed} sampled 503s well-formed`,
    );

    await new Promise((r) => setTimeout(r, Math.max(0, end + 5000 - Date.now())));
    const hung = hungSockets();
    check(`0 hung sockets 5 s after the burst${label}`, hung === 0, `${hung} in CLOSE-WAIT`);

    let recoveredAfter = null;
    let lastP99 = null;
    while (Date.now() - end < 10_000) {
      const p = await probe(1);
      lastP99 = p.latency.p99;
      if (p.requests.total > 0 && lastP99 <= normal && p.errors === 0) {
        recoveredAfter = Date.now() - end;
        break;
      }
    }
    check(
      `p99 normal again within 10 s${label}`,
      recoveredAfter !== null,
      recoveredAfter !== null
        ? `${(recoveredAfter / 1000).toFixed(1)} s (p99 ${lastP99} ms ≤ ${normal} ms)`
        : `p99 ${lastP99} ms > ${normal} ms at 10 s`,
    );

    await new Promise((r) => setTimeout(r, Math.max(0, end + 10_000 - Date.now())));
    clearInterval(rssTimer);
    const rssEnd = rss();
    // Which process keeps the memory (the API's PGlite heap, a storefront worker's V8 heap…).
    if (pid) {
      const parts = [...treeRssByProcess(pid)].map(
        ([p, { name, rss: now }]) => `${name}[${p}] ${mb(byProcessStart.get(p)?.rss ?? 0)} → ${mb(now)}`,
      );
      console.log(`RSS by process, start → 10 s after: ${parts.join('; ')}`);
    }
    if (pid)
      check(
        `RSS within 20% of its start 10 s after${label}`,
        rssEnd <= rssStart * 1.2,
        `${mb(rssStart)} → ${mb(rssEnd)} (${((rssEnd / rssStart - 1) * 100).toFixed(0)}%)`,
      );
    lastEnd = end;
  }
  if (!shop.alive()) check('the shop kept running', false, shop.logTail());
} finally {
  await shop.stop();
}
for (const r of results) console.log(`${r.ok ? 'ok  ' : args.warn ? 'WARN' : 'FAIL'}  ${r.name}: ${r.figure}`);
process.exit(failed ? (args.warn ? WARN_EXIT : 1) : 0);
