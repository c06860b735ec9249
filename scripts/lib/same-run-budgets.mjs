/**
 * The same-run budgets of issue #30 (docs/lighthouse.md "Same-run budgets"), shared by
 * scripts/audit.mjs and its unit tests: each page's medians against bounds taken from the same
 * run's floor medians, and for the timed budgets the bootstrap interval that tells a miss from
 * the run-to-run swing.
 */
import { quantileSorted, sampleWithReplacement } from 'simple-statistics';
import { mulberry32 } from '../../server/seed/prng.ts';
import { median } from './lighthouse-runs.mjs';

/** The median of each of `keys` over a page's runs. */
export const medians = (list, keys) => Object.fromEntries(keys.map((k) => [k, median(list.map((r) => r[k]))]));

/**
 * A floor TBT below this counts as this (ms): a hello-world page often blocks 0 ms, and 1.5 × 0
 * would fail any page that runs a script at all. 50 ms is one long task's worth of blocking in
 * Lighthouse's own TBT definition (the part of a task beyond 50 ms counts).
 */
export const TBT_FLOOR_MIN_MS = 50;

/**
 * The same-run budgets of issue #30, each a bound from the run's floor medians (`floor`: the
 * hello-world page, `pictures`: the picture floor) and the budget's factor `k`: `min` budgets
 * are missed below the bound, `max` budgets above it.
 * @type {Record<string, { k: number, kind: 'min' | 'max', unit: string, value: (m: any) => number, bound: (f: { floor: any, pictures: any }, k: number) => number, rule: string }>}
 */
export const BUDGETS = {
  performance: {
    k: 3,
    kind: 'min',
    unit: '',
    value: (m) => m.performance,
    bound: (f, k) => f.floor.performance - k,
    rule: 'floor − 3',
  },
  lcp: {
    k: 1.2,
    kind: 'max',
    unit: ' ms',
    value: (m) => m.lcp,
    bound: (f, k) => k * f.pictures.lcp,
    rule: '1.2 × picture floor',
  },
  tbt: {
    k: 1.5,
    kind: 'max',
    unit: ' ms',
    value: (m) => m.tbt,
    bound: (f, k) => k * Math.max(f.floor.tbt, TBT_FLOOR_MIN_MS),
    rule: `1.5 × floor (≥ ${TBT_FLOOR_MIN_MS} ms)`,
  },
  cls: { k: 0.02, kind: 'max', unit: '', value: (m) => m.cls, bound: (_f, k) => k, rule: '0.02' },
  js: {
    k: 1.15,
    kind: 'max',
    unit: ' kB',
    value: (m) => m.jsKb,
    bound: (f, k) => k * f.floor.jsKb,
    rule: '1.15 × floor',
  },
  accessibility: { k: 100, kind: 'min', unit: '', value: (m) => m.accessibility, bound: (_f, k) => k, rule: '100' },
  'best-practices': {
    k: 100,
    kind: 'min',
    unit: '',
    value: (m) => m['best-practices'],
    bound: (_f, k) => k,
    rule: '100',
  },
  seo: { k: 100, kind: 'min', unit: '', value: (m) => m.seoBudget, bound: (_f, k) => k, rule: '100' },
};

/** The budgets measured from timings, which swing from run to run (the rest are counts and scores of the page). */
export const TIMED = ['performance', 'lcp', 'tbt', 'cls'];

/** The medians a page's runs are judged on. */
export const JUDGED = ['performance', 'lcp', 'tbt', 'cls', 'jsKb', 'accessibility', 'best-practices', 'seoBudget'];

/** The floor's and the picture floor's medians of a run (the bounds of {@link BUDGETS}). */
export function floorMedians(sim) {
  return { floor: medians(sim.floor.counted, JUDGED), pictures: medians(sim.pictures.counted, JUDGED) };
}

/** Resamples of the bootstrap interval: enough for steady 2.5 % and 97.5 % quantiles. */
export const RESAMPLES = 4000;

/**
 * How far a budget is missed (positive) or met (negative), in its unit: value − bound for a `max`
 * budget, bound − value for a `min` one.
 */
const excessOf = (budget, m, f) => {
  const value = budget.value(m);
  const bound = budget.bound(f, budget.k);
  return budget.kind === 'min' ? bound - value : value - bound;
};

/**
 * The 95 % percentile-bootstrap interval of a budget's excess ({@link excessOf}): the page's and
 * both floors' runs resampled with replacement, the medians and the bound recomputed from each
 * resample. Rounds run the targets one after another, so when every list has one run per round
 * the rounds are resampled as units (a slow minute weighs on the page and its floor alike);
 * otherwise each list on its own.
 * @param {any} budget an entry of {@link BUDGETS}
 * @param {any[]} runs the page's runs
 * @param {{ floor: any[], pictures: any[] }} floorRuns
 * @returns {[number, number]} the 2.5 % and 97.5 % quantiles of the excess
 */
export function excessInterval(budget, runs, floorRuns) {
  // Seeded, so that one set of runs always gets the same interval and the same verdict.
  const random = mulberry32(30);
  const keys = JUDGED;
  const paired = floorRuns.floor.length === runs.length && floorRuns.pictures.length === runs.length;
  const rounds = runs.map((_, i) => i);
  const excesses = [];
  for (let b = 0; b < RESAMPLES; b++) {
    let page, floor, pictures;
    if (paired) {
      const picked = sampleWithReplacement(rounds, rounds.length, random);
      [page, floor, pictures] = [runs, floorRuns.floor, floorRuns.pictures].map((list) => picked.map((i) => list[i]));
    } else {
      [page, floor, pictures] = [runs, floorRuns.floor, floorRuns.pictures].map((list) =>
        sampleWithReplacement(list, list.length, random),
      );
    }
    excesses.push(
      excessOf(budget, medians(page, keys), { floor: medians(floor, keys), pictures: medians(pictures, keys) }),
    );
  }
  excesses.sort((x, y) => x - y);
  return [quantileSorted(excesses, 0.025), quantileSorted(excesses, 0.975)];
}

/**
 * A page's verdict on each budget: its median over `runs` against the bound from the floors'
 * medians of the same run.
 *
 * - Met: `ok`.
 * - Missed, a count or a score of the page (first-visit JS, accessibility, best practices, SEO),
 *   the same in every run of a build: `fail`.
 * - Missed, a timed budget (performance, LCP, TBT, CLS): one page's TBT swings 2–5 × between runs
 *   of one build, so a median of 5 or 10 lands across a 1.5 × bound by chance. The miss is judged
 *   on the 95 % bootstrap interval of how far the budget is missed ({@link excessInterval}):
 *   `fail` when the whole interval lies beyond the bound (the runs show the page over budget
 *   beyond their own swing), `warn` when it reaches back under the bound (these runs cannot tell
 *   the page from one that meets it; scripts/audit.mjs exits 3 and CI goes on).
 * @param {string} page a page of SHOP_PAGES
 * @param {any[]} runs the page's counted runs
 * @param {{ floor: any[], pictures: any[] }} floorRuns the floor's and the picture floor's
 *   counted runs of the same audit
 * @returns {{ name: string, status: 'ok' | 'warn' | 'fail', line: string }[]}
 */
export function judge(page, runs, floorRuns) {
  const m = medians(runs, JUDGED);
  const f = floorMedians({ floor: { counted: floorRuns.floor }, pictures: { counted: floorRuns.pictures } });
  return Object.entries(BUDGETS).map(([name, budget]) => {
    const value = budget.value(m);
    const bound = budget.bound(f, budget.k);
    const ok = budget.kind === 'min' ? value >= bound : value <= bound;
    const digits = name === 'cls' ? 3 : name === 'js' ? 1 : 0;
    const figure = `${name} ${value.toFixed(digits)}${budget.unit} ${budget.kind === 'min' ? '≥' : '≤'} ${bound.toFixed(digits)} (${budget.rule})`;
    if (ok) return { name, status: 'ok', line: `  ok    ${figure}` };
    if (!TIMED.includes(name)) return { name, status: 'fail', line: `  FAIL  ${figure}` };
    const [low, high] = excessInterval(budget, runs, floorRuns);
    const signed = (x) => `${x > 0 ? '+' : x < 0 ? '−' : ''}${Math.abs(x).toFixed(digits)}`;
    const interval = `the miss ${signed(low)} to ${signed(high)}${budget.unit} (95 % bootstrap interval, ${runs.length} runs)`;
    return low > 0
      ? { name, status: 'fail', line: `  FAIL  ${figure}  — ${interval}` }
      : { name, status: 'warn', line: `  WARN  ${figure}  — within the runs' swing: ${interval}` };
  });
}
