/**
 * The audit's held-frame rule (issue #14 item 17, docs/lighthouse.md): a Lighthouse run whose
 * first frame Chrome presented long after the load event is run again; a normal run, and a tiny
 * page that loads a few ms before it paints, count. Figures are observed metrics of real runs
 * (2026-11-24): listing held 1,372 ms / load 382 ms, listing normal 211 / 407, hello page 44 / 20.
 */
import { describe, expect, it } from 'vitest';
import { heldFirstFrame } from './lighthouse-runs.mjs';

const run = (observedFirstPaint: number, observedLoad: number) => ({
  audits: { metrics: { details: { items: [{ observedFirstPaint, observedLoad }] } } },
});

describe('heldFirstFrame', () => {
  it('marks a run whose first frame came a second after the load event', () => {
    expect(heldFirstFrame(run(1372, 382))).toBe(true);
    expect(heldFirstFrame(run(2283, 329))).toBe(true);
  });

  it('counts a run that painted before the load event, and a tiny page that loaded just before', () => {
    expect(heldFirstFrame(run(211, 407))).toBe(false);
    expect(heldFirstFrame(run(44, 20))).toBe(false);
    expect(heldFirstFrame(run(193, 121))).toBe(false);
  });

  it('counts a run without observed metrics (nothing to judge)', () => {
    expect(heldFirstFrame({ audits: {} })).toBe(false);
  });
});
