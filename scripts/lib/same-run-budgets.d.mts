/** Types of ./same-run-budgets.mjs (see its docstring). */
/** The median of each of `keys` over a page's runs. */
export declare function medians(list: Record<string, number>[], keys: string[]): Record<string, number>;
/** A floor TBT below this counts as this (ms). */
export declare const TBT_FLOOR_MIN_MS: number;
/** One budget of issue #30: factor, direction, and the bound from the floors' medians. */
export type Budget = {
  k: number;
  kind: 'min' | 'max';
  unit: string;
  value: (m: Record<string, number>) => number;
  bound: (f: { floor: Record<string, number>; pictures: Record<string, number> }, k: number) => number;
  rule: string;
};
/** The budgets of issue #30 by name. */
export declare const BUDGETS: Record<
  'performance' | 'lcp' | 'tbt' | 'cls' | 'js' | 'accessibility' | 'best-practices' | 'seo',
  Budget
>;
/** The budgets measured from timings (they get a second look). */
export declare const TIMED: string[];
/** The medians a page's runs are judged on. */
export declare const JUDGED: string[];
/** The floor's and the picture floor's medians of a run. */
export declare function floorMedians(sim: Record<string, { counted: Record<string, number>[] }>): {
  floor: Record<string, number>;
  pictures: Record<string, number>;
};
/** Resamples of the bootstrap interval. */
export declare const RESAMPLES: number;
/** The 95 % bootstrap interval of how far a budget is missed (positive) or met (negative). */
export declare function excessInterval(
  budget: Budget,
  runs: Record<string, number>[],
  floorRuns: { floor: Record<string, number>[]; pictures: Record<string, number>[] },
): [number, number];
/** A page's verdict on each budget; a timed miss within the runs' swing is a warning. */
export declare function judge(
  page: string,
  runs: Record<string, number>[],
  floorRuns: { floor: Record<string, number>[]; pictures: Record<string, number>[] },
): { name: string; status: 'ok' | 'warn' | 'fail'; line: string }[];
