/**
 * The basket's client state (spec §3 "Client state / Basket", §4 "Basket", §9 basket constants).
 *
 * - The server is the truth: every change is sent first and applied after the answer is
 *   `{status: "success", cart}` (spec §4, DESIGN.md convention 8). Nothing is optimistic.
 * - Persisted into `localStorage.lkData.basket` (see `stores/lk-data-storage.ts`):
 *   `{basketListId: item_uuid[], offerFeaturesList: {[offerId]: OfferFeatures}}`. The ids give the
 *   header badge its number before the first GET answers; the features remember the sizes a
 *   shopper chose per offer.
 * - `skipHydration`: nothing is read from localStorage during SSR or the first client render;
 *   call {@link hydrateBasketStore} after mount (DESIGN.md convention 7). Every action hydrates
 *   first, so no write can overwrite stored data with the empty initial state.
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { BffRequestError } from '@/lib/api/bff-client';
import {
  addToCart,
  clearCart,
  fetchCart,
  removeCartItem,
  updateCartItem,
  CART_FALLBACK_MESSAGE,
} from '@/lib/api/cart-client';
import type { Cart, CartItem } from '@/lib/api/contract/cart';
import { BASKET_DROPDOWN_CLOSE_DELAY_MS, MIN_QUANTITY } from '@/lib/constants';
import { linesTotal, toRubles } from '@/lib/money';
import { lkDataStorage, LK_DATA_SLICES } from './lk-data-storage';

/** Contract `UpdateCartItemBody`: the server refuses more than this per line. */
export const BASKET_MAX_QUANTITY = 99;

/** One chosen feature of an offer, by SKU (`ext_id`), or none. */
export type FeatureChoice = { ext_id: string } | null;

/** The sizes chosen for one offer (spec §3 `offerFeaturesList` entry). */
export type OfferFeatures = {
  /** Top size of swimwear separates. */
  selectTop: FeatureChoice;
  /** Bottom size of swimwear separates. */
  selectBottom: FeatureChoice;
  /** Size of one-piece goods. */
  selectSize: FeatureChoice;
};

/** What {@link BasketState.add} takes: the offer id and the ext_ids of the chosen size(s). */
export type AddToBasketInput = {
  offer: number;
  /** ext_id of the size (one-piece goods). */
  feature?: string;
  /** ext_id of the top size (swimwear separates). */
  featuretop?: string;
  /** ext_id of the bottom size (swimwear separates). */
  featurebot?: string;
  /** Pieces to add, 1 when omitted. */
  quantity?: number;
  /** Colour of the offer, remembered in `offerColorsList` (not sent to the server). */
  color?: OfferColor;
};

/** The colour chosen for one offer (spec §3 `offerColorsList` entry). */
export type OfferColor = { id: number; slug: string; name: string };

/** A failed change of one line (or of the whole basket when `item_uuid` is null), for the UI. */
export type BasketError = { item_uuid: string | null; message: string };

/** The basket store: state of spec §3 plus the actions of spec §4. */
export type BasketState = {
  /** Lines as the server last confirmed them. */
  basketList: CartItem[];
  /** `item_uuid` of every line; persisted, so it is known before the first GET answers. */
  basketListId: string[];
  /** True once a list was loaded from the server (spec §4). */
  basketInited: boolean;
  /** True while the initial GET is in flight. */
  basketLoading: boolean;
  /** True when the initial GET failed (spec §8: nothing is shown for it but an empty basket). */
  basketLoadFailed: boolean;
  /** Chosen sizes by offer id (spec §3). Persisted. */
  offerFeaturesList: Record<string, OfferFeatures>;
  /** Chosen colours by offer id (spec §3 `offerColorsList`, kept in lkData). Written on add. Persisted. */
  offerColorsList: Record<string, OfferColor>;
  /** Whether the header dropdown is open (spec §2, §4). */
  showDropdown: boolean;
  /** Pending close of the dropdown (spec §4), or null. */
  dropdownTimeout: ReturnType<typeof setTimeout> | null;
  /** item_uuid → true while a change of that line is in flight (buttons are disabled). */
  pendingItems: Record<string, true>;
  /** True while an add or clear is in flight. */
  busy: boolean;
  /** The last refused change, with the server's Russian message; cleared by the next change. */
  lastError: BasketError | null;
  /** Number of lines (spec §9). Equals `basketListId.length`. */
  count: number;
  /** Sum of price × quantity, rubles (spec §9), kopecks rounded. */
  total: number;

  /**
   * Loads GET /v2/cart/ once (later calls return the same promise or nothing; `force` reloads).
   * Failures are swallowed (spec §8): `basketLoadFailed` is set, `basketInited` stays false.
   */
  init: (options?: { force?: boolean }) => Promise<void>;
  /**
   * POST /v2/cart/ and, after success, takes the server's cart and remembers the chosen sizes of
   * the offer. Resolves true on success, false on any failure (swallowed, spec §8).
   */
  add: (input: AddToBasketInput) => Promise<boolean>;
  /** PUT quantity + 1; applies +1 after success (spec §4). False when refused or failed. */
  increment: (itemUuid: string) => Promise<boolean>;
  /** PUT quantity − 1; at quantity 1 refuses and sends nothing (spec §4, §5). */
  decrement: (itemUuid: string) => Promise<boolean>;
  /** DELETE the line; removes it locally after success (spec §4). */
  remove: (itemUuid: string) => Promise<boolean>;
  /** DELETE /v2/cart/; empties the list after success. */
  clear: () => Promise<boolean>;
  /** Opens the dropdown now and cancels a pending close (spec §4). */
  openDropdown: () => void;
  /** Closes the dropdown after {@link BASKET_DROPDOWN_CLOSE_DELAY_MS} (spec §4, §9). */
  closeDropdown: () => void;
  /** Closes the dropdown at once (reaching /basket, Escape). */
  hideDropdownNow: () => void;
};

/** Number of lines (spec §9). */
export function basketCount(list: readonly CartItem[]): number {
  return list.length;
}

/** Sum of price × quantity in rubles, rounded to kopecks (spec §9). */
export function basketTotal(list: readonly CartItem[]): number {
  return toRubles(linesTotal(list));
}

function listSlice(list: CartItem[]) {
  const basketListId = list.map((line) => line.item_uuid);
  return { basketList: list, basketListId, count: basketListId.length, total: basketTotal(list) };
}

type PersistedBasket = Pick<BasketState, 'basketListId' | 'offerFeaturesList' | 'offerColorsList'>;

let initPromise: Promise<void> | null = null;
// Bumped by every applied change, so a GET sent before a change cannot overwrite its result.
let changeSeq = 0;

function failureMessage(error: unknown): string {
  return error instanceof BffRequestError ? error.message : CART_FALLBACK_MESSAGE;
}

/**
 * The basket store hook (zustand). Select narrowly, e.g. `useBasketStore((s) => s.count)`.
 * Outside React: `useBasketStore.getState().add({...})`.
 */
export const useBasketStore = create<BasketState>()(
  persist(
    (set, get) => {
      /** Sends a new total for one line and applies a ±1 step after success. */
      async function changeQuantity(itemUuid: string, step: 1 | -1): Promise<boolean> {
        hydrateBasketStore();
        const state = get();
        const line = state.basketList.find((item) => item.item_uuid === itemUuid);
        if (!line || state.pendingItems[itemUuid]) return false;
        const next = line.quantity + step;
        if (next < MIN_QUANTITY || next > BASKET_MAX_QUANTITY) return false;

        set((s) => ({ pendingItems: { ...s.pendingItems, [itemUuid]: true }, lastError: null }));
        try {
          const cart = await updateCartItem(itemUuid, next);
          const confirmed = cart.items.find((item) => item.item_uuid === itemUuid);
          changeSeq += 1;
          set((s) => {
            // Apply only this line's step, not the whole cart: answers of concurrent changes to
            // other lines may arrive out of order. The server's copy of the line also brings the
            // current price and availability.
            const list = s.basketList.map((item) =>
              item.item_uuid === itemUuid ? (confirmed ?? { ...item, quantity: item.quantity + step }) : item,
            );
            return { ...listSlice(list), pendingItems: without(s.pendingItems, itemUuid) };
          });
          return true;
        } catch (error) {
          set((s) => ({
            pendingItems: without(s.pendingItems, itemUuid),
            lastError: { item_uuid: itemUuid, message: failureMessage(error) },
          }));
          return false;
        }
      }

      return {
        basketList: [],
        basketListId: [],
        basketInited: false,
        basketLoading: false,
        basketLoadFailed: false,
        offerFeaturesList: {},
        offerColorsList: {},
        showDropdown: false,
        dropdownTimeout: null,
        pendingItems: {},
        busy: false,
        lastError: null,
        count: 0,
        total: 0,

        init: (options) => {
          hydrateBasketStore();
          if (initPromise) return initPromise;
          if (get().basketInited && !options?.force) return Promise.resolve();
          const seqAtStart = changeSeq;
          set({ basketLoading: true });
          initPromise = fetchCart()
            .then(
              (cart: Cart) => {
                if (changeSeq === seqAtStart) {
                  set({ ...listSlice(cart.items), basketInited: true, basketLoadFailed: false });
                }
              },
              () => {
                // Spec §8: a failed basket load is swallowed.
                set({ basketLoadFailed: true });
              },
            )
            .finally(() => {
              set({ basketLoading: false });
              initPromise = null;
            });
          return initPromise;
        },

        add: async (input) => {
          hydrateBasketStore();
          set({ busy: true, lastError: null });
          try {
            const { color, ...cartInput } = input;
            const cart = await addToCart(cartInput);
            changeSeq += 1;
            set((s) => ({
              ...listSlice(cart.items),
              basketInited: true,
              basketLoadFailed: false,
              offerFeaturesList: {
                ...s.offerFeaturesList,
                [String(input.offer)]: {
                  selectTop: input.featuretop ? { ext_id: input.featuretop } : null,
                  selectBottom: input.featurebot ? { ext_id: input.featurebot } : null,
                  selectSize: input.feature ? { ext_id: input.feature } : null,
                },
              },
              offerColorsList: color
                ? { ...s.offerColorsList, [String(input.offer)]: { id: color.id, slug: color.slug, name: color.name } }
                : s.offerColorsList,
            }));
            return true;
          } catch (error) {
            // Spec §8: add failures are swallowed; the message is kept for whoever wants it.
            set({ lastError: { item_uuid: null, message: failureMessage(error) } });
            return false;
          } finally {
            set({ busy: false });
          }
        },

        increment: (itemUuid) => changeQuantity(itemUuid, 1),
        decrement: (itemUuid) => changeQuantity(itemUuid, -1),

        remove: async (itemUuid) => {
          hydrateBasketStore();
          if (get().pendingItems[itemUuid]) return false;
          set((s) => ({ pendingItems: { ...s.pendingItems, [itemUuid]: true }, lastError: null }));
          try {
            await removeCartItem(itemUuid);
            changeSeq += 1;
            set((s) => ({
              ...listSlice(s.basketList.filter((item) => item.item_uuid !== itemUuid)),
              pendingItems: without(s.pendingItems, itemUuid),
            }));
            return true;
          } catch (error) {
            set((s) => ({
              pendingItems: without(s.pendingItems, itemUuid),
              lastError: { item_uuid: itemUuid, message: failureMessage(error) },
            }));
            return false;
          }
        },

        clear: async () => {
          hydrateBasketStore();
          set({ busy: true, lastError: null });
          try {
            const cart = await clearCart();
            changeSeq += 1;
            set({ ...listSlice(cart.items), basketInited: true });
            return true;
          } catch (error) {
            set({ lastError: { item_uuid: null, message: failureMessage(error) } });
            return false;
          } finally {
            set({ busy: false });
          }
        },

        openDropdown: () => {
          const pending = get().dropdownTimeout;
          if (pending) clearTimeout(pending);
          set({ showDropdown: true, dropdownTimeout: null });
        },

        closeDropdown: () => {
          const { dropdownTimeout, showDropdown } = get();
          if (dropdownTimeout) clearTimeout(dropdownTimeout);
          if (!showDropdown) {
            set({ dropdownTimeout: null });
            return;
          }
          const timeout = setTimeout(
            () => set({ showDropdown: false, dropdownTimeout: null }),
            BASKET_DROPDOWN_CLOSE_DELAY_MS,
          );
          set({ dropdownTimeout: timeout });
        },

        hideDropdownNow: () => {
          const pending = get().dropdownTimeout;
          if (pending) clearTimeout(pending);
          set({ showDropdown: false, dropdownTimeout: null });
        },
      };
    },
    {
      name: LK_DATA_SLICES.basket,
      storage: lkDataStorage<PersistedBasket>(),
      version: 0,
      skipHydration: true,
      partialize: (state): PersistedBasket => ({
        basketListId: state.basketListId,
        offerFeaturesList: state.offerFeaturesList,
        offerColorsList: state.offerColorsList,
      }),
      merge: (persisted, current) => {
        const stored = sanitizePersisted(persisted);
        // A list already loaded from the server beats the stored ids.
        const basketListId = current.basketInited ? current.basketListId : stored.basketListId;
        return {
          ...current,
          basketListId,
          count: current.basketInited ? current.count : basketListId.length,
          offerFeaturesList: { ...stored.offerFeaturesList, ...current.offerFeaturesList },
          offerColorsList: { ...stored.offerColorsList, ...current.offerColorsList },
        };
      },
    },
  ),
);

/**
 * Reads `lkData.basket` into the store once, in the browser only (DESIGN.md convention 7).
 * Synchronous (localStorage); safe to call from every effect and action.
 */
export function hydrateBasketStore(): void {
  if (typeof window === 'undefined' || useBasketStore.persist.hasHydrated()) return;
  void useBasketStore.persist.rehydrate();
}

function without(record: Record<string, true>, key: string): Record<string, true> {
  const rest = { ...record };
  delete rest[key];
  return rest;
}

function sanitizePersisted(value: unknown): PersistedBasket {
  const source = (value && typeof value === 'object' ? value : {}) as Partial<Record<keyof PersistedBasket, unknown>>;
  const ids = Array.isArray(source.basketListId)
    ? source.basketListId.filter((id): id is string => typeof id === 'string')
    : [];
  const features =
    source.offerFeaturesList && typeof source.offerFeaturesList === 'object' && !Array.isArray(source.offerFeaturesList)
      ? (source.offerFeaturesList as Record<string, OfferFeatures>)
      : {};
  const colors =
    source.offerColorsList && typeof source.offerColorsList === 'object' && !Array.isArray(source.offerColorsList)
      ? (source.offerColorsList as Record<string, OfferColor>)
      : {};
  return { basketListId: ids, offerFeaturesList: features, offerColorsList: colors };
}

/** Test helper: back to the initial state and forget in-flight loads. Not for app code. */
export function resetBasketStoreForTests(): void {
  const pending = useBasketStore.getState().dropdownTimeout;
  if (pending) clearTimeout(pending);
  initPromise = null;
  changeSeq = 0;
  useBasketStore.setState(useBasketStore.getInitialState(), true);
}
