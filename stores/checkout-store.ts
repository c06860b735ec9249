/**
 * Checkout client state (issue #5; spec §3 Anonymous checkout data, Client state `giftCardExtId`,
 * `giftCardInBasketData`; §4 "Gift card id change reloads the gift card"; §3 Local storage: gift
 * card id and order popup flag in `lkData`).
 *
 * Persisted into `localStorage.lkData.checkout`: the anonymous contact (fio, email, phone), the
 * certificate nominal put into the basket, the applied promo code, the idempotency key of the
 * pending submit and the last order for /basket/success. Hydrated after mount (DESIGN.md 7).
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { fetchGiftCardData } from '@/lib/api/checkout-client';
import type { GiftCardNominal } from '@/lib/api/contract/checkout';
import { lkDataStorage, LK_DATA_SLICES } from './lk-data-storage';

/** Spec §3 Anonymous checkout data. */
export type AnonymousData = { fio: string; email: string; phone: string };

/** A delivery city (spec §7 Locations ids) remembered for the next checkout. */
export type SavedCity = { regionId: number; cityId: number };

/** The order just placed, for /basket/success and the order-accepted popup. */
export type LastOrder = {
  number: string;
  guid: string;
  total: number;
  email: string;
  items: Array<{ id: number | string; name: string; price: number; quantity: number }>;
};

export type CheckoutState = {
  anonymousData: AnonymousData | null;
  /** Spec §3 giftCardExtId: the certificate nominal in the basket, or null. */
  giftCardExtId: string | null;
  /** Spec §3 giftCardInBasketData: the loaded nominal; null while loading or after a failure (spec §8). */
  giftCardInBasketData: GiftCardNominal | null;
  /** The promo code the shopper applied on /basket, upper case, or null. */
  promoCode: string | null;
  /**
   * What the server answered for `promoCode` (`POST /v1/promo_code/`): the goods total it was
   * checked against and the total after the discount, rubles; null without a code. Not persisted.
   */
  promoQuote: { itemsTotal: number; total: number } | null;
  /** Key of the submit in progress; the same key on a repeat gives the same order. */
  idempotencyKey: string | null;
  lastOrder: LastOrder | null;
  /** Spec §3 "order popup flag": the order-accepted popup was shown for `lastOrder`. */
  orderPopupShown: boolean;
  /** Spec §3 `city` (kept in lkData): the delivery region and city last chosen, or null. */
  city: SavedCity | null;
  setAnonymousData: (data: AnonymousData | null) => void;
  /** Sets the nominal and (re)loads its data (spec §4); a failed lookup resets it (spec §8). */
  setGiftCardExtId: (extId: string | null) => Promise<void>;
  loadGiftCard: () => Promise<void>;
  /** Sets the applied code with its quote, or forgets both with null. */
  setPromoCode: (code: string | null, quote?: { itemsTotal: number; total: number }) => void;
  /** The key of this submit: the stored one, or a new random one. */
  ensureIdempotencyKey: () => string;
  /** After a successful order: forget the key, the promo and the certificate, keep the order. */
  orderPlaced: (order: LastOrder) => void;
  setOrderPopupShown: (value: boolean) => void;
  /** Remembers the chosen city (ids > 0), or forgets it with null. */
  setCity: (city: SavedCity | null) => void;
};

function randomKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return `ck-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

type Persisted = Pick<
  CheckoutState,
  'anonymousData' | 'giftCardExtId' | 'promoCode' | 'idempotencyKey' | 'lastOrder' | 'orderPopupShown' | 'city'
>;

/** The checkout store hook. */
export const useCheckoutStore = create<CheckoutState>()(
  persist(
    (set, get) => ({
      anonymousData: null,
      giftCardExtId: null,
      giftCardInBasketData: null,
      promoCode: null,
      promoQuote: null,
      idempotencyKey: null,
      lastOrder: null,
      orderPopupShown: false,
      city: null,
      setAnonymousData: (anonymousData) => set({ anonymousData }),
      setGiftCardExtId: async (giftCardExtId) => {
        set({ giftCardExtId, giftCardInBasketData: null, idempotencyKey: null });
        await get().loadGiftCard();
      },
      loadGiftCard: async () => {
        const extId = get().giftCardExtId;
        if (!extId) {
          set({ giftCardInBasketData: null });
          return;
        }
        try {
          const { response } = await fetchGiftCardData(extId);
          if (get().giftCardExtId === extId) set({ giftCardInBasketData: response });
        } catch {
          set({ giftCardInBasketData: null, giftCardExtId: null });
        }
      },
      setPromoCode: (promoCode, quote) => set({ promoCode, promoQuote: promoCode && quote ? quote : null }),
      ensureIdempotencyKey: () => {
        const existing = get().idempotencyKey;
        if (existing) return existing;
        const key = randomKey();
        set({ idempotencyKey: key });
        return key;
      },
      orderPlaced: (lastOrder) =>
        set({
          lastOrder,
          idempotencyKey: null,
          promoCode: null,
          promoQuote: null,
          giftCardExtId: null,
          giftCardInBasketData: null,
          orderPopupShown: false,
        }),
      setOrderPopupShown: (orderPopupShown) => set({ orderPopupShown }),
      setCity: (city) =>
        set({
          city: city && city.regionId > 0 && city.cityId > 0 ? { regionId: city.regionId, cityId: city.cityId } : null,
        }),
    }),
    {
      name: LK_DATA_SLICES.checkout,
      storage: lkDataStorage<Persisted>(),
      version: 0,
      skipHydration: true,
      partialize: (s): Persisted => ({
        anonymousData: s.anonymousData,
        giftCardExtId: s.giftCardExtId,
        promoCode: s.promoCode,
        idempotencyKey: s.idempotencyKey,
        lastOrder: s.lastOrder,
        orderPopupShown: s.orderPopupShown,
        city: s.city,
      }),
    },
  ),
);

/** Reads `lkData.checkout` once, in the browser only (DESIGN.md convention 7). */
export function hydrateCheckoutStore(): void {
  if (typeof window === 'undefined' || useCheckoutStore.persist.hasHydrated()) return;
  void useCheckoutStore.persist.rehydrate();
}
