/** The rating and fit summary of approved reviews (issue #33 items 1 and 5). */
import { describe, expect, it } from 'vitest';
import { summarizeReviews, type SummaryInput } from './reviews-summary';

const r = (rating: number, fit: SummaryInput['fit'], size: string, photos = 0): SummaryInput => ({
  rating,
  fit,
  size,
  photos,
});

describe('summarizeReviews', () => {
  it('is empty without reviews', () => {
    expect(summarizeReviews([])).toEqual({
      count: 0,
      average: null,
      stars: [0, 0, 0, 0, 0],
      with_photos: 0,
      fit: { runs_small: 0, true_to_size: 0, runs_large: 0 },
      sizes: [],
    });
  });

  it('counts stars, photos and fit, rounds the mean to 0.1 and orders sizes as sizes', () => {
    const summary = summarizeReviews([
      r(5, 'true_to_size', '50', 2),
      r(4, 'runs_small', '48'),
      r(4, 'true_to_size', 'M', 1),
      r(5, 'true_to_size', '48'),
      r(1, 'runs_large', '50'),
      r(5, 'true_to_size', 'S'),
    ]);
    expect(summary.count).toBe(6);
    expect(summary.average).toBe(4); // 24 / 6
    expect(summary.stars).toEqual([1, 0, 0, 2, 3]);
    expect(summary.with_photos).toBe(2);
    expect(summary.fit).toEqual({ runs_small: 1, true_to_size: 4, runs_large: 1 });
    expect(summary.sizes.map((s) => s.size)).toEqual(['S', 'M', '48', '50']);
    expect(summary.sizes[2]).toEqual({ size: '48', total: 2, fit: { runs_small: 1, true_to_size: 1, runs_large: 0 } });
  });

  it('rounds 13/3 to 4.3', () => {
    expect(
      summarizeReviews([r(5, 'runs_small', '46'), r(4, 'runs_small', '46'), r(4, 'runs_small', '46')]).average,
    ).toBe(4.3);
  });
});
