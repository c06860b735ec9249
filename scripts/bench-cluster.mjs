#!/usr/bin/env node
/**
 * Throughput and p99 of the cluster topology (issue #16, docs/topology.md): home, a listing with
 * facets, a product page and search, at 64 and 256 connections, through nginx (HTTPS, its 1 s
 * micro-cache, N storefront instances behind it) next to the same pages from one storefront
 * instance directly (`next start`, no micro-cache), in the same run.
 *
 *   TEST_DATABASE_URL=postgres://…/postgres npm run bench:cluster -- [--seconds 10] [--web 2] [--api 2]
 *   npm run bench:cluster -- --running     # a cluster already started by npm run start:cluster
 *
 * autocannon speaks HTTP/1.1 over TLS to nginx (the certificate is the cluster's self-signed one,
 * so verification is off for this loopback run only).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { root, startCluster } from '../tests/cluster/cluster.mjs';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    web: { type: 'string', default: '2' },
    api: { type: 'string', default: '2' },
    running: { type: 'boolean', default: false },
  },
});
process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
const seconds = Number(args.seconds);

let cluster;
if (args.running) {
  const info = JSON.parse(readFileSync(path.join(root, '.cluster', 'cluster.json'), 'utf8'));
  cluster = {
    https: info.https.replace('localhost', '127.0.0.1'),
    web: info.web.map((p) => `http://127.0.0.1:${p}`),
    stop: async () => {},
  };
} else {
  cluster = await startCluster({ web: Number(args.web), api: Number(args.api) });
  cluster.https = cluster.https.replace('localhost', '127.0.0.1');
}

try {
  const listingHtml = await (await fetch(`${cluster.web[0]}/kupalniki`)).text();
  const product = /href="(\/kupalniki\/[a-z-]+\/\d+\/[a-z0-9-]+)"/.exec(listingHtml)?.[1];
  if (!product) throw new Error('no product link on /kupalniki');
  const browser = { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'gzip, deflate, br' };
  const pages = [
    ['home', '/'],
    ['listing+facets', '/kupalniki?size=S,M&price=0-15000'],
    ['product', product],
    ['search', `/search?searchParam=${encodeURIComponent('купальник')}`],
  ];
  const targets = [
    ['nginx (https, micro-cache)', cluster.https],
    ['one storefront instance', cluster.web[0]],
  ];
  console.log(`${seconds} s per row; ${cluster.web.length} storefront instances behind nginx`);
  console.log('| page | via | connections | req/s | p50 ms | p99 ms | errors | non-2xx |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const [name, pathname] of pages) {
    for (const [via, base] of targets) {
      await autocannon({ url: `${base}${pathname}`, headers: browser, connections: 8, duration: 2 }); // warm
      for (const connections of [64, 256]) {
        const r = await autocannon({
          url: `${base}${pathname}`,
          headers: browser,
          connections,
          duration: seconds,
          timeout: 30,
        });
        console.log(
          `| ${name} | ${via} | ${connections} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | ${r.errors + r.timeouts} | ${r.non2xx} |`,
        );
      }
    }
  }
} finally {
  await cluster.stop();
}
