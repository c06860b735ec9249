/**
 * The rating and fit summary of a product's approved reviews (issue #33 items 1 and 5): pure, so
 * it is unit-tested apart from the database (reviews-summary.test.ts).
 */
import type { FitCounts, ReviewFit, ReviewSummary } from '@/lib/api/contract/reviews';
import { compareSizes } from '@/lib/format/size-order';

/** What the summary needs of one approved review. */
export interface SummaryInput {
  rating: number;
  fit: ReviewFit;
  /** Size bought, e.g. "48". */
  size: string;
  /** Photos the review carries. */
  photos: number;
}

const noFit = (): FitCounts => ({ runs_small: 0, true_to_size: 0, runs_large: 0 });

/**
 * Counts stars, photos and fit answers, overall and per size bought (sizes in size order).
 * `average` is the mean rating rounded to one decimal (null without reviews).
 */
export function summarizeReviews(list: readonly SummaryInput[]): ReviewSummary {
  const stars = [0, 0, 0, 0, 0];
  const fit = noFit();
  const bySize = new Map<string, FitCounts>();
  let sum = 0;
  let withPhotos = 0;
  for (const review of list) {
    stars[review.rating - 1]! += 1;
    sum += review.rating;
    if (review.photos > 0) withPhotos += 1;
    fit[review.fit] += 1;
    const size = bySize.get(review.size) ?? noFit();
    size[review.fit] += 1;
    bySize.set(review.size, size);
  }
  return {
    count: list.length,
    average: list.length ? Math.round((sum / list.length) * 10) / 10 : null,
    stars,
    with_photos: withPhotos,
    fit,
    sizes: [...bySize]
      .sort(([a], [b]) => compareSizes(a, b))
      .map(([size, counts]) => ({
        size,
        total: counts.runs_small + counts.true_to_size + counts.runs_large,
        fit: counts,
      })),
  };
}
