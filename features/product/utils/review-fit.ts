/**
 * Russian sentences of the fit summary (issue #33 items 1 and 5): «Чаще всего: в размер, 72 %» on
 * the product page and «48 — в размер у 9 из 11» in the size chart.
 */
import { REVIEW_FIT_LABELS, REVIEW_FIT_VALUES, type FitCounts, type ReviewFit } from '@/lib/api/contract/reviews';

/** The most frequent answer and its share in whole percent; ties go to «в размер», then the listed order. */
export function topFit(counts: FitCounts): { fit: ReviewFit; count: number; total: number; percent: number } | null {
  const total = counts.runs_small + counts.true_to_size + counts.runs_large;
  if (total === 0) return null;
  const order: ReviewFit[] = ['true_to_size', ...REVIEW_FIT_VALUES.filter((f) => f !== 'true_to_size')];
  const fit = order.reduce((best, f) => (counts[f] > counts[best] ? f : best), order[0]!);
  return { fit, count: counts[fit], total, percent: Math.round((counts[fit] / total) * 100) };
}

/** «Чаще всего: в размер, 72 %» (a narrow no-break space before %, as Russian typesetting wants); null without answers. */
export function fitHeadline(counts: FitCounts): string | null {
  const top = topFit(counts);
  return top ? `Чаще всего: ${REVIEW_FIT_LABELS[top.fit]}, ${top.percent}\u202f%` : null;
}

/** «48 — в размер у 9 из 11»: the size's most frequent answer and how many of its reviewers gave it. */
export function sizeFitLine(size: string, counts: FitCounts): string | null {
  const top = topFit(counts);
  return top ? `${size} — ${REVIEW_FIT_LABELS[top.fit]} у ${top.count} из ${top.total}` : null;
}
