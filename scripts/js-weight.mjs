#!/usr/bin/env node
/**
 * First-visit JavaScript per route (issue #7 budget): loads each page's HTML from the production
 * build, collects the `/_next/static/**.js` scripts it references (the JavaScript a first visit
 * downloads), gzips each (level 9, like a CDN) and prints the sum in kB. Exits 1 when a budget is
 * exceeded (listing and product: 170 kB).
 *
 *   node scripts/js-weight.mjs [--url http://localhost:3000]
 */
import { gzipSync } from 'node:zlib';
import { parseArgs, samplePaths, startShop } from './lib/shop-server.mjs';

const BUDGET_KB = { listing: 170, product: 170 };
const args = parseArgs();
const shop = await startShop({ url: args.url, port: 3201, apiPort: 8201 });
let failed = false;
try {
  const { product, listing } = await samplePaths(shop.api);
  const pages = { home: '/', listing, product, search: '/search?searchParam=%D0%BA%D1%83%D0%BF%D0%B0%D0%BB%D1%8C%D0%BD%D0%B8%D0%BA', basket: '/basket' };
  const cache = new Map();
  console.log('route      scripts  raw kB  gzip kB  budget');
  for (const [name, path] of Object.entries(pages)) {
    const html = await (await fetch(shop.base + path)).text();
    const srcs = [...new Set([...html.matchAll(/["'](\/_next\/static\/[^"']+?\.js)["']/g)].map((m) => m[1]))];
    let raw = 0;
    let gz = 0;
    for (const src of srcs) {
      if (!cache.has(src)) {
        const body = Buffer.from(await (await fetch(shop.base + src)).arrayBuffer());
        cache.set(src, { raw: body.length, gz: gzipSync(body, { level: 9 }).length });
      }
      raw += cache.get(src).raw;
      gz += cache.get(src).gz;
    }
    const budget = BUDGET_KB[name];
    const over = budget !== undefined && gz / 1024 > budget;
    failed ||= over;
    console.log(
      `${name.padEnd(10)} ${String(srcs.length).padStart(7)} ${(raw / 1024).toFixed(1).padStart(7)} ${(gz / 1024).toFixed(1).padStart(8)}  ${budget === undefined ? '—' : `${budget}${over ? ' OVER' : ' ok'}`}`,
    );
  }
} finally {
  await shop.stop();
}
process.exit(failed ? 1 : 0);
