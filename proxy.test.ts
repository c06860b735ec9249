import { describe, expect, it } from 'vitest';
import { queryFromKey } from '@/features/catalog/utils/page-cache-key';
import { SECTIONS } from '@/lib/constants';
import { cachedPathname, config, stripTrailingSlashes } from './proxy';

describe('stripTrailingSlashes (spec §2 navigation)', () => {
  it('keeps the root and slash-less paths', () => {
    expect(stripTrailingSlashes('/')).toBeNull();
    expect(stripTrailingSlashes('/kupalniki')).toBeNull();
  });
  it('strips one or more trailing slashes', () => {
    expect(stripTrailingSlashes('/kupalniki/')).toBe('/kupalniki');
    expect(stripTrailingSlashes('/kupalniki/razdelnye///')).toBe('/kupalniki/razdelnye');
    expect(stripTrailingSlashes('//')).toBe('/');
  });
});

describe('cachedPathname (issue #7 cached catalogue pages)', () => {
  const q = (text: string) => new URLSearchParams(text);

  it('sends a clean listing and every variant of a product page to one cached page each', () => {
    expect(cachedPathname('/kupalniki', q(''))).toBe('/cached/-/kupalniki');
    expect(cachedPathname('/kupalniki', q('utm_source=vk&gclid=1'))).toBe('/cached/-/kupalniki');
    expect(cachedPathname('/kupalniki/slitnye/123/slitnyj', q('size=S'))).toBe('/cached/-/kupalniki/slitnye/123/slitnyj');
  });

  it('gives filter orders, repeated keys and price_from/price_to one key', () => {
    const a = cachedPathname('/kupalniki', q('size=S,M&brand=maaji&page=2'));
    expect(a).toBe(cachedPathname('/kupalniki', q('brand=maaji&size=S&size=M&page=2&utm_campaign=x')));
    expect(cachedPathname('/kupalniki', q('price_from=100&price_to=500'))).toBe(cachedPathname('/kupalniki', q('price=100-500')));
    expect(a).not.toBe(cachedPathname('/kupalniki', q('size=S,M&brand=maaji')));
  });

  it('round-trips the query, Cyrillic included, through the key', () => {
    const path = cachedPathname('/kupalniki', q('material=хлопок&sort=price_asc'))!;
    const key = path.split('/')[2]!;
    expect(key).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(queryFromKey(key)).toEqual({ material: 'хлопок', sort: 'price_asc' });
    expect(queryFromKey('-')).toEqual({});
    expect(queryFromKey('%%%')).toBeNull();
  });

  it('keys search by its text and leaves what cannot be keyed to the per-request routes', () => {
    expect(cachedPathname('/search', q('searchParam=%20купальник%20'))).toBe(cachedPathname('/search', q('searchParam=купальник')));
    expect(cachedPathname('/search', q(`searchParam=${'я'.repeat(101)}`))).toBeNull();
    expect(cachedPathname('/kupalniki', q('page=abc'))).toBeNull();
    expect(cachedPathname('/kupalniki/a/b/c/d', q(''))).toBeNull();
    expect(cachedPathname('/about', q(''))).toBeNull();
    expect(cachedPathname('/', q(''))).toBeNull();
  });

  it('does not let the internal prefix be requested from outside', () => {
    expect(cachedPathname('/cached/-/kupalniki', q(''))).toBe('/cached');
  });
});

describe('proxy matcher', () => {
  it('names every catalogue section, so every catalogue page reaches the cache rewrite', () => {
    for (const pattern of config.matcher.slice(1)) {
      const names = /^\/\(([^)]+)\)/.exec(pattern)?.[1]?.split('|') ?? [];
      expect(names).toEqual(expect.arrayContaining([...SECTIONS, 'cached']));
    }
  });
});
