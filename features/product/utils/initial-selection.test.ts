/** `?color=&size=` of the feed links preselects the colour and an in-stock size (issue #14 gaps; feeds). */
import { describe, expect, it } from 'vitest';
import type { Feature, Offer } from '@/lib/api/contract/catalog';
import { initialSelection } from './initial-selection';

const size = (name: string, stock: number): Feature => ({
  id: stock * 100 + name.length,
  ext_id: `SKU-${name}-${stock}`,
  name,
  stock,
  available: stock > 0,
});

const offer = (id: number, slug: string, features: Feature[], top: Feature[] = [], bottom: Feature[] = []): Offer => ({
  id,
  ext_id: `O-${id}`,
  color: { id, slug, name: slug, hex: '#000' },
  images: [],
  features,
  features_top: top,
  features_bottom: bottom,
});

const black = offer(1, 'chernyj', [size('S', 2), size('M', 0)]);
const red = offer(2, 'krasnyj', [size('S', 1), size('L', 3)]);
const bikini = offer(3, 'sinij', [], [size('XS', 1), size('S', 1)], [size('M', 2), size('L', 0)]);

describe('initialSelection', () => {
  it('opens on the linked colour and size', () => {
    expect(initialSelection([black, red], { color: 'krasnyj', size: 'L' })).toEqual({
      offerId: 2,
      size: red.features[1]!.ext_id,
      top: null,
      bottom: null,
    });
  });

  it('ignores a sold-out or unknown size and an unknown colour', () => {
    expect(initialSelection([black, red], { color: 'chernyj', size: 'M' })).toMatchObject({ offerId: 1, size: null });
    expect(initialSelection([black, red], { color: 'zelenyj', size: 'XXL' })).toMatchObject({ offerId: 1, size: null });
  });

  it('opens on the first colour without a query', () => {
    expect(initialSelection([black, red], {})).toMatchObject({ offerId: 1, size: null });
    expect(initialSelection([], { color: 'chernyj' })).toEqual({ offerId: 0, size: null, top: null, bottom: null });
  });

  it('preselects the top and bottom of separates', () => {
    expect(initialSelection([black, bikini], { color: 'sinij', top: 's', bottom: 'M' })).toEqual({
      offerId: 3,
      size: null,
      top: bikini.features_top[1]!.ext_id,
      bottom: bikini.features_bottom[0]!.ext_id,
    });
    expect(initialSelection([bikini], { top: 'XS', bottom: 'L' })).toMatchObject({ bottom: null });
  });
});
