/** Spec §9: dates in Russian, relative within a day, otherwise DD MMMM YYYY. */
import { describe, expect, it } from 'vitest';
import { formatContentDate, formatOrderDate } from './date';

const now = new Date('2026-11-21T12:00:00Z');

describe('formatContentDate', () => {
  it('shows dates older than a day as DD MMMM YYYY with the month in the genitive', () => {
    expect(formatContentDate('2026-11-01T07:00:00Z', now)).toBe('01 ноября 2026');
    expect(formatContentDate('2026-05-12T07:00:00Z', now)).toBe('12 мая 2026');
    expect(formatContentDate('2026-11-20T11:59:00Z', now)).toBe('20 ноября 2026');
  });

  it('shows dates within a day relative to now', () => {
    expect(formatContentDate('2026-11-21T09:00:00Z', now)).toBe('3 часа назад');
    expect(formatContentDate('2026-11-21T11:59:30Z', now)).toBe('несколько секунд назад');
    expect(formatContentDate('2026-11-21T02:00:00Z', now)).toBe('10 часов назад');
  });

  it('returns an empty string for an invalid date', () => {
    expect(formatContentDate('не дата', now)).toBe('');
  });
});

describe('formatOrderDate (issue #34 item 10: order history)', () => {
  it('says how long ago an order of the last day was placed, and the date of an older one', () => {
    expect(formatOrderDate('2026-11-21T11:55:00Z', now)).toBe('5 минут назад');
    expect(formatOrderDate('2026-11-21T10:00:00Z', now)).toBe('2 часа назад');
    expect(formatOrderDate('2026-11-19T10:00:00Z', now)).toBe('от 19 ноября 2026');
    expect(formatOrderDate('не дата', now)).toBe('');
  });
});
