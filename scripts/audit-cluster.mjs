#!/usr/bin/env node
/**
 * Lighthouse mobile through nginx over HTTP/2 next to the Node-only server, in the same run
 * (issue #16 Done-when, docs/topology.md "Measurements"). Starts the topology
 * (`start-cluster --web 2 --api 2`, tests/cluster/cluster.mjs) and the single-process `npm start`
 * (scripts/lib/shop-server.mjs), both on the same machine, and audits home, a listing, a product and
 * search on each with Debian's chromium (mobile emulation, Lighthouse's default simulated
 * throttling). The cluster's certificate is self-signed, hence `--ignore-certificate-errors` for
 * this loopback run only. Prints one table: per page and server the median of `--runs` runs
 * (a run whose first frame Chrome held back is run again, as in scripts/audit.mjs)
 * (scores 0–100, LCP/TBT/FCP in ms, CLS unitless), after one uncounted warm-up run per page that
 * fills the page and image caches. `--throttling applied` measures with Chrome's own throttling
 * instead of the simulated one (scripts/lib/lighthouse-runs.mjs `THROTTLING`, the budget's method in
 * scripts/audit.mjs).
 *
 *   TEST_DATABASE_URL=postgres://…/postgres node scripts/audit-cluster.mjs [--runs 3] [--pages home,product]
 *                                              [--throttling simulated|applied]
 *   node scripts/audit-cluster.mjs --cluster https://127.0.0.1:8443 --node http://localhost:3000 --api http://127.0.0.1:8000
 *
 * Ports: the cluster's CLUSTER_*_PORT (tests/cluster/cluster.mjs defaults), the Node server's
 * AUDIT_NODE_PORT / AUDIT_NODE_API_PORT (3561 / 8561).
 */
import { startCluster } from '../tests/cluster/cluster.mjs';
import { countedRuns, heldFirstFrame, lighthouseOnce, median, metricsOf } from './lib/lighthouse-runs.mjs';
import { machineLoad, parseArgs, samplePaths, startShop } from './lib/shop-server.mjs';

const args = parseArgs();
const runs = Number(args.runs ?? 3);
const throttling = args.throttling === 'applied' ? 'applied' : 'simulated';
process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';

/**
 * One Lighthouse mobile run of `url` in a fresh chromium.
 * @returns {Promise<{ perf: number, a11y: number, bp: number, seo: number, lcp: number, cls: number, tbt: number, fcp: number, protocol: string }>}
 */
async function audit(url) {
  const lhr = await lighthouseOnce(url, { extraFlags: ['--ignore-certificate-errors'], throttling });
  // The document request's protocol, so the table shows that nginx really spoke HTTP/2.
  const doc = lhr.audits['network-requests']?.details?.items?.find((i) => i.resourceType === 'Document');
  return {
    perf: lhr.categories.performance.score * 100,
    a11y: lhr.categories.accessibility.score * 100,
    bp: lhr.categories['best-practices'].score * 100,
    seo: lhr.categories.seo.score * 100,
    ...metricsOf(lhr),
    protocol: doc?.protocol ?? '?',
    held: heldFirstFrame(lhr),
  };
}

const cluster = args.cluster
  ? { https: String(args.cluster), stop: async () => {} }
  : await startCluster({ web: 2, api: 2 });
let node;
try {
  node = await startShop({
    url: args.node,
    api: args.api,
    port: Number(process.env.AUDIT_NODE_PORT ?? 3561),
    apiPort: Number(process.env.AUDIT_NODE_API_PORT ?? 8561),
    build: Boolean(args.build),
  });
  const { product, listing } = await samplePaths(node.api);
  const allPages = {
    home: '/',
    listing,
    product,
    search: '/search?searchParam=%D0%BA%D1%83%D0%BF%D0%B0%D0%BB%D1%8C%D0%BD%D0%B8%D0%BA',
  };
  const targets = [
    ['nginx (https, HTTP/2)', cluster.https.replace(/\/$/, '')],
    ['Node (npm start)', node.base],
  ];
  const wanted = args.pages ? String(args.pages).split(',') : Object.keys(allPages);
  console.log(machineLoad());
  console.log(
    `median of ${runs} Lighthouse mobile runs per row, ${throttling} throttling (one uncounted warm-up run first)`,
  );
  console.log('| page | via | protocol | perf | a11y | b-p | SEO | LCP ms | CLS | TBT ms | FCP ms |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const name of wanted) {
    // The product path comes from the Node server's database; the cluster seeds its own, so the
    // cluster's product page is looked up on the cluster's listing.
    for (const [via, base] of targets) {
      let pathname = allPages[name];
      if (name === 'product' && base !== node.base) {
        const html = await (await fetch(`${base}${listing}`)).text();
        pathname = /href="(\/kupalniki\/[a-z-]+\/\d+\/[a-z0-9-]+)"/.exec(html)?.[1] ?? pathname;
      }
      const url = base + pathname;
      // As in scripts/audit.mjs: a run whose first frame Chrome held back is run again, so that
      // both servers are compared on runs that measure them.
      const { counted: results } = await countedRuns(runs, () => audit(url));
      const m = (k) => median(results.map((r) => r[k]));
      console.log(
        `| ${name} | ${via} | ${results[0].protocol} | ${[m('perf'), m('a11y'), m('bp'), m('seo')].map(Math.round).join(' | ')} | ${Math.round(m('lcp'))} | ${m('cls').toFixed(3)} | ${Math.round(m('tbt'))} | ${Math.round(m('fcp'))} |`,
      );
    }
  }
} finally {
  await node?.stop();
  await cluster.stop();
}
