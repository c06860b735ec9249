/** URL state of listings (issue #3): parsing the shapes a shopper or a GET form produces, writing canonical links. */
import { describe, expect, it } from 'vitest';
import { hasFilters, listingUrl, parseListingQuery, toggleValue, withoutFilter } from './listing-query';

describe('parseListingQuery', () => {
  it('reads comma lists, price range, flags and sort', () => {
    const state = parseListingQuery({
      brand: 'maaji,seafolly',
      size: 'S',
      color: 'chernyj',
      price: '1000-5000',
      sale: '1',
      sort: 'price_asc',
      page: '2',
    });
    expect(state).toEqual({
      filters: {
        brands: ['maaji', 'seafolly'],
        sizes: ['S'],
        colors: ['chernyj'],
        price_min: 1000,
        price_max: 5000,
        sale: true,
      },
      sort: 'price_asc',
    });
  });

  it('accepts what a GET form sends without JavaScript: repeated keys and price_from/price_to', () => {
    expect(parseListingQuery({ brand: ['maaji', 'dkny'], price_from: '500', price_to: '' }).filters).toEqual({
      brands: ['maaji', 'dkny'],
      price_min: 500,
    });
  });

  it('ignores malformed values and swaps a reversed price range', () => {
    expect(parseListingQuery({ sort: 'cheapest', price: 'abc', new: 'yes', brand: ',,' })).toEqual({ filters: {} });
    expect(parseListingQuery({ price: '5000-1000' }).filters).toEqual({ price_min: 1000, price_max: 5000 });
    expect(parseListingQuery({ sort: 'popular' })).toEqual({ filters: {} });
  });
});

describe('listingUrl', () => {
  it('writes a canonical, round-trippable URL and drops page 1', () => {
    const state = parseListingQuery({ size: 'M', brand: 'maaji,dkny', price: '-3000', sort: 'new' });
    const url = listingUrl('/kupalniki', state, 3);
    expect(url).toBe('/kupalniki?brand=maaji%2Cdkny&size=M&price=-3000&sort=new&page=3');
    const params = Object.fromEntries(new URL(url, 'http://x').searchParams);
    expect(parseListingQuery(params)).toEqual(state);
    expect(listingUrl('/kupalniki', { filters: {} }, 1)).toBe('/kupalniki');
    expect(listingUrl('/search', { filters: {} }, 1, { searchParam: 'бикини' })).toBe(
      '/search?searchParam=%D0%B1%D0%B8%D0%BA%D0%B8%D0%BD%D0%B8',
    );
  });

  it('toggles a value and removes a filter', () => {
    const state = parseListingQuery({ brand: 'maaji', price: '100-200' });
    expect(toggleValue(state, 'brand', 'dkny').filters.brands).toEqual(['maaji', 'dkny']);
    expect(hasFilters(toggleValue(withoutFilter(state, 'price'), 'brand', 'maaji').filters)).toBe(false);
  });
});
