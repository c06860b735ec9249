/** How long after the load event a first paint counts as held back (ms). */
export declare const HELD_FRAME_MS: number;
/** Whether Chrome presented the first frame long after the load event (lighthouse-runs.mjs). */
export declare function heldFirstFrame(lhr: unknown): boolean;
