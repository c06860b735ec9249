/**
 * Field Core Web Vitals (issue #30, docs/lighthouse.md "Field data"): the beacon a shopper's
 * browser sends once per page view after cookie consent (POST /api/v1/vitals/), and the p75 per
 * page type the operator reads (GET /api/v1/operator/vitals/, `Authorization: Bearer
 * <OPERATOR_TOKEN>`). Times in ms, CLS unitless; the metrics as Google's web-vitals library
 * reports them (web.dev/articles/vitals: LCP, INP, CLS, TTFB).
 */
import { z } from 'zod';

/** The page types the shop reports on (spec §2 routes: home, catalogue listing, product, search, basket, checkout). */
export const VITALS_PAGE_TYPES = ['home', 'listing', 'product', 'search', 'basket', 'checkout'] as const;
export type VitalsPageType = (typeof VITALS_PAGE_TYPES)[number];

/** The metrics of a beacon, each optional (a page left before its LCP has none). */
export const VITALS_METRICS = ['lcp', 'inp', 'cls', 'ttfb'] as const;
export type VitalsMetric = (typeof VITALS_METRICS)[number];

/** Largest beacon body the API reads (bytes); a real one is ~80. */
export const VITALS_BEACON_MAX_BYTES = 512;

/** A time of a page view, ms: longer than a minute is not a measurement of this page. */
const Ms = z.number().finite().min(0).max(60_000);

export const VitalsBeacon = z
  .object({
    page: z.enum(VITALS_PAGE_TYPES),
    lcp: Ms.optional(),
    inp: Ms.optional(),
    cls: z.number().finite().min(0).max(10).optional(),
    ttfb: Ms.optional(),
  })
  .strict()
  .refine((b) => VITALS_METRICS.some((m) => b[m] !== undefined), { message: 'Нет ни одного показателя' })
  .meta({ id: 'VitalsBeacon' });
export type VitalsBeacon = z.infer<typeof VitalsBeacon>;

/**
 * The 75th percentile of one metric on one page type (null without values) and how many values
 * came in (the p75 is taken over a uniform sample of at most `sample_limit` of them).
 */
export const VitalsPercentile = z
  .object({ p75: z.number().nullable(), samples: z.number().int() })
  .meta({ id: 'VitalsPercentile' });

export const VitalsPageReport = z
  .object({
    page: z.enum(VITALS_PAGE_TYPES),
    /** Beacons received for this page type since `since`. */
    views: z.number().int(),
    lcp: VitalsPercentile,
    inp: VitalsPercentile,
    cls: VitalsPercentile,
    ttfb: VitalsPercentile,
  })
  .meta({ id: 'VitalsPageReport' });

export const VitalsReport = z
  .object({
    status: z.literal('success'),
    /** ISO time the current window began (the API process's start, or the last rollover). */
    since: z.string(),
    /** At most this many values per page type and metric are kept (a uniform sample beyond it). */
    sample_limit: z.number().int(),
    pages: z.array(VitalsPageReport),
  })
  .meta({ id: 'VitalsReport' });
export type VitalsReport = z.infer<typeof VitalsReport>;
