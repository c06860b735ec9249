#!/usr/bin/env node
/**
 * Lighthouse audit of the production build (issue #7): home, a listing, a product, search and
 * /basket, mobile emulation with Lighthouse's default (simulated) throttling, in Debian's chromium.
 * Prints performance, accessibility, best-practices and SEO scores and LCP, CLS, TBT, FCP — the
 * median of 3 runs per page — and exits 1 when a page is below the budgets.
 *
 *   node scripts/audit.mjs [--url http://localhost:3000] [--runs 3] [--pages home,product]
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { parseArgs, samplePaths, startShop } from './lib/shop-server.mjs';

/** Budgets of issue #7: scores 0–100, CLS unitless. */
const BUDGET = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100, cls: 0.02 };
const args = parseArgs();
const runs = Number(args.runs ?? 3);
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const shop = await startShop({ url: args.url, port: 3202, apiPort: 8202 });
let failed = false;
try {
  const { product, listing } = await samplePaths(shop.api);
  const allPages = {
    home: '/',
    listing,
    product,
    search: '/search?searchParam=%D0%BA%D1%83%D0%BF%D0%B0%D0%BB%D1%8C%D0%BD%D0%B8%D0%BA',
    basket: '/basket',
  };
  const wanted = args.pages ? String(args.pages).split(',') : Object.keys(allPages);
  console.log('page       perf  a11y  b-p   seo   LCP ms  CLS    TBT ms  FCP ms');
  for (const name of wanted) {
    const url = shop.base + allPages[name];
    const results = [];
    for (let i = 0; i < runs; i += 1) {
      const chrome = await chromeLauncher.launch({
        chromePath,
        chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
      });
      try {
        const result = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        });
        const lhr = result.lhr;
        results.push({
          performance: lhr.categories.performance.score * 100,
          accessibility: lhr.categories.accessibility.score * 100,
          'best-practices': lhr.categories['best-practices'].score * 100,
          seo: lhr.categories.seo.score * 100,
          lcp: lhr.audits['largest-contentful-paint'].numericValue,
          cls: lhr.audits['cumulative-layout-shift'].numericValue,
          tbt: lhr.audits['total-blocking-time'].numericValue,
          fcp: lhr.audits['first-contentful-paint'].numericValue,
          failing: Object.values(lhr.audits)
            .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
            .map((a) => a.id),
        });
      } finally {
        await chrome.kill();
      }
    }
    const m = Object.fromEntries(['performance', 'accessibility', 'best-practices', 'seo', 'lcp', 'cls', 'tbt', 'fcp'].map((k) => [k, median(results.map((r) => r[k]))]));
    const misses = [];
    for (const k of ['performance', 'accessibility', 'best-practices', 'seo']) if (m[k] < BUDGET[k]) misses.push(`${k} ${m[k]} < ${BUDGET[k]}`);
    if (m.cls > BUDGET.cls) misses.push(`CLS ${m.cls.toFixed(3)} > ${BUDGET.cls}`);
    failed ||= misses.length > 0;
    console.log(
      `${name.padEnd(10)} ${[m.performance, m.accessibility, m['best-practices'], m.seo].map((v) => String(Math.round(v)).padStart(4)).join('  ')}  ${String(Math.round(m.lcp)).padStart(6)}  ${m.cls.toFixed(3)}  ${String(Math.round(m.tbt)).padStart(6)}  ${String(Math.round(m.fcp)).padStart(6)}${misses.length ? `  BELOW: ${misses.join('; ')}` : ''}`,
    );
    const failing = [...new Set(results.flatMap((r) => r.failing))];
    if (failing.length) console.log(`           failing audits: ${failing.join(', ')}`);
  }
} finally {
  await shop.stop();
}
process.exit(failed ? 1 : 0);
