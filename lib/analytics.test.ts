/** lib/analytics: e-commerce events in the Yandex Metrica dataLayer format (spec §7 Third parties). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pushDataLayer, trackAddToBasket, trackProductView, trackPurchase } from './analytics';

type W = { window?: { dataLayer?: unknown[] } };

describe('analytics', () => {
  beforeEach(() => {
    (globalThis as W).window = {};
  });
  afterEach(() => {
    delete (globalThis as W).window;
  });

  it('pushes view, add and purchase events with rubles', () => {
    trackProductView({ id: 12, name: 'Купальник', price: 8990, brand: 'Maaji' });
    trackAddToBasket({ id: 12, name: 'Купальник', price: 8990, variant: 'M' });
    trackPurchase('A-1', [
      { id: 12, name: 'Купальник', price: 8990, quantity: 2 },
      { id: 13, name: 'Парео', price: 2500 },
    ]);
    const layer = (globalThis as W).window!.dataLayer!;
    expect(layer).toEqual([
      {
        ecommerce: {
          currencyCode: 'RUB',
          detail: { products: [{ id: '12', name: 'Купальник', price: 8990, brand: 'Maaji' }] },
        },
      },
      {
        ecommerce: {
          currencyCode: 'RUB',
          add: { products: [{ id: '12', name: 'Купальник', price: 8990, variant: 'M', quantity: 1 }] },
        },
      },
      {
        ecommerce: {
          currencyCode: 'RUB',
          purchase: {
            actionField: { id: 'A-1', revenue: 20480 },
            products: [
              { id: '12', name: 'Купальник', price: 8990, quantity: 2 },
              { id: '13', name: 'Парео', price: 2500 },
            ],
          },
        },
      },
    ]);
  });

  it('does nothing without a window (server rendering)', () => {
    delete (globalThis as W).window;
    expect(() => pushDataLayer({ a: 1 })).not.toThrow();
  });
});
