/**
 * Lighthouse runs that do not measure the page (issue #14 item 17, docs/lighthouse.md): used by
 * scripts/audit.mjs to run them again.
 */

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
