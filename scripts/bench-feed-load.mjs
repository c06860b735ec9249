#!/usr/bin/env node
/**
 * Issue #28 "eight concurrent downloads leave cached pages at their usual p99": load on a cached
 * storefront page with and without feed downloads, in one run (docs/feeds.md "Measured").
 *
 * Against a shop already running in production mode (`npm start`, i.e. scripts/start.mjs →
 * storefront-server/serve.ts in front of Next, with the shop API beside it):
 *
 * 1. warms the page up (it must answer from the page cache: `x-micro-cache` / `x-nextjs-cache`);
 * 2. autocannon on the page for `--seconds` alone;
 * 3. the same while `--downloads` clients (curl processes, each in its own loop) download
 *    `/yml.xml` whole again and again: plain, gzip and brotli copies in turn by client (4 plain,
 *    2 gzip, 2 brotli of 8), each download checked against the feed's `Content-Length`;
 * 4. autocannon alone again (the machine's drift between the two quiet runs);
 *
 * and prints p50/p99/max and req/s of each run and the ratio of the loaded p99 to the quiet one.
 *
 * `node scripts/bench-feed-load.mjs [--url http://127.0.0.1:3000] [--page /] [--seconds 15]
 * [--connections 4] [--downloads 8] [--feed /yml.xml] [--feed-url <origin of the downloads>]`
 * (npm run bench:feed-load; `--feed-url http://127.0.0.1:8000 --feed /api/v1/feeds/yml.xml`
 * downloads from the API directly, past the storefront's relay). The curl
 * clients run on the same machine, so part of what they cost is their own CPU: on 2 cores the
 * figure is an upper bound of what remote crawlers would cause.
 *
 * `--serve-rates 0,4096,1024 --api-url http://127.0.0.1:8400 [--serve-port 3410]` compares relay
 * settings in one run: for each FEED_DOWNLOAD_RATE_KBPS it starts a storefront server of its own
 * (storefront-server/serve.ts, NODE_ENV=production, the build of NEXT_DIST_DIR, the shop API at
 * `--api-url`), runs the three steps above against it, stops it, and prints a table of all of
 * them. Rate 0 runs as before pacing existed (FEED_DOWNLOADS=0, no limit); the others with
 * FEED_DOWNLOADS as set (`--feed-downloads`, default the relay's). A download refused with 503
 * (the limit) is counted as refused, not cut.
 */
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const argv = process.argv.slice(2);
const arg = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : fallback;
};
const SERVE_RATES = arg('serve-rates', '').split(',').filter(Boolean).map(Number);
const SERVE_PORT = Number(arg('serve-port', '3410'));
const API_URL = arg('api-url', 'http://127.0.0.1:8000').replace(/\/$/, '');
const FEED_DOWNLOADS = arg('feed-downloads', process.env.FEED_DOWNLOADS ?? '');
let BASE = arg('url', process.env.BENCH_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const PAGE = arg('page', '/');
const FEED = arg('feed', '/yml.xml');
/** Where the downloads go (default the storefront); the API's own address shows the relay's share. */
let FEED_BASE = arg('feed-url', BASE).replace(/\/$/, '');
const SECONDS = Number(arg('seconds', '15'));
const CONNECTIONS = Number(arg('connections', '4'));
const DOWNLOADS = Number(arg('downloads', '8'));
/** What a browser sends: the page comes from the cache in the coding it would get. */
const PAGE_HEADERS = { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html' };
const CODINGS = ['identity', 'gzip', 'br', 'identity', 'identity', 'gzip', 'br', 'identity'];

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** autocannon on the page; latency figures in ms. */
async function pageLoad(label) {
  const result = await autocannon({
    url: `${BASE}${PAGE}`,
    headers: PAGE_HEADERS,
    connections: CONNECTIONS,
    duration: SECONDS,
    timeout: 30,
  });
  const bad = result.non2xx + result.errors + result.timeouts;
  return {
    run: label,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    'req/s': Math.round(result.requests.average),
    failed: bad,
  };
}

/** Content-Length of the feed in each coding (HEAD), to tell a whole download from a cut one. */
async function feedSizes() {
  const sizes = {};
  for (const coding of new Set(CODINGS)) {
    const res = await fetch(`${FEED_BASE}${FEED}`, { method: 'HEAD', headers: { 'accept-encoding': coding } });
    if (res.status !== 200) throw new Error(`HEAD ${FEED} (${coding}) answered ${res.status}`);
    sizes[coding] = Number(res.headers.get('content-length'));
  }
  return sizes;
}

/**
 * `count` curl loops downloading the feed; returns a stop function resolving to the downloads
 * finished per coding, bytes, and the cut ones (fewer bytes than `Content-Length`, or not 200).
 */
function startDownloads(count, sizes) {
  const stats = Object.fromEntries([...new Set(CODINGS)].map((c) => [c, { whole: 0, cut: 0, refused: 0, bytes: 0 }]));
  const children = [];
  for (let i = 0; i < count; i++) {
    const coding = CODINGS[i % CODINGS.length];
    const child = spawn(
      'sh',
      [
        '-c',
        // --no-buffer: write as it comes; the status and the size of each download on a line.
        // A refused download (503) waits a second, as a crawler would wait longer.
        `while :; do r=$(curl -s --no-buffer -o /dev/null -H 'Accept-Encoding: ${coding}' -w '%{http_code} %{size_download}' '${FEED_BASE}${FEED}') || { sleep 0.2; continue; }; echo "$r"; case "$r" in 503*) sleep 1;; esac; done`,
      ],
      { stdio: ['ignore', 'pipe', 'ignore'], detached: true },
    );
    let rest = '';
    child.stdout.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        const [status, size] = line.split(' ').map(Number);
        const s = stats[coding];
        s.bytes += size;
        if (status === 200 && size === sizes[coding]) s.whole += 1;
        else if (status === 503) s.refused += 1;
        else s.cut += 1;
      }
    });
    children.push(child);
  }
  return async () => {
    for (const child of children) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    await sleep(300);
    return stats;
  };
}

/** One comparison: quiet, with downloads, quiet again; returns the figures. */
async function measure() {
  const sizes = await feedSizes();
  const warm = await fetch(`${BASE}${PAGE}`, { headers: PAGE_HEADERS });
  await warm.arrayBuffer();
  const cacheHeaders = ['x-micro-cache', 'x-nextjs-cache'].map((h) => `${h}: ${warm.headers.get(h) ?? '-'}`).join(', ');
  await autocannon({ url: `${BASE}${PAGE}`, headers: PAGE_HEADERS, connections: CONNECTIONS, duration: 2 });
  const quiet = await pageLoad('page alone');
  const stop = startDownloads(DOWNLOADS, sizes);
  await sleep(1000);
  const loaded = await pageLoad(`page + ${DOWNLOADS} feed downloads`);
  const downloads = await stop();
  await sleep(1000);
  const after = await pageLoad('page alone again');
  let commit = '?';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    // not a checkout
  }
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(
    `\nbench-feed-load: ${BASE}${PAGE} (${cacheHeaders}), ${CONNECTIONS} connections, ${SECONDS} s per run; ` +
      `${FEED_BASE}${FEED} ${(sizes.identity / 1_048_576).toFixed(1)} MB (gzip ${(sizes.gzip / 1_048_576).toFixed(1)} MB, brotli ${(sizes.br / 1_048_576).toFixed(1)} MB); commit ${commit}; load average ${load}`,
  );
  console.table([quiet, loaded, after]);
  const base = Math.max(quiet.p99, after.p99);
  console.log(
    `p99 with downloads / p99 alone: ${(loaded.p99 / quiet.p99).toFixed(2)} (against the higher quiet run: ${(loaded.p99 / base).toFixed(2)}); p50 ratio ${(loaded.p50 / quiet.p50).toFixed(2)}`,
  );
  console.table(
    Object.entries(downloads).map(([coding, s]) => ({
      coding,
      'whole downloads': s.whole,
      cut: s.cut,
      refused: s.refused,
      'MB/s': (s.bytes / 1_048_576 / SECONDS).toFixed(1),
    })),
  );
  const all = Object.values(downloads);
  return {
    quiet,
    loaded,
    after,
    mbps: all.reduce((n, s) => n + s.bytes, 0) / 1_048_576 / SECONDS,
    whole: all.reduce((n, s) => n + s.whole, 0),
    cut: all.reduce((n, s) => n + s.cut, 0),
    refused: all.reduce((n, s) => n + s.refused, 0),
  };
}

/** A storefront server (storefront-server/serve.ts) of its own with `rate`; resolves to a stop function. */
async function startServe(rate) {
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(SERVE_PORT),
    SHOP_API_URL: API_URL,
    FEED_DOWNLOAD_RATE_KBPS: String(rate),
    FEED_DOWNLOADS: rate === 0 ? '0' : FEED_DOWNLOADS,
  };
  const child = spawn(process.execPath, ['storefront-server/serve.ts'], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${SERVE_PORT}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`serve.ts exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}${PAGE}`, { headers: PAGE_HEADERS });
      await res.arrayBuffer();
      if (res.ok) break;
    } catch {
      // not up yet
    }
    await sleep(200);
  }
  BASE = url;
  FEED_BASE = url;
  return async () => {
    child.kill('SIGTERM');
    if (child.exitCode === null) await once(child, 'exit');
  };
}

async function main() {
  if (SERVE_RATES.length === 0) return void (await measure());
  const rows = [];
  for (const rate of SERVE_RATES) {
    console.log(
      `\nbench-feed-load: FEED_DOWNLOAD_RATE_KBPS=${rate}${rate === 0 ? ', FEED_DOWNLOADS=0' : FEED_DOWNLOADS ? `, FEED_DOWNLOADS=${FEED_DOWNLOADS}` : ''}`,
    );
    const stop = await startServe(rate);
    try {
      const r = await measure();
      const base = Math.max(r.quiet.p99, r.after.p99);
      rows.push({
        'rate KB/s': rate === 0 ? '0 (unpaced, before)' : rate,
        'page p50/p99 alone': `${r.quiet.p50} / ${r.quiet.p99} ms`,
        'with downloads': `${r.loaded.p50} / ${r.loaded.p99} ms`,
        'again alone': `${r.after.p50} / ${r.after.p99} ms`,
        'p99 ratio': (r.loaded.p99 / base).toFixed(2),
        'req/s alone → with': `${r.quiet['req/s']} → ${r.loaded['req/s']}`,
        'feed MB/s': r.mbps.toFixed(1),
        'whole/cut/refused': `${r.whole}/${r.cut}/${r.refused}`,
      });
    } finally {
      await stop();
    }
  }
  console.log(`\nbench-feed-load summary (p99 ratio: with downloads / the higher quiet run)`);
  console.table(rows);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
