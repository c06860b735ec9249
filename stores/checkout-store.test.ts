// @vitest-environment jsdom
/** Spec §3 Local storage: lkData keeps the delivery city (issue #14 item 12). */
import { beforeEach, describe, expect, it } from 'vitest';
import { useCheckoutStore } from './checkout-store';
import { LK_DATA_KEY } from './lk-data-storage';

beforeEach(() => {
  localStorage.clear();
  useCheckoutStore.setState(useCheckoutStore.getInitialState(), true);
});

describe('checkout store city slot', () => {
  it('keeps the chosen city in lkData.checkout and reads it back on the next visit', async () => {
    useCheckoutStore.getState().setCity({ regionId: 16, cityId: 6 });
    const saved = localStorage.getItem(LK_DATA_KEY)!;
    expect(JSON.parse(saved).checkout.state.city).toEqual({ regionId: 16, cityId: 6 });
    useCheckoutStore.setState({ city: null });
    localStorage.setItem(LK_DATA_KEY, saved);
    await useCheckoutStore.persist.rehydrate();
    expect(useCheckoutStore.getState().city).toEqual({ regionId: 16, cityId: 6 });
  });

  it('forgets a city without ids', () => {
    useCheckoutStore.getState().setCity({ regionId: 16, cityId: 6 });
    useCheckoutStore.getState().setCity({ regionId: 0, cityId: 0 });
    expect(useCheckoutStore.getState().city).toBeNull();
  });
});
