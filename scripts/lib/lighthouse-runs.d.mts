/** Types of ./lighthouse-runs.mjs (see its docstring). */
/** How long after the load event a first paint counts as held back (ms). */
export declare const HELD_FRAME_MS: number;
/** Extra runs per page that replace held-back runs. */
export declare const MAX_REDOS: number;
/** Whether Chrome presented the first frame long after the load event. */
export declare function heldFirstFrame(lhr: unknown): boolean;
/** One warm-up run, then `runs` counted runs, held-back ones run again (at most MAX_REDOS). */
export declare function countedRuns<T extends { held: boolean }>(
  runs: number,
  once: () => Promise<T>,
): Promise<{ counted: T[]; held: T[]; unheld: number }>;
/** Lighthouse's `throttlingMethod` for the audits' two ways of measuring a phone. */
export declare const THROTTLING: { simulated: 'simulate'; applied: 'devtools' };
/** Every category the audits read. */
export declare const CATEGORIES: string[];
/** One Lighthouse run (mobile, simulated or applied throttling, four categories by default) in a fresh Chromium; the `lhr`. */
export declare function lighthouseOnce(
  url: string,
  options?: { chromePath?: string; extraFlags?: string[]; throttling?: keyof typeof THROTTLING; categories?: string[] },
): Promise<Record<string, unknown>>;
/** The median of a page's counted runs. */
export declare function median(values: number[]): number;
/** LCP, TBT, FCP (ms) and CLS of a Lighthouse result. */
export declare function metricsOf(lhr: unknown): { lcp: number; cls: number; tbt: number; fcp: number };
/** Runs over `targets` in alternation: a warm-up round, then rounds of one run per target; held runs run again. */
export declare function alternatedRuns<T extends { held: boolean }>(
  targets: string[],
  runs: number,
  once: (target: string) => Promise<T>,
  options?: { warmUp?: boolean },
): Promise<Record<string, { counted: T[]; held: T[]; unheld: number }>>;
/** The `/_next/static/**.js` URLs a Lighthouse run's page load requested. */
export declare function firstVisitScripts(lhr: unknown): string[];
