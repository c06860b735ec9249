/** Which page type a shopper's vitals are filed under (issue #30; spec §2 routes). */
import { describe, expect, it } from 'vitest';
import { vitalsPageType } from './vitals-page-type';

describe('vitalsPageType', () => {
  it('files the six reported page types', () => {
    expect(vitalsPageType('/')).toBe('home');
    expect(vitalsPageType('/kupalniki')).toBe('listing');
    expect(vitalsPageType('/kupalniki/razdelnye/tag/leto')).toBe('listing');
    expect(vitalsPageType('/sale')).toBe('listing');
    expect(vitalsPageType('/kupalniki/razdelnye/123/bikini-leto')).toBe('product');
    expect(vitalsPageType('/search')).toBe('search');
    expect(vitalsPageType('/basket')).toBe('basket');
    expect(vitalsPageType('/basket/delivery')).toBe('checkout');
  });

  it('sends nothing for other pages', () => {
    for (const path of ['/about', '/profile', '/basket/success', '/blog/novosti', '/nope/1', '/kupalniki/a/b/c/d'])
      expect(vitalsPageType(path), path).toBeNull();
  });
});
