/**
 * Lighthouse runs that do not measure the page (issue #14 item 17, docs/lighthouse.md), and the
 * run loop of scripts/audit.mjs and scripts/audit-cluster.mjs that runs them again, and the one
 * Lighthouse run both make, with either of Lighthouse's two ways of slowing a load down.
 */

/**
 * Lighthouse's `throttlingMethod` for each way the audits measure a phone (Lighthouse's mobile
 * preset both times: "Slow 4G", 150 ms RTT and 1.6 Mbit/s, and a 4× slower CPU; Lighthouse
 * docs/throttling.md):
 * - `simulated`: Lighthouse's default and PageSpeed Insights'. The page loads at full speed and
 *   Lantern replays that load on the simulated phone, keeping the order in which things happened
 *   in the fast load.
 * - `applied`: Chrome itself throttles the network (per request: 562.5 ms latency, 1.47 Mbit/s)
 *   and the CPU (4×) during the load, and the metrics are what was observed.
 * On the shop's pages the two differ in one decisive way (docs/lighthouse.md "Simulated and
 * applied throttling"): loaded at full speed, the framework's scripts arrive in a few ms and run
 * before the first paint, so Lantern puts 145 kB of scripts and their CPU time before the LCP;
 * on the throttled network the page paints about 0.3 s before the first script has arrived.
 */
export const THROTTLING = { simulated: 'simulate', applied: 'devtools' };

/** Every category the audits read. */
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/** Chromium flags of every audit run: headless as root, nothing in the background sharing the page's network or CPU. */
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * One Lighthouse run of `url` in a fresh Chromium (killed afterwards): mobile emulation, the
 * performance, accessibility, best-practices and SEO categories unless `categories` says fewer.
 * Lighthouse and chrome-launcher are imported here, on first use, so that the unit tests of this
 * module do not load them.
 * @param {string} url
 * @param {{ chromePath?: string, extraFlags?: string[], throttling?: keyof typeof THROTTLING, categories?: string[] }} [options]
 *   Debian's chromium unless `CHROMIUM_PATH` or `chromePath` says otherwise; `extraFlags` are
 *   added to {@link CHROME_FLAGS}; `throttling` is `simulated` (the default) or `applied`
 *   ({@link THROTTLING})
 * @returns {Promise<any>} the Lighthouse result (`lhr`)
 * @throws when Chromium cannot be started, `throttling` is unknown or Lighthouse fails (e.g. NO_FCP)
 */
export async function lighthouseOnce(
  url,
  {
    chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    extraFlags = [],
    throttling = 'simulated',
    categories = CATEGORIES,
  } = {},
) {
  const throttlingMethod = THROTTLING[throttling];
  if (!throttlingMethod) throw new Error(`unknown throttling "${throttling}" (simulated or applied)`);
  const [{ default: lighthouse }, chromeLauncher] = await Promise.all([
    import('lighthouse'),
    import('chrome-launcher'),
  ]);
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: [...CHROME_FLAGS, ...extraFlags] });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: categories,
      throttlingMethod,
    });
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    return result.lhr;
  } finally {
    await chrome.kill();
  }
}

/**
 * The median of a page's counted runs (the middle value; the upper middle of an even count).
 * @param {number[]} values
 * @returns {number}
 */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * The metrics of a run (simulated or observed, as the run was throttled): LCP, TBT and FCP in ms,
 * CLS unitless.
 * @param {any} lhr a Lighthouse result
 * @returns {{ lcp: number, cls: number, tbt: number, fcp: number }}
 */
export function metricsOf(lhr) {
  return {
    lcp: lhr.audits['largest-contentful-paint'].numericValue,
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    tbt: lhr.audits['total-blocking-time'].numericValue,
    fcp: lhr.audits['first-contentful-paint'].numericValue,
  };
}

/** Extra runs per page that replace runs in which Chrome held the first frame back. */
export const MAX_REDOS = 3;

/** How long after the load event a first paint counts as held back (ms; the holds seen were 0.8–2 s). */
export const HELD_FRAME_MS = 500;

/**
 * Whether Chrome presented the page's first frame long after the load event. The shop's pages
 * paint at ~0.2–0.35 s, before their images and scripts have loaded (~0.35–0.5 s), but in headless
 * Chrome the compositor now and then stops offering frames to a renderer that is busy during the
 * load, and the first frame waits one or two seconds for the next one
 * (GoogleChrome/lighthouse#17148, "ThrottleUnresponsiveClient"; docs/lighthouse.md). Lantern then
 * counts every script that ran in that time into LCP, and the run scores 8–15 points lower for the
 * same page. Such runs are reported and run again, not counted. (A tiny page may load before its
 * first paint by a few ms; the margin keeps it measured.)
 * @param {any} lhr a Lighthouse result
 */
export function heldFirstFrame(lhr) {
  const m = lhr.audits.metrics?.details?.items?.[0];
  return Boolean(m && m.observedFirstPaint > m.observedLoad + HELD_FRAME_MS);
}

/**
 * Runs `once` until `runs` runs without a held first frame are in: one warm-up run first, not
 * counted (it fills the page and image caches as earlier shoppers would have), then a run whose
 * `held` is true is set aside and run again, at most {@link MAX_REDOS} times. When too few others
 * came, held runs fill up `counted`.
 * @template {{ held: boolean }} T
 * @param {number} runs how many runs to count
 * @param {() => Promise<T>} once one Lighthouse run
 * @returns {Promise<{ counted: T[], held: T[], unheld: number }>} `unheld`: how many of `counted`
 *   were not held back
 */
export async function countedRuns(runs, once) {
  const unheldRuns = [];
  const held = [];
  for (let i = 0; unheldRuns.length < runs && i <= runs + MAX_REDOS; i += 1) {
    const run = await once();
    if (i > 0) (run.held ? held : unheldRuns).push(run);
  }
  const counted = [...unheldRuns, ...held.slice(0, Math.max(0, runs - unheldRuns.length))];
  return { counted, held, unheld: unheldRuns.length };
}

/**
 * Runs `once` over `targets` in alternation (issue #30, docs/lighthouse.md "Same-run budgets"):
 * one warm-up round, not counted, then rounds of one run per target, so a load swing on the
 * machine falls on the floor and the shop alike. A target whose run Chrome held the first frame
 * back in (`held`) gets one more run in a later round, at most {@link MAX_REDOS} times; when too
 * few others came, held runs fill up its count.
 * @template {{ held: boolean }} T
 * @param {string[]} targets names passed to `once`
 * @param {number} runs how many runs to count per target
 * @param {(target: string) => Promise<T>} once one Lighthouse run of a target
 * @param {{ warmUp?: boolean }} [options] `warmUp: false` skips the warm-up round (the pages
 *   were loaded by earlier runs already)
 * @returns {Promise<Record<string, { counted: T[], held: T[], unheld: number }>>}
 */
export async function alternatedRuns(targets, runs, once, { warmUp = true } = {}) {
  const state = Object.fromEntries(
    targets.map((t) => [t, { unheld: /** @type {T[]} */ ([]), held: /** @type {T[]} */ ([]) }]),
  );
  if (warmUp) for (const target of targets) await once(target);
  for (let round = 0; round < runs + MAX_REDOS; round += 1) {
    const due = targets.filter((t) => state[t].unheld.length < runs && round < runs + state[t].held.length);
    if (due.length === 0) break;
    for (const target of due) {
      const run = await once(target);
      (run.held ? state[target].held : state[target].unheld).push(run);
    }
  }
  return Object.fromEntries(
    targets.map((t) => {
      const { unheld, held } = state[t];
      const counted = [...unheld, ...held.slice(0, Math.max(0, runs - unheld.length))];
      return [t, { counted, held, unheld: unheld.length }];
    }),
  );
}

/**
 * The scripts a first visit ran (issue #7's first-visit JS, as scripts/js-weight.mjs counts it):
 * the URLs of the `/_next/static/**.js` requests of a Lighthouse run's page load. Next's
 * `<script noModule>` polyfills are never fetched by Chrome, so they are not among them.
 * @param {any} lhr a Lighthouse result
 * @returns {string[]}
 */
export function firstVisitScripts(lhr) {
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  return [
    ...new Set(
      items
        .map((/** @type {{ url: string }} */ item) => item.url)
        .filter((url) => {
          try {
            const { pathname } = new URL(url);
            return pathname.startsWith('/_next/static/') && pathname.endsWith('.js');
          } catch {
            return false;
          }
        }),
    ),
  ];
}
