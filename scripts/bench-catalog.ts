/**
 * Catalogue benchmark (issue #3 "Done when"): seeds a catalogue of `--products` products (default
 * 100 000) into a fresh temporary PGlite folder, or into the PostgreSQL database of
 * `--database-url` (it must be empty; a seeded one is reused as is), then times through the API
 * app (handlers + SQL, no HTTP socket):
 *   - listing with facets: GET /api/v1/offers/{category}/?filters=&sort= and
 *     GET /api/v1/all/filters/{category}/?filters= for a mix of categories, facet combinations and
 *     sorts (the two calls a filtered listing page makes, measured separately and together);
 *   - search: GET /api/v1/search/{query}/ for Russian queries with morphology, typos and Cyrillic
 *     brand names.
 * Prints p50 and p95 in milliseconds, the answer cache (server/services/response-cache.ts) off.
 *
 * Issue #7 budget: listing with facets and search p95 under 30 ms with 100,000 products. The runs
 * are timed twice: "before" with the reference SQL of listings and facets (`CATALOG_INDEX=off`),
 * "after" with the in-process catalogue index (server/services/catalog-index/), whose build time
 * and memory (typed arrays, and the process's heap + array-buffer growth) are printed too.
 * `--mode after` (or `before`) runs one of the two only.
 *
 * Usage: NODE_OPTIONS=--expose-gc npx tsx scripts/bench-catalog.ts --products 100000 [--database-url postgres://…] [--runs 40] [--mode both|before|after]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createApp } from '../server/app';
import { openDb } from '../server/db/client';
import { serverEnv } from '../server/env';
import { seedDatabase } from '../server/seed';
import { catalogIndex, indexBytes } from '../server/services/catalog-index';

function arg(name: string, fallback?: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : process.argv[index + 1];
}

const products = Number(arg('products', '100000'));
const runs = Number(arg('runs', '40'));
const databaseUrl = arg('database-url');
const mode = arg('mode', 'both')!;

/** p-th percentile (0..100) of sorted numbers, nearest rank. */
function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

async function main() {
  const dir = databaseUrl ? null : mkdtempSync(path.join(tmpdir(), 'bench-catalog-'));
  const handle = await openDb(databaseUrl ?? dir!);
  console.log(`database: ${handle.driver}${dir ? ` (${dir})` : ''}, products: ${products}`);
  const started = performance.now();
  const summary = await seedDatabase(handle.db, { products });
  console.log(
    summary.skipped
      ? 'seed: database already seeded, reused'
      : `seed: ${summary.products} products, ${summary.offers} offers, ${summary.features} sizes in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  // Steady state of a running shop (autovacuum has run): statistics for the planner and the
  // visibility map that lets count and facet queries scan indexes only.
  await handle.db.execute(sql`vacuum analyze`);
  const app = createApp(handle.db);

  const get = async (url: string) => {
    const t = performance.now();
    const res = await app.request(url);
    await res.text();
    if (res.status !== 200) throw new Error(`${url} → ${res.status}`);
    return performance.now() - t;
  };

  // The reference SQL until the "after" part times the index build.
  serverEnv.CATALOG_INDEX = 'off';
  const categories = [
    'kupalniki',
    'odezhda',
    'obuv',
    'kupalniki/razdelnye',
    'odezhda/platya',
    'aksessuary',
    'bele',
    'muzhskoe',
  ];
  const facets = (await (await app.request('/api/v1/all/filters/')).json()) as {
    brands: { value: string }[];
    colors: { value: string }[];
    sizes: { value: string }[];
  };
  const combos = [
    {},
    { brands: [facets.brands[0]!.value] },
    { brands: [facets.brands[0]!.value, facets.brands[1]!.value], colors: [facets.colors[0]!.value] },
    { sizes: ['S', 'M', '42', '44'], price_max: 8000 },
    { colors: [facets.colors[1]!.value], sale: true },
    { price_min: 2000, price_max: 10000, new: true },
  ];
  const sorts = ['', 'price_asc', 'price_desc', 'new', 'discount'];
  const searches = [
    'купальники',
    'купальник',
    'купальнека',
    'Маажи',
    'платье черное',
    'кожаная сумка',
    'сандали',
    'футболка мужская',
  ];

  // Warm-up: the first query of each kind pays for plans and caches.
  await get('/api/v1/offers/kupalniki/?limit=24');
  await get('/api/v1/all/filters/kupalniki/');
  await get(`/api/v1/search/${encodeURIComponent('купальник')}/`);

  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const timeRuns = async (label: string) => {
    const listing: number[] = [];
    const facetTimes: number[] = [];
    const page: number[] = [];
    const search: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      const category = categories[i % categories.length]!;
      const filters = encodeURIComponent(JSON.stringify(combos[i % combos.length]));
      const sort = sorts[i % sorts.length]!;
      const [a, b] = await Promise.all([
        get(
          `/api/v1/offers/${category}/?limit=24&offset=${(i % 3) * 24}&filters=${filters}${sort ? `&sort=${sort}` : ''}`,
        ),
        get(`/api/v1/all/filters/${category}/?filters=${filters}`),
      ]);
      listing.push(a);
      facetTimes.push(b);
      page.push(Math.max(a, b));
      search.push(
        await get(
          `/api/v1/search/${encodeURIComponent(searches[i % searches.length]!)}/?limit=24${sort ? `&sort=${sort}` : ''}`,
        ),
      );
    }
    const report = (name: string, times: number[]) => {
      const sorted = [...times].sort((x, y) => x - y);
      console.log(
        `${name.padEnd(38)} p50 ${percentile(sorted, 50).toFixed(1).padStart(7)} ms   p95 ${percentile(sorted, 95).toFixed(1).padStart(7)} ms   (n=${times.length})`,
      );
    };
    console.log(`\n${label}: ${handle.driver}, ${products} products, ${runs} runs each`);
    report('listing (offers page)', listing);
    report('facets (all/filters)', facetTimes);
    report('listing with facets (both, parallel)', page);
    report('search', search);
  };

  if (mode !== 'after') {
    await get('/api/v1/offers/kupalniki/?limit=24');
    await get('/api/v1/all/filters/kupalniki/');
    await timeRuns('BEFORE (SQL listings and facets)');
  }
  if (mode !== 'before') {
    serverEnv.CATALOG_INDEX = 'on';
    const memBefore = process.memoryUsage();
    const t = performance.now();
    const index = await catalogIndex(handle.db);
    const buildMs = performance.now() - t;
    // A running server has long collected the build's query rows: measure and time after a GC
    // (run with NODE_OPTIONS=--expose-gc; without it the growth includes uncollected rows).
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    const memAfter = process.memoryUsage();
    const grown = memAfter.heapUsed + memAfter.arrayBuffers - memBefore.heapUsed - memBefore.arrayBuffers;
    console.log(
      `\ncatalogue index: ${index.n} products built in ${buildMs.toFixed(0)} ms; typed arrays ${mb(indexBytes(index))}, ` +
        `process heap + array buffers grew ${mb(grown)}${gc ? ' after GC' : ' (no --expose-gc: includes uncollected query rows)'}`,
    );
    await get('/api/v1/offers/kupalniki/?limit=24');
    await get('/api/v1/all/filters/kupalniki/');
    await timeRuns('AFTER (catalogue index)');
  }
  await handle.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
