/** readCart: the zod-free check of basket answers (spec §4: only `status: "success"` updates the basket). */
import { describe, expect, it } from 'vitest';
import { readCart } from './cart-client';
import { CartResponse } from './contract/cart';

const line = {
  item_uuid: '5f0c6a52-8c1e-4a0e-9a53-3f3f0c8f1a11',
  quantity: 2,
  price: 1990,
  old_price: null,
  product: {
    id: 1,
    name: 'Купальник',
    brand: { id: 1, name: 'Maaji', slug: 'maaji' },
    price: 1990,
    images: [],
    full_path_offer: '/kupalniki/1/',
  },
  offer: { id: 1, ext_id: 'A-1', color: { id: 1, name: 'Чёрный', slug: 'chernyj', hex: '#000000' } },
  feature: null,
};

describe('readCart', () => {
  it('returns the cart of a success answer', () => {
    const body = { status: 'success', cart: { id: 'c1', items: [line], count: 1, total: 3980 } };
    expect(readCart(body)).toEqual(body.cart);
    expect(readCart({ status: 'success', cart: { id: null, items: [], count: 0, total: 0 } })).toEqual({
      id: null,
      items: [],
      count: 0,
      total: 0,
    });
  });

  it('rejects answers the contract rejects', () => {
    const bad = [
      null,
      { status: 'error', message: 'Нет в наличии' },
      { status: 'success' },
      { status: 'success', cart: { id: null, items: 'x', count: 0, total: 0 } },
      { status: 'success', cart: { id: null, items: [], count: '0', total: 0 } },
      { status: 'success', cart: { id: null, items: [{ quantity: 1 }], count: 1, total: 0 } },
    ];
    for (const body of bad) {
      expect(CartResponse.safeParse(body).success).toBe(false);
      expect(readCart(body)).toBeNull();
    }
  });
});
