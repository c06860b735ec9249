import { describe, expect, it } from 'vitest';
import { listingPageKey, queryFromKey, searchPageKey } from './page-cache-key';
import type { KnownFacetValues } from './known-facets';

const known: KnownFacetValues = {
  brand: new Set(['maaji']),
  color: new Set(['chernyj']),
  size: new Set(['S', 'M']),
  material: new Set(['хлопок']),
};
const q = (text: string) => new URLSearchParams(text);

describe('page cache keys (issue #12 item 13)', () => {
  it('keys only known facet values; any unknown value leaves the page uncached', () => {
    const key = listingPageKey(q('size=M,S&brand=maaji&utm_source=x'), known);
    expect(key).not.toBeNull();
    expect(queryFromKey(key!)).toEqual({ brand: 'maaji', size: 'M,S' });
    for (const text of ['brand=zz123', 'brand=maaji,zz', 'color=zz', 'size=XXXXL', 'material=zz']) {
      expect(listingPageKey(q(text), known), text).toBeNull();
      expect(searchPageKey(q(`searchParam=a&${text}`), known), text).toBeNull();
    }
  });

  it('gives a thousand random values no keys, and unknown parameters all the same key', () => {
    const keys = new Set<string | null>();
    for (let i = 0; i < 1000; i += 1) {
      keys.add(listingPageKey(q(`brand=zz${i}`), known));
      keys.add(listingPageKey(q(`x${i}=1`), known));
    }
    expect([...keys]).toEqual([null, '-']);
  });

  it('caches filtered pages only once the known values are loaded', () => {
    expect(listingPageKey(q('brand=maaji'), null)).toBeNull();
    expect(listingPageKey(q('price=100-500&sale=1'), null)).not.toBeNull();
  });
});
