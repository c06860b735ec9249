// @vitest-environment jsdom
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  cartErrorHandler,
  cartGate,
  cartHandlers,
  cartItemFactory,
  cartNetworkErrorHandler,
  createFakeCart,
  resetFakeCart,
} from '@/tests/msw/cart-handlers';
import { basketTotal, resetBasketStoreForTests, useBasketStore } from './basket-store';
import { LK_DATA_KEY } from './lk-data-storage';

const fake = createFakeCart();
const server = setupServer(...cartHandlers(fake));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
});
afterAll(() => server.close());

beforeEach(() => {
  resetBasketStoreForTests();
  resetFakeCart(fake);
  localStorage.clear();
});

const store = () => useBasketStore.getState();

async function loaded(
  items = [cartItemFactory({ quantity: 1, price: 1000 }), cartItemFactory({ quantity: 2, price: 2500.5 })],
) {
  resetFakeCart(fake, items);
  await store().init();
  fake.requests.length = 0;
  return items;
}

describe('init', () => {
  it('loads the cart and marks the basket initialised', async () => {
    const [a, b] = await loaded();
    expect(store().basketInited).toBe(true);
    expect(store().basketListId).toEqual([a!.item_uuid, b!.item_uuid]);
  });

  it('swallows a failed load (spec §8)', async () => {
    server.use(cartNetworkErrorHandler('get'));
    await expect(store().init()).resolves.toBeUndefined();
    expect(store().basketInited).toBe(false);
    expect(store().basketLoadFailed).toBe(true);
    expect(store().basketList).toEqual([]);
  });

  it('sends one GET for concurrent callers', async () => {
    resetFakeCart(fake, [cartItemFactory()]);
    await Promise.all([store().init(), store().init(), store().init()]);
    expect(fake.requests).toEqual(['GET /api/v2/cart/']);
  });
});

describe('count and total (spec §9)', () => {
  it('count is the number of lines, total the sum of price × quantity', async () => {
    await loaded();
    expect(store().count).toBe(2);
    expect(store().total).toBe(1000 + 2 * 2500.5);
  });

  it('total keeps kopecks exact', () => {
    expect(basketTotal([cartItemFactory({ price: 0.1, quantity: 3 }), cartItemFactory({ price: 0.2 })])).toBe(0.5);
  });
});

describe('increment / decrement (spec §4)', () => {
  it('applies +1 only after the server confirms', async () => {
    const [a] = await loaded();
    const gate = cartGate('put');
    server.use(gate.handler);

    const pending = store().increment(a!.item_uuid);
    await vi.waitFor(() => expect(store().pendingItems[a!.item_uuid]).toBe(true));
    expect(store().basketList[0]!.quantity).toBe(1);
    expect(store().total).toBe(1000 + 2 * 2500.5);

    gate.release();
    await expect(pending).resolves.toBe(true);
    expect(store().basketList[0]!.quantity).toBe(2);
    expect(store().total).toBe(2 * 1000 + 2 * 2500.5);
    expect(store().pendingItems).toEqual({});
    expect(fake.requests).toEqual([`PUT /api/v2/cart/${a!.item_uuid}/ {"quantity":2}`]);
  });

  it('sends the new total on decrement and applies −1 after success', async () => {
    const [, b] = await loaded();
    await expect(store().decrement(b!.item_uuid)).resolves.toBe(true);
    expect(store().basketList[1]!.quantity).toBe(1);
    expect(fake.requests).toEqual([`PUT /api/v2/cart/${b!.item_uuid}/ {"quantity":1}`]);
  });

  it('refuses a decrement at quantity 1 and sends nothing', async () => {
    const [a] = await loaded();
    await expect(store().decrement(a!.item_uuid)).resolves.toBe(false);
    expect(fake.requests).toEqual([]);
    expect(store().basketList[0]!.quantity).toBe(1);
  });

  it('leaves the list unchanged when the server refuses', async () => {
    const [a] = await loaded();
    const before = store().basketList;
    server.use(cartErrorHandler('put', 'Больше нет в наличии'));
    await expect(store().increment(a!.item_uuid)).resolves.toBe(false);
    expect(store().basketList).toBe(before);
    expect(store().total).toBe(1000 + 2 * 2500.5);
    expect(store().lastError).toEqual({ item_uuid: a!.item_uuid, message: 'Больше нет в наличии' });
    expect(store().pendingItems).toEqual({});
  });

  it('leaves the list unchanged when the API is unreachable', async () => {
    const [a] = await loaded();
    const before = store().basketList;
    server.use(cartNetworkErrorHandler('put'));
    await expect(store().increment(a!.item_uuid)).resolves.toBe(false);
    expect(store().basketList).toBe(before);
  });

  it('ignores a second click on a line while its change is in flight', async () => {
    const [a] = await loaded();
    const gate = cartGate('put');
    server.use(gate.handler);
    const first = store().increment(a!.item_uuid);
    await expect(store().increment(a!.item_uuid)).resolves.toBe(false);
    gate.release();
    await first;
    expect(store().basketList[0]!.quantity).toBe(2);
  });
});

describe('remove and clear (spec §4)', () => {
  it('removes a line only after the server confirms', async () => {
    const [a, b] = await loaded();
    const gate = cartGate('delete');
    server.use(gate.handler);

    const pending = store().remove(a!.item_uuid);
    await vi.waitFor(() => expect(store().pendingItems[a!.item_uuid]).toBe(true));
    expect(store().basketListId).toEqual([a!.item_uuid, b!.item_uuid]);

    gate.release();
    await expect(pending).resolves.toBe(true);
    expect(store().basketListId).toEqual([b!.item_uuid]);
    expect(store().count).toBe(1);
    expect(store().total).toBe(2 * 2500.5);
  });

  it('keeps the line when the removal fails', async () => {
    const [a] = await loaded();
    server.use(cartErrorHandler('delete', 'Позиция корзины не найдена', 404));
    await expect(store().remove(a!.item_uuid)).resolves.toBe(false);
    expect(store().count).toBe(2);
  });

  it('clear empties the list after success', async () => {
    await loaded();
    await expect(store().clear()).resolves.toBe(true);
    expect(store().basketList).toEqual([]);
    expect(store().count).toBe(0);
    expect(store().total).toBe(0);
  });
});

describe('add', () => {
  it('takes the server cart and remembers the chosen sizes', async () => {
    await loaded([]);
    await expect(store().add({ offer: 77, featuretop: 'TOP-S', featurebot: 'BOT-M' })).resolves.toBe(true);
    expect(store().count).toBe(1);
    expect(store().basketInited).toBe(true);
    expect(store().offerFeaturesList['77']).toEqual({
      selectTop: { ext_id: 'TOP-S' },
      selectBottom: { ext_id: 'BOT-M' },
      selectSize: null,
    });
  });

  it('resolves false and keeps the list when the server refuses', async () => {
    await loaded();
    server.use(cartErrorHandler('post', 'Размер закончился'));
    await expect(store().add({ offer: 1, feature: 'X' })).resolves.toBe(false);
    expect(store().count).toBe(2);
  });
});

describe('dropdown (spec §4, §9)', () => {
  it('opens at once and closes 1000 ms after being asked to hide', () => {
    vi.useFakeTimers();
    store().openDropdown();
    expect(store().showDropdown).toBe(true);
    store().closeDropdown();
    vi.advanceTimersByTime(999);
    expect(store().showDropdown).toBe(true);
    vi.advanceTimersByTime(1);
    expect(store().showDropdown).toBe(false);
    expect(store().dropdownTimeout).toBeNull();
  });

  it('re-opening cancels the pending close', () => {
    vi.useFakeTimers();
    store().openDropdown();
    store().closeDropdown();
    vi.advanceTimersByTime(600);
    store().openDropdown();
    vi.advanceTimersByTime(5000);
    expect(store().showDropdown).toBe(true);
  });
});

describe('persistence in lkData (spec §3)', () => {
  it('stores ids and offer features under lkData.basket', async () => {
    const [a] = await loaded([cartItemFactory()]);
    await store().add({ offer: 5, feature: 'S-5' });
    const blob = JSON.parse(localStorage.getItem(LK_DATA_KEY) ?? '{}');
    expect(blob.basket.state.basketListId).toContain(a!.item_uuid);
    expect(blob.basket.state.offerFeaturesList['5'].selectSize).toEqual({ ext_id: 'S-5' });
    expect(Object.keys(blob.basket.state).sort()).toEqual(['basketListId', 'offerColorsList', 'offerFeaturesList']);
  });

  it('remembers the colour of an added offer in lkData.basket.offerColorsList and reads it back', async () => {
    await loaded([]);
    await store().add({ offer: 6, feature: 'S-6', color: { id: 3, slug: 'krasnyj', name: 'Красный' } });
    const blob = JSON.parse(localStorage.getItem(LK_DATA_KEY) ?? '{}');
    expect(blob.basket.state.offerColorsList['6']).toEqual({ id: 3, slug: 'krasnyj', name: 'Красный' });
    // The next visit: a fresh store reads the blob back (setState writes it, so restore it first).
    const saved = localStorage.getItem(LK_DATA_KEY)!;
    useBasketStore.setState({ offerColorsList: {} });
    localStorage.setItem(LK_DATA_KEY, saved);
    await useBasketStore.persist.rehydrate();
    expect(store().offerColorsList['6']?.slug).toBe('krasnyj');
  });

  it('rehydrates ids for the badge and keeps other slices of lkData', async () => {
    localStorage.setItem(
      LK_DATA_KEY,
      JSON.stringify({
        favorites: { state: { favoritesListId: [1, 2] }, version: 0 },
        basket: { state: { basketListId: ['x', 'y', 'z'], offerFeaturesList: {} }, version: 0 },
      }),
    );
    await useBasketStore.persist.rehydrate();
    expect(store().count).toBe(3);
    store().openDropdown();
    const blob = JSON.parse(localStorage.getItem(LK_DATA_KEY) ?? '{}');
    expect(blob.favorites.state.favoritesListId).toEqual([1, 2]);
    expect(blob.basket.state.basketListId).toEqual(['x', 'y', 'z']);
  });
});
