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
