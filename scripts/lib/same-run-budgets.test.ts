/**
 * The same-run budgets of issue #30 (scripts/lib/same-run-budgets.mjs): each page's medians
 * against bounds from the same run's floors, a timed miss judged on the runs' swing (bootstrap
 * interval), and the second look's verdict on all runs of a page.
 */
import { describe, expect, it } from 'vitest';
import { BUDGETS, excessInterval, judge } from './same-run-budgets.mjs';

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

/** One run of each floor: a miss of a single page run then has no swing to hide in. */
const floors = {
  floor: [run({ performance: 100, tbt: 90, jsKb: 131.5 })],
  pictures: [run({ lcp: 2400 })],
};

const status = (verdicts: ReturnType<typeof judge>, name: string) => verdicts.find((v) => v.name === name)?.status;

describe('judge', () => {
  it('passes a page within every bound of its run (floor − 3, 1.2 × LCP, 1.5 × TBT, 1.15 × JS)', () => {
    // Floors: performance 100, TBT 90 ms, JS 131.5 kB, picture LCP 2,400 ms.
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
    const quiet = { floor: [run({ tbt: 0, jsKb: 131.5 })], pictures: [run()] };
    expect(status(judge('home', [run({ tbt: 75 })], quiet), 'tbt')).toBe('ok');
    expect(status(judge('home', [run({ tbt: 76 })], quiet), 'tbt')).toBe('fail');
  });

  it('judges a second look on the median of all runs, the floors included', () => {
    const first = [130, 140, 150, 60, 70].map((tbt) => run({ tbt }));
    // Median 130 ms against a floor of 80 ms (bound 120): a miss that earns a second look.
    const floorFirst = [80, 75, 85, 80, 70].map((tbt) => run({ tbt, performance: 100, jsKb: 131.5 }));
    const f1 = { floor: floorFirst, pictures: [run()] };
    expect(status(judge('product', first, f1), 'tbt')).not.toBe('ok');
    const more = [90, 100, 110, 95, 85].map((tbt) => run({ tbt }));
    const floorMore = [85, 90, 80, 95, 75].map((tbt) => run({ tbt, performance: 100, jsKb: 131.5 }));
    const f2 = { floor: [...floorFirst, ...floorMore], pictures: [run()] };
    // All ten (upper middle): 100 ms against 1.5 × 80 = 120.
    expect(status(judge('product', [...first, ...more], f2), 'tbt')).toBe('ok');
    // A page that is really slower misses again.
    const slower = [140, 150, 135, 160, 145].map((tbt) => run({ tbt }));
    expect(status(judge('product', [...first, ...slower], f2), 'tbt')).toBe('fail');
  });
});

describe("a timed miss judged on the runs' swing", () => {
  // CI of stop 42 (docs/lighthouse.md "CI of stop 42"), TBT ms of 10 alternated rounds: home's
  // median 183 ms against 1.5 × the floor's 119 = 179, single runs 92–295 ms.
  const floorTbt = [109, 118, 142, 119, 117, 125, 135, 121, 76, 101];
  const homeTbt = [295, 92, 186, 113, 161, 161, 183, 136, 206, 207];
  const ciFloors = {
    floor: floorTbt.map((tbt) => run({ tbt, performance: 99, jsKb: 131.5 })),
    pictures: floorTbt.map(() => run({ lcp: 1672 })),
  };

  it('warns when the miss lies within the swing of the runs (home in CI of stop 42)', () => {
    const verdict = judge(
      'home',
      homeTbt.map((tbt) => run({ tbt })),
      ciFloors,
    ).find((v) => v.name === 'tbt');
    expect(verdict?.status).toBe('warn');
    expect(verdict?.line).toContain('tbt 183 ms ≤ 179');
    expect(verdict?.line).toMatch(/the miss −\d+ to \+\d+ ms \(95 % bootstrap interval, 10 runs\)/);
  });

  it('fails when every resample misses: the same runs with 60 ms more blocking in each', () => {
    const slower = homeTbt.map((tbt) => run({ tbt: tbt + 60 }));
    expect(status(judge('home', slower, ciFloors), 'tbt')).toBe('fail');
  });

  it('fails the deliberate regression of 2026-11-28 on its timed budgets too', () => {
    // docs/lighthouse.md "A deliberate regression fails the gate": listing with 50 kB more JS.
    const floor = [181, 160, 210, 175, 190].map((tbt, i) =>
      run({ tbt, performance: [97, 96, 98, 97, 97][i], jsKb: 131.5 }),
    );
    const pictures = [1587, 1500, 1650, 1600, 1550].map((lcp) => run({ lcp }));
    const listing = [861, 780, 940, 820, 900].map((tbt, i) =>
      run({ tbt, performance: [73, 70, 75, 72, 74][i], lcp: [3161, 3000, 3300, 3100, 3200][i], jsKb: 200.8 }),
    );
    const verdicts = judge('listing', listing, { floor, pictures });
    for (const name of ['performance', 'lcp', 'tbt', 'js']) expect(status(verdicts, name)).toBe('fail');
  });

  it('gives one set of runs the same interval every time (a seeded resampler)', () => {
    const runs = homeTbt.map((tbt) => run({ tbt }));
    const first = excessInterval(BUDGETS.tbt, runs, ciFloors);
    expect(excessInterval(BUDGETS.tbt, runs, ciFloors)).toEqual(first);
    // The interval holds the point miss: 183 − 178.5 ms.
    expect(first[0]).toBeLessThan(4.5);
    expect(first[1]).toBeGreaterThan(4.5);
  });

  it('resamples each list on its own when the floors have other numbers of runs', () => {
    const fewer = { floor: ciFloors.floor.slice(0, 7), pictures: ciFloors.pictures.slice(0, 7) };
    const [low, high] = excessInterval(
      BUDGETS.tbt,
      homeTbt.map((tbt) => run({ tbt })),
      fewer,
    );
    expect(low).toBeLessThan(high);
  });

  it('never softens a count: first-visit JS 0.1 kB over its bound fails in any number of runs', () => {
    const runs = homeTbt.map(() => run({ jsKb: 151.3 }));
    expect(status(judge('home', runs, ciFloors), 'js')).toBe('fail');
  });
});
