/**
 * Browser fetchers of the basket (spec §7 Cart). They call the storefront's own `/api/...` (the
 * BFF, `app/api/[...path]/route.ts`), which relays the `cart_id` cookie to the shop API.
 * Every answer is checked against the shape of the contract's `CartResponse` (status, items,
 * count, total — without zod, which would weigh on every page's first visit, issue #7; the server
 * validates its answers with the contract in its tests): only `status: "success"` resolves
 * (spec §4 "Only a response status of success updates the basket"); anything else rejects with a
 * BffRequestError (lib/api/bff-client.ts).
 */
import { bffRequest, type AnswerParser } from './bff-client';
import type { AddToCartBody, Cart } from './contract/cart';
import type { z } from 'zod';

/** What the browser sends to POST /v2/cart/ (`quantity` optional, the server defaults it to 1). */
export type AddToCartInput = z.input<typeof AddToCartBody>;

/** Message used when the server gave none (network failure, unparseable answer). */
export const CART_FALLBACK_MESSAGE = 'Не удалось обновить корзину. Попробуйте ещё раз';

const CART_PATH = '/v2/cart/';

/** {@link readCart} in the `safeParse` shape that lib/api/bff-client.ts parses answers with. */
const CART_ANSWER: AnswerParser<Cart> = {
  safeParse(payload) {
    const cart = readCart(payload);
    return cart ? { success: true, data: cart } : { success: false };
  },
};

/**
 * One cart call through the BFF. A failure rejects with a BffRequestError: the HTTP status (0
 * when the request never got an answer) and the server's Russian message or
 * {@link CART_FALLBACK_MESSAGE}; an abort rejects with the fetch's `AbortError`.
 */
function cartRequest(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<Cart> {
  return bffRequest(method, path, CART_ANSWER, body, {
    fallbackMessage: CART_FALLBACK_MESSAGE,
    offlineMessage: CART_FALLBACK_MESSAGE,
    signal,
  });
}

/**
 * The cart of a `{status: "success", cart}` answer, or null for any other shape (cart without an
 * items array, non-numeric count/total, a line without item_uuid, quantity or product).
 */
export function readCart(payload: unknown): Cart | null {
  if (!payload || typeof payload !== 'object') return null;
  const { status, cart } = payload as { status?: unknown; cart?: Partial<Record<keyof Cart, unknown>> };
  if (status !== 'success' || !cart || typeof cart !== 'object') return null;
  if (!Array.isArray(cart.items) || typeof cart.count !== 'number' || typeof cart.total !== 'number') return null;
  const linesOk = cart.items.every((line: unknown) => {
    const l = line as Record<string, unknown> | null;
    return (
      Boolean(l) &&
      typeof l!.item_uuid === 'string' &&
      typeof l!.quantity === 'number' &&
      typeof l!.product === 'object' &&
      l!.product !== null
    );
  });
  return linesOk ? (cart as Cart) : null;
}

/**
 * GET /v2/cart/: the visitor's basket (an empty cart when the `cart_id` cookie is absent).
 * @throws {BffRequestError} on any answer but `{status: "success", cart}`.
 */
export function fetchCart(signal?: AbortSignal): Promise<Cart> {
  return cartRequest('GET', CART_PATH, undefined, signal);
}

/**
 * POST /v2/cart/ `{offer, feature?, featuretop?, featurebot?, quantity?}` (ext_ids of the chosen
 * size or top/bottom sizes, quantity defaults to 1): adds a line, or adds to the quantity of the
 * same offer + sizes line. Resolves with the whole updated cart.
 * @throws {BffRequestError}
 */
export function addToCart(body: AddToCartInput): Promise<Cart> {
  return cartRequest('POST', CART_PATH, body);
}

/**
 * PUT /v2/cart/{item_uuid}/ `{quantity}`: sets the line's quantity to the new total (1…99,
 * spec §7). Resolves with the whole updated cart.
 * @throws {BffRequestError}
 */
export function updateCartItem(itemUuid: string, quantity: number): Promise<Cart> {
  return cartRequest('PUT', `${CART_PATH}${encodeURIComponent(itemUuid)}/`, { quantity });
}

/**
 * DELETE /v2/cart/{item_uuid}/: removes one line. Resolves with the whole updated cart.
 * @throws {BffRequestError}
 */
export function removeCartItem(itemUuid: string): Promise<Cart> {
  return cartRequest('DELETE', `${CART_PATH}${encodeURIComponent(itemUuid)}/`);
}

/**
 * DELETE /v2/cart/: empties the basket. Resolves with the (empty) cart.
 * @throws {BffRequestError}
 */
export function clearCart(): Promise<Cart> {
  return cartRequest('DELETE', CART_PATH);
}
