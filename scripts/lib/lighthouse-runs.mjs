/**
 * Lighthouse runs that do not measure the page (issue #14 item 17, docs/lighthouse.md), and the
 * run loop of scripts/audit.mjs and scripts/audit-cluster.mjs that runs them again.
 */

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
