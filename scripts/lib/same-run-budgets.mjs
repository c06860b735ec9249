/**
 * The same-run budgets of issue #30 (docs/lighthouse.md "Same-run budgets"), shared by
 * scripts/audit.mjs and its unit tests: each page's medians against bounds taken from the same
 * run's floor medians.
 */
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
 * hello-world page, `pictures`: the picture floor) and a factor `k` (the budget's own, or a
 * pending entry's `holdAt`): `min` budgets fail below the bound, `max` budgets above it.
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

/**
 * A page's verdict on each budget: its median over `runs` against the bound from the floor
 * medians `f`; a miss of a `pending` budget within its `holdAt` is a `warn`.
 * @param {string} page a page of SHOP_PAGES
 * @param {any[]} runs the page's counted runs
 * @param {{ floor: any, pictures: any }} f
 * @param {{ budget: string, pages: string[], holdAt: number }[]} [pending] budgets a page may
 *   miss within `holdAt` (scripts/audit.mjs PENDING_FOR_30)
 * @returns {{ name: string, status: 'ok' | 'warn' | 'fail', line: string }[]}
 */
export function judge(page, runs, f, pending = []) {
  const m = medians(runs, JUDGED);
  return Object.entries(BUDGETS).map(([name, budget]) => {
    const value = budget.value(m);
    const bound = budget.bound(f, budget.k);
    const ok = budget.kind === 'min' ? value >= bound : value <= bound;
    const digits = name === 'cls' ? 3 : name === 'js' ? 1 : 0;
    const figure = `${name} ${value.toFixed(digits)}${budget.unit} ${budget.kind === 'min' ? '≥' : '≤'} ${bound.toFixed(digits)} (${budget.rule})`;
    const entry = pending.find((p) => p.budget === name && p.pages.includes(page));
    if (ok)
      return {
        name,
        status: 'ok',
        line: `  ok    ${figure}${entry ? '  — met: its PENDING_FOR_30 entry can go' : ''}`,
      };
    const hold = entry ? budget.bound(f, entry.holdAt) : undefined;
    if (hold !== undefined && (budget.kind === 'min' ? value >= hold : value <= hold))
      return {
        name,
        status: 'warn',
        line: `  WARN  ${figure}  — pending for #30 (fails beyond ${hold.toFixed(digits)})`,
      };
    return {
      name,
      status: 'fail',
      line: `  FAIL  ${figure}${entry ? `  — worse than its pending level ${hold?.toFixed(digits)}` : ''}`,
    };
  });
}
