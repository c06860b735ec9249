/**
 * The same-run budgets of issue #30 (scripts/lib/same-run-budgets.mjs): each page's medians
 * against bounds from the same run's floors, pending budgets warned within their level, and the
 * second look's verdict on all runs of a page.
 */
import { describe, expect, it } from 'vitest';
import { floorMedians, judge } from './same-run-budgets.mjs';

/** One Lighthouse run's figures as scripts/audit.mjs records them. */
const run = (over: Partial<Record<string, number>> = {}) => ({
  performance: 98,
  lcp: 2000,
  tbt: 100,
  cls: 0,
  jsKb: 148,
  accessibility: 100,
  'best-practices': 100,
  seoBudget: 100,
  ...over,
});

const floors = floorMedians({
  floor: { counted: [run({ performance: 100, tbt: 90, jsKb: 131.5 }), run({ performance: 99, tbt: 80, jsKb: 131.5 })] },
  pictures: { counted: [run({ lcp: 2000 }), run({ lcp: 2400 })] },
});

const status = (verdicts: ReturnType<typeof judge>, name: string) => verdicts.find((v) => v.name === name)?.status;

describe('judge', () => {
  it('passes a page within every bound of its run (floor − 3, 1.2 × LCP, 1.5 × TBT, 1.15 × JS)', () => {
    // Floors (upper medians): performance 100, TBT 90 ms, JS 131.5 kB, picture LCP 2,400 ms.
    const verdicts = judge('listing', [run({ performance: 97, lcp: 2880, tbt: 135, jsKb: 151.2 })], floors);
    expect(verdicts.every((v) => v.status === 'ok')).toBe(true);
  });

  it('fails each budget just beyond its bound', () => {
    expect(status(judge('listing', [run({ performance: 96 })], floors), 'performance')).toBe('fail');
    expect(status(judge('listing', [run({ lcp: 2881 })], floors), 'lcp')).toBe('fail');
    expect(status(judge('listing', [run({ tbt: 136 })], floors), 'tbt')).toBe('fail');
    expect(status(judge('listing', [run({ cls: 0.03 })], floors), 'cls')).toBe('fail');
    expect(status(judge('listing', [run({ jsKb: 151.3 })], floors), 'js')).toBe('fail');
    expect(status(judge('listing', [run({ accessibility: 98 })], floors), 'accessibility')).toBe('fail');
  });

  it('judges the TBT of a page against 1.5 × 50 ms when the floor blocks less', () => {
    const quiet = floorMedians({ floor: { counted: [run({ tbt: 0, jsKb: 131.5 })] }, pictures: { counted: [run()] } });
    expect(status(judge('home', [run({ tbt: 75 })], quiet), 'tbt')).toBe('ok');
    expect(status(judge('home', [run({ tbt: 76 })], quiet), 'tbt')).toBe('fail');
  });

  it('warns on a pending budget within its level and fails it beyond', () => {
    const pending = [{ budget: 'tbt', pages: ['search'], holdAt: 3 }];
    expect(status(judge('search', [run({ tbt: 200 })], floors, pending), 'tbt')).toBe('warn');
    expect(status(judge('search', [run({ tbt: 271 })], floors, pending), 'tbt')).toBe('fail');
    expect(status(judge('listing', [run({ tbt: 200 })], floors, pending), 'tbt')).toBe('fail');
  });

  it('judges a second look on the median of all runs, the floors included', () => {
    const first = [130, 140, 150, 60, 70].map((tbt) => run({ tbt }));
    // Median 130 ms against a floor of 80 ms (bound 120): a miss that earns a second look.
    const floorFirst = [80, 75, 85, 80, 70].map((tbt) => run({ tbt, performance: 100, jsKb: 131.5 }));
    const f1 = floorMedians({ floor: { counted: floorFirst }, pictures: { counted: [run()] } });
    expect(status(judge('product', first, f1), 'tbt')).toBe('fail');
    const more = [90, 100, 110, 95, 85].map((tbt) => run({ tbt }));
    const floorMore = [85, 90, 80, 95, 75].map((tbt) => run({ tbt, performance: 100, jsKb: 131.5 }));
    const f2 = floorMedians({ floor: { counted: [...floorFirst, ...floorMore] }, pictures: { counted: [run()] } });
    // All ten (upper middle): 100 ms against 1.5 × 80 = 120.
    expect(status(judge('product', [...first, ...more], f2), 'tbt')).toBe('ok');
    // A page that is really slower misses again.
    const slower = [140, 150, 135, 160, 145].map((tbt) => run({ tbt }));
    expect(status(judge('product', [...first, ...slower], f2), 'tbt')).toBe('fail');
  });
});
