import { describe, expect, it } from 'vitest';
import { compareSizes, sortSizes } from './size-order';

/** Issue #28 "Sizes are sorted in size order (RU numbers, INT letters, shoe sizes)". */
describe('sortSizes', () => {
  it('puts Russian clothing sizes in numeric order, whatever order the exchange sent', () => {
    expect(sortSizes(['38', '40', '42', '44', '36'])).toEqual(['36', '38', '40', '42', '44']);
  });
  it('puts letter sizes from small to large, 2XL and XXL alike', () => {
    expect(sortSizes(['XL', 'S', '3XL', 'M', 'XS', 'L', '2XL'])).toEqual(['XS', 'S', 'M', 'L', 'XL', '2XL', '3XL']);
  });
  it('sorts shoe sizes with halves and children heights with units', () => {
    expect(sortSizes(['38', '37,5', '36', '40.5'])).toEqual(['36', '37,5', '38', '40.5']);
    expect(sortSizes(['116 см', '98 см', '104-110'])).toEqual(['98 см', '104-110', '116 см']);
  });
  it('sorts bra sizes by band, then cup', () => {
    expect(sortSizes(['75C', '70B', '75A', '70A'])).toEqual(['70A', '70B', '75A', '75C']);
  });
  it('sorts ranges by their first size and leaves words last', () => {
    expect(sortSizes(['ONE SIZE', '46-48', '42-44', 'S/M', 'M/L'])).toEqual([
      'S/M',
      'M/L',
      '42-44',
      '46-48',
      'ONE SIZE',
    ]);
    expect(compareSizes('M', 'M')).toBe(0);
  });
});
