#!/usr/bin/env node
/**
 * CPU cost and size of the content codings storefront-server/serve.ts may send a page in (issue #14 item 9,
 * storefront-server/page-validators.ts BROTLI_QUALITY): fetches pages of a running shop uncompressed and
 * compresses each with gzip (level 6: the compression middleware's default, what Next sent) and
 * brotli at several qualities, printing per page the median time of one compression (ms of one
 * core, over `--runs`) and the size, and per coding the totals relative to gzip.
 *
 *   node scripts/bench-compression.mjs [--url http://localhost:3000] [--runs 30]
 */
import { performance } from 'node:perf_hooks';
import zlib from 'node:zlib';
import { machineLoad, parseArgs } from './lib/shop-server.mjs';

const args = parseArgs();
const base = String(args.url ?? 'http://localhost:3000').replace(/\/$/, '');
const runs = Number(args.runs ?? 30);
const paths = ['/', '/kupalniki', '/search?searchParam=купальник'];
const html = await (await fetch(`${base}/kupalniki`)).text();
const product = /href="(\/[a-z-]+\/[a-z0-9/-]+\/\d+\/[a-z0-9-]+)"/.exec(html)?.[1];
if (product) paths.push(product);

const codings = [
  ['gzip 6', (b) => zlib.gzipSync(b, { level: 6 })],
  ...[4, 5, 6, 11].map((q) => [
    `br ${q}`,
    (b) => zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: q } }),
  ]),
];

const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
const totals = new Map(codings.map(([name]) => [name, { ms: 0, bytes: 0 }]));
console.log(`bench-compression: ${runs} runs per page and coding; ${machineLoad()}`);
console.log(['page', 'identity kB', ...codings.map(([name]) => `${name} ms / kB`)].join(' | '));
for (const path of paths) {
  const res = await fetch(`${base}${path}`, { headers: { 'accept-encoding': 'identity' } });
  const body = Buffer.from(await res.arrayBuffer());
  const row = [path.length > 40 ? `${path.slice(0, 37)}...` : path, (body.length / 1024).toFixed(0)];
  for (const [name, encode] of codings) {
    const times = [];
    let size = 0;
    for (let i = 0; i < runs; i += 1) {
      const t0 = performance.now();
      size = encode(body).length;
      times.push(performance.now() - t0);
    }
    const ms = median(times);
    const total = totals.get(name);
    total.ms += ms;
    total.bytes += size;
    row.push(`${ms.toFixed(2)} / ${(size / 1024).toFixed(1)}`);
  }
  console.log(row.join(' | '));
}
const gzip = totals.get('gzip 6');
console.log('\nall pages, relative to gzip 6:');
for (const [name, { ms, bytes }] of totals) {
  console.log(
    `  ${name.padEnd(7)} CPU ${ms.toFixed(2)} ms (×${(ms / gzip.ms).toFixed(2)}), ${(bytes / 1024).toFixed(1)} kB (${((bytes / gzip.bytes - 1) * 100).toFixed(0)}%)`,
  );
}
