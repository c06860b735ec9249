/**
 * Issue #13: the product page's live stock answer is checked without zod; a malformed answer must
 * leave the cached sizes standing (readStock → null), a good one is taken as it came.
 */
import { describe, expect, it } from 'vitest';
import { readStock } from './get-live-stock';

const good = {
  status: 'success',
  product: 805,
  offers: [{ offer: 1, features: [{ ext_id: 'a-42', stock: 3, available: true }] }],
};

describe('readStock', () => {
  it('takes a well-formed answer as it came', () => {
    expect(readStock(good)).toBe(good);
    expect(readStock({ ...good, offers: [] })).toEqual({ ...good, offers: [] });
  });

  it.each([
    ['null', null],
    ['a string', 'success'],
    ['an error status', { ...good, status: 'error' }],
    ['a product id as text', { ...good, product: '805' }],
    ['offers that are not a list', { ...good, offers: {} }],
    ['an offer without its id', { ...good, offers: [{ features: [] }] }],
    ['an offer that is null', { ...good, offers: [null] }],
    [
      'a size with stock as text',
      { ...good, offers: [{ offer: 1, features: [{ ext_id: 'a', stock: '3', available: true }] }] },
    ],
    ['a size without available', { ...good, offers: [{ offer: 1, features: [{ ext_id: 'a', stock: 3 }] }] }],
    ['a size that is null', { ...good, offers: [{ offer: 1, features: [null] }] }],
  ])('refuses %s', (_name, payload) => {
    expect(readStock(payload)).toBeNull();
  });
});
