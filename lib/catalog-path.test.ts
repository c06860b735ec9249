import { describe, expect, it } from 'vitest';
import { decodeSegments, listingHref, parseCatalogPath } from './catalog-path';

describe('parseCatalogPath (spec §2)', () => {
  it('rejects unknown sections', () => {
    expect(parseCatalogPath('shlyapy', [])).toBeNull();
    expect(parseCatalogPath('favicon.ico', undefined)).toBeNull();
  });

  it('parses a section listing', () => {
    expect(parseCatalogPath('kupalniki', undefined)).toEqual({
      kind: 'listing',
      section: 'kupalniki',
      path: 'kupalniki',
      segments: [],
    });
  });

  it('parses sub and categorySub listings', () => {
    expect(parseCatalogPath('kupalniki', ['razdelnye'])).toMatchObject({
      kind: 'listing',
      path: 'kupalniki/razdelnye',
    });
    expect(parseCatalogPath('kupalniki', ['razdelnye', 'byustgaltery'])).toMatchObject({
      kind: 'listing',
      path: 'kupalniki/razdelnye/byustgaltery',
      segments: ['razdelnye', 'byustgaltery'],
    });
  });

  it('allows a third level only in muzhskoe', () => {
    expect(parseCatalogPath('muzhskoe', ['odezhda', 'futbolki', 'polo'])).toMatchObject({
      kind: 'listing',
      path: 'muzhskoe/odezhda/futbolki/polo',
    });
    expect(parseCatalogPath('odezhda', ['platya', 'mini', 'leto'])).toBeNull();
    expect(parseCatalogPath('muzhskoe', ['a', 'b', 'c', 'd'])).toBeNull();
  });

  it('parses the tag suffix at every level and drops an empty tag', () => {
    expect(parseCatalogPath('kupalniki', ['tag', 'leto'])).toMatchObject({
      kind: 'listing',
      path: 'kupalniki',
      tag: 'leto',
    });
    expect(parseCatalogPath('kupalniki', ['razdelnye', 'tag', 'leto'])).toMatchObject({
      path: 'kupalniki/razdelnye',
      tag: 'leto',
    });
    expect(parseCatalogPath('muzhskoe', ['odezhda', 'futbolki', 'polo', 'tag', 'x'])).toMatchObject({ tag: 'x' });
    const bare = parseCatalogPath('kupalniki', ['razdelnye', 'tag']);
    expect(bare).toMatchObject({ kind: 'listing', path: 'kupalniki/razdelnye' });
    expect(bare && 'tag' in bare).toBe(false);
  });

  it('rejects extra segments after the tag slug and tags on products', () => {
    expect(parseCatalogPath('kupalniki', ['tag', 'a', 'b'])).toBeNull();
    expect(parseCatalogPath('kupalniki', ['razdelnye', '123', 'tag', 'x'])).toBeNull();
  });

  it('parses product routes with and without slug', () => {
    expect(parseCatalogPath('kupalniki', ['razdelnye', '123', 'bikini-top'])).toEqual({
      kind: 'product',
      section: 'kupalniki',
      categoryPath: 'kupalniki/razdelnye',
      pk: '123',
      slug: 'bikini-top',
    });
    expect(parseCatalogPath('kupalniki', ['razdelnye', 'byustgaltery', '123'])).toEqual({
      kind: 'product',
      section: 'kupalniki',
      categoryPath: 'kupalniki/razdelnye/byustgaltery',
      pk: '123',
    });
  });

  it('needs a subcategory before the pk and digits only for pk', () => {
    expect(parseCatalogPath('kupalniki', ['123'])).toBeNull();
    expect(parseCatalogPath('kupalniki', ['razdelnye', 'a', 'b', '123'])).toBeNull();
    expect(parseCatalogPath('kupalniki', ['razdelnye', '12a'])).toMatchObject({ kind: 'listing' });
    expect(parseCatalogPath('kupalniki', ['razdelnye', '123', 'slug', 'extra'])).toBeNull();
  });

  it('opens muzhskoe products with the same shapes, never clashing with its third level', () => {
    expect(parseCatalogPath('muzhskoe', ['odezhda', '123'])).toMatchObject({
      kind: 'product',
      pk: '123',
      categoryPath: 'muzhskoe/odezhda',
    });
    expect(parseCatalogPath('muzhskoe', ['odezhda', 'futbolki', '123', 'slug'])).toMatchObject({
      kind: 'product',
      categoryPath: 'muzhskoe/odezhda/futbolki',
      slug: 'slug',
    });
    expect(parseCatalogPath('muzhskoe', ['odezhda', 'futbolki', 'polo'])).toMatchObject({ kind: 'listing' });
    expect(parseCatalogPath('muzhskoe', ['odezhda', 'futbolki', 'polo', '123'])).toBeNull();
  });

  it('rejects malformed segments', () => {
    expect(parseCatalogPath('kupalniki', ['raz delnye'])).toBeNull();
    expect(parseCatalogPath('kupalniki', ['..'])).toBeNull();
    expect(parseCatalogPath('kupalniki', [''])).toBeNull();
  });
});

describe('listingHref', () => {
  it('builds listing paths', () => {
    expect(listingHref('kupalniki/razdelnye')).toBe('/kupalniki/razdelnye');
    expect(listingHref('kupalniki', 'leto')).toBe('/kupalniki/tag/leto');
  });
});

describe('decodeSegments', () => {
  it('percent-decodes segments and keeps a malformed escape as written (then a 404, not an error)', () => {
    expect(decodeSegments(['%D0%BF%D0%BB%D0%B0%D1%82%D1%8C%D1%8F', '123'])).toEqual(['платья', '123']);
    expect(decodeSegments(['%E0%A4'])).toEqual(['%E0%A4']);
    expect(parseCatalogPath('odezhda', decodeSegments(['%E0%A4']))).toBeNull();
  });
});
