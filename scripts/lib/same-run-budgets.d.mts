/** Types of ./same-run-budgets.mjs (see its docstring). */
/** The median of each of `keys` over a page's runs. */
export declare function medians(list: Record<string, number>[], keys: string[]): Record<string, number>;
/** A floor TBT below this counts as this (ms). */
export declare const TBT_FLOOR_MIN_MS: number;
/** The budgets of issue #30: factor, direction, and the bound from the floors' medians. */
export declare const BUDGETS: Record<
  string,
  {
    k: number;
    kind: 'min' | 'max';
    unit: string;
    value: (m: Record<string, number>) => number;
    bound: (f: { floor: Record<string, number>; pictures: Record<string, number> }, k: number) => number;
    rule: string;
  }
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
/** A page's verdict on each budget. */
export declare function judge(
  page: string,
  runs: Record<string, number>[],
  f: { floor: Record<string, number>; pictures: Record<string, number> },
  pending?: { budget: string; pages: string[]; holdAt: number }[],
): { name: string; status: 'ok' | 'warn' | 'fail'; line: string }[];
