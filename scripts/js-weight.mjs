#!/usr/bin/env node
/**
 * First-visit JavaScript per route (issue #7 budget). For each page of the production build it
 * opens the page in Debian's chromium (a phone: 390×844, touch) with an empty cache, waits for the
 * load event and for the network to go quiet, and collects every `/_next/static/**.js` the page
 * downloaded — the scripts named in the HTML and the chunks loaded while hydrating (next/dynamic
 * islands that mount at once count too; islands loaded only on a click do not; Next's
 * `<script noModule>` polyfills, which module-capable browsers never fetch, do not). Each script is
 * gzipped (level 9, like a CDN) and the sum printed in kB (1 kB = 1024 bytes), next to what the
 * HTML alone names. Exits 1 when a budget is exceeded (listing and product: 165 kB).
 *
 *   node scripts/js-weight.mjs [--build] [--list] [--warn] [--port 3200 --api-port 8200]
 *                              [--url http://localhost:3000 --api http://127.0.0.1:8000]
 *
 * `--warn`: a budget miss prints OVER and a WARN line and exits 3 (WARN_EXIT) instead of 1 (scripts/perf.mjs
 * reports it as WARN without failing).
 */
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { machineLoad, parseArgs, samplePaths, startShop, WARN_EXIT } from './lib/shop-server.mjs';

/**
 * Budgets, kB gzip: issue #7's 170 for listing and product, lowered to what issue #30's work
 * reached (158.7 and 161.5 on 2026-11-27) plus a small margin, so the gain is kept.
 */
const BUDGET_KB = { listing: 165, product: 165 };
const args = parseArgs();
const shop = await startShop({
  url: args.url,
  api: args.api,
  build: Boolean(args.build),
  port: args.port ? Number(args.port) : undefined,
  apiPort: args['api-port'] ? Number(args['api-port']) : undefined,
});
const kb = (bytes) => (bytes / 1024).toFixed(1);
let failed = false;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
});
try {
  const { product, listing } = await samplePaths(shop.api);
  const pages = {
    home: '/',
    listing,
    product,
    search: '/search?searchParam=%D0%BA%D1%83%D0%BF%D0%B0%D0%BB%D1%8C%D0%BD%D0%B8%D0%BA',
    basket: '/basket',
  };
  const gzipOf = new Map();
  console.log(machineLoad());
  console.log('route      in HTML  loaded   raw kB  gzip kB  budget');
  for (const [name, path] of Object.entries(pages)) {
    const html = await (await fetch(shop.base + path)).text();
    // `<script noModule>` (Next's polyfills) is skipped by every browser that runs modules: not counted.
    const noModule = new Set(
      [...html.matchAll(/<script[^>]*\bnoModule\b[^>]*>/gi)]
        .map((m) => /src="([^"]+)"/.exec(m[0])?.[1])
        .filter(Boolean),
    );
    const named = new Set(
      [...html.matchAll(/["'](\/_next\/static\/[^"']+?\.js)["']/g)]
        .map((m) => m[1])
        .filter((src) => !noModule.has(src)),
    );

    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
    });
    const page = await context.newPage();
    const bodies = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.startsWith('/_next/static/') && url.pathname.endsWith('.js')) {
        bodies.push(
          response
            .body()
            .then((body) => ({ src: url.pathname, body }))
            .catch(() => null),
        );
      }
    });
    await page.goto(shop.base + path, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    await context.close();

    const loaded = new Map();
    for (const item of await Promise.all(bodies)) if (item) loaded.set(item.src, item.body);
    // Scripts named in the HTML but not fetched (none expected) still count: a browser would load them.
    for (const src of named)
      if (!loaded.has(src)) loaded.set(src, Buffer.from(await (await fetch(shop.base + src)).arrayBuffer()));
    let raw = 0;
    let gz = 0;
    for (const [src, body] of loaded) {
      if (!gzipOf.has(src)) gzipOf.set(src, gzipSync(body, { level: 9 }).length);
      raw += body.length;
      gz += gzipOf.get(src);
    }
    if (args.list)
      for (const [src, body] of loaded)
        console.log(
          `             ${kb(gzipOf.get(src)).padStart(6)} kB  ${src}${named.has(src) ? '' : '  (loaded by the page)'}${body.includes('ZodError') ? '  [zod]' : ''}`,
        );
    const budget = BUDGET_KB[name];
    const over = budget !== undefined && gz / 1024 > budget;
    failed ||= over;
    console.log(
      `${name.padEnd(10)} ${String(named.size).padStart(7)} ${String(loaded.size).padStart(7)} ${kb(raw).padStart(8)} ${kb(gz).padStart(8)}  ${budget === undefined ? '—' : `${budget}${over ? ' OVER' : ' ok'}`}`,
    );
  }
} finally {
  await browser.close();
  await shop.stop();
}
if (failed && args.warn) console.log('WARN: first-visit JS is over budget (reported, not failing: --warn)');
process.exit(failed ? (args.warn ? WARN_EXIT : 1) : 0);
