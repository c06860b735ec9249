/** Fit sentences of issue #33 items 1 and 5. */
import { describe, expect, it } from 'vitest';
import { fitHeadline, sizeFitLine, topFit } from './review-fit';

describe('fit summary', () => {
  it('names the most frequent answer with its share', () => {
    expect(fitHeadline({ runs_small: 5, true_to_size: 18, runs_large: 2 })).toBe('Чаще всего: в размер, 72\u202f%');
    expect(fitHeadline({ runs_small: 3, true_to_size: 1, runs_large: 0 })).toBe('Чаще всего: маломерит, 75\u202f%');
    expect(fitHeadline({ runs_small: 0, true_to_size: 0, runs_large: 1 })).toBe('Чаще всего: большемерит, 100\u202f%');
  });

  it('prefers «в размер» on a tie and says nothing without answers', () => {
    expect(topFit({ runs_small: 2, true_to_size: 2, runs_large: 2 })?.fit).toBe('true_to_size');
    expect(topFit({ runs_small: 2, true_to_size: 0, runs_large: 2 })?.fit).toBe('runs_small');
    expect(fitHeadline({ runs_small: 0, true_to_size: 0, runs_large: 0 })).toBeNull();
  });

  it('writes the size chart line', () => {
    expect(sizeFitLine('48', { runs_small: 1, true_to_size: 9, runs_large: 1 })).toBe('48 — в размер у 9 из 11');
    expect(sizeFitLine('S', { runs_small: 0, true_to_size: 0, runs_large: 0 })).toBeNull();
  });
});
