import { describe, expect, it } from 'vitest';
import type { OfferCard } from '@/lib/api/contract/catalog';
import { NO_BRAND_SLUG } from '@/lib/format/brand';
import { toCardOffer } from './card-offer';

const card = (brand: { name: string; slug: string }): OfferCard => ({
  id: 1,
  name: 'Платья миди 5331',
  slug: 'platya-midi-5331',
  brand,
  price: 5990,
  old_price: null,
  discount: 0,
  is_new: true,
  full_path_offer: '/odezhda/platya-midi/1/platya-midi-5331',
  category: { path: 'odezhda/platya-midi', name: 'Платья миди' },
  images: [],
  colors: [],
  sizes: [],
});

/** Issue #28: a tile names the brand, and no brand for goods whose retailer named none. */
describe('toCardOffer', () => {
  it('keeps a brand, and drops «Без бренда»', () => {
    expect(toCardOffer(card({ name: 'Mango', slug: 'mango' })).brand.name).toBe('Mango');
    expect(toCardOffer(card({ name: 'Без бренда', slug: NO_BRAND_SLUG })).brand.name).toBe('');
  });
});
