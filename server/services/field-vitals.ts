/**
 * Field Core Web Vitals in the API process's memory (issue #30, docs/lighthouse.md "Field data"):
 * per page type and metric a uniform sample of at most {@link VITALS_SAMPLE_LIMIT} values
 * (reservoir sampling, Vitter's algorithm R), so memory is bounded however many shoppers send
 * beacons, and the p75 of the sample estimates the p75 of all of them. The window starts again
 * after `windowMs` (a week), so the figures follow the current build. Each API process keeps its
 * own sample (with several instances, each reports its share of the visitors).
 */
import {
  VITALS_METRICS,
  VITALS_PAGE_TYPES,
  type VitalsBeacon,
  type VitalsMetric,
  type VitalsPageType,
  type VitalsReport,
} from '@/lib/api/contract/vitals';

/** Values kept per page type and metric: 6 × 4 × 1000 numbers at most (~200 kB). */
export const VITALS_SAMPLE_LIMIT = 1000;
/** How long one window lasts before it starts again (ms): a week. */
export const VITALS_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

type Reservoir = { seen: number; values: number[] };

/**
 * The 75th percentile of `values` (nearest rank: the smallest value with at least 75 % of the
 * values at or below it, as CrUX and web-vitals' guidance read p75), or null for none.
 */
export function p75(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length * 0.75) - 1] ?? null;
}

/** Options of {@link FieldVitals}: injected clock, random source and limits for tests. */
export type FieldVitalsOptions = {
  sampleLimit?: number;
  windowMs?: number;
  now?: () => number;
  random?: () => number;
};

/** The field vitals of one API process: `add` a beacon, `report` the p75 per page type. */
export class FieldVitals {
  private readonly sampleLimit: number;
  private readonly windowMs: number;
  private readonly now: () => number;
  private readonly random: () => number;
  private since: number;
  private views = new Map<VitalsPageType, number>();
  private reservoirs = new Map<string, Reservoir>();

  constructor({
    sampleLimit = VITALS_SAMPLE_LIMIT,
    windowMs = VITALS_WINDOW_MS,
    now = Date.now,
    random = Math.random,
  }: FieldVitalsOptions = {}) {
    this.sampleLimit = sampleLimit;
    this.windowMs = windowMs;
    this.now = now;
    this.random = random;
    this.since = now();
  }

  private roll(): void {
    if (this.now() - this.since < this.windowMs) return;
    this.since = this.now();
    this.views.clear();
    this.reservoirs.clear();
  }

  /** Counts one page view's beacon (already validated: `VitalsBeacon`). */
  add(beacon: VitalsBeacon): void {
    this.roll();
    this.views.set(beacon.page, (this.views.get(beacon.page) ?? 0) + 1);
    for (const metric of VITALS_METRICS) {
      const value = beacon[metric];
      if (value === undefined) continue;
      const key = `${beacon.page}:${metric}`;
      const r = this.reservoirs.get(key) ?? { seen: 0, values: [] };
      this.reservoirs.set(key, r);
      r.seen += 1;
      if (r.values.length < this.sampleLimit) r.values.push(value);
      else {
        // Algorithm R: the n-th value replaces a kept one with probability limit / n.
        const slot = Math.floor(this.random() * r.seen);
        if (slot < this.sampleLimit) r.values[slot] = value;
      }
    }
  }

  private percentile(page: VitalsPageType, metric: VitalsMetric) {
    const r = this.reservoirs.get(`${page}:${metric}`);
    const value = p75(r?.values ?? []);
    // CLS keeps 3 decimals, times whole ms.
    return {
      p75: value === null ? null : metric === 'cls' ? Math.round(value * 1000) / 1000 : Math.round(value),
      samples: r?.seen ?? 0,
    };
  }

  /** The p75 of each metric per page type in the current window (every page type, empty ones too). */
  report(): VitalsReport {
    this.roll();
    return {
      status: 'success',
      since: new Date(this.since).toISOString(),
      sample_limit: this.sampleLimit,
      pages: VITALS_PAGE_TYPES.map((page) => ({
        page,
        views: this.views.get(page) ?? 0,
        lcp: this.percentile(page, 'lcp'),
        inp: this.percentile(page, 'inp'),
        cls: this.percentile(page, 'cls'),
        ttfb: this.percentile(page, 'ttfb'),
      })),
    };
  }
}
