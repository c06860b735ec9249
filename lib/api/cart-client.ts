/**
 * Browser fetchers of the basket (spec §7 Cart). They call the storefront's own `/api/...` (the
 * BFF, `app/api/[...path]/route.ts`), which relays the `cart_id` cookie to the shop API.
 * Every answer is parsed with the contract's `CartResponse`: only `status: "success"` resolves
 * (spec §4 "Only a response status of success updates the basket"); anything else rejects with a
 * {@link CartRequestError}.
 */
import type { z } from 'zod';
import { ApiError } from './contract/common';
import { CartResponse, type AddToCartBody, type Cart } from './contract/cart';

/** What the browser sends to POST /v2/cart/ (`quantity` optional, the server defaults it to 1). */
export type AddToCartInput = z.input<typeof AddToCartBody>;

/** Message used when the server gave none (network failure, unparseable answer). */
export const CART_FALLBACK_MESSAGE = 'Не удалось обновить корзину. Попробуйте ещё раз';

/**
 * A cart call that did not end in `{status: "success", cart}`.
 * `status` is the HTTP status (0 when the request never got an answer); `message` is the
 * server's Russian message or {@link CART_FALLBACK_MESSAGE}.
 */
export class CartRequestError extends Error {
  readonly status: number;

  constructor(message: string, status: number) {
    super(message);
    this.name = 'CartRequestError';
    this.status = status;
  }
}

const CART_PATH = '/api/v2/cart/';

/**
 * Absolute URL of a same-origin API path. Browsers accept relative URLs; Node's fetch (unit
 * tests under jsdom) does not, so resolve against the page's origin when there is one.
 */
function sameOrigin(path: string): string {
  const origin = typeof window !== 'undefined' ? window.location?.origin : undefined;
  return origin && origin !== 'null' ? new URL(path, origin).toString() : path;
}

async function cartRequest(path: string, init: { method: string; body?: unknown; signal?: AbortSignal }): Promise<Cart> {
  let response: Response;
  try {
    response = await fetch(sameOrigin(path), {
      method: init.method,
      credentials: 'same-origin',
      cache: 'no-store',
      headers: {
        Accept: 'application/json',
        ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new CartRequestError(CART_FALLBACK_MESSAGE, 0);
  }

  const payload: unknown = await response.json().catch(() => null);
  if (response.ok) {
    const parsed = CartResponse.safeParse(payload);
    if (parsed.success) return parsed.data.cart;
  }
  const apiError = ApiError.safeParse(payload);
  throw new CartRequestError(apiError.success ? apiError.data.message : CART_FALLBACK_MESSAGE, response.status);
}

/**
 * GET /v2/cart/: the visitor's basket (an empty cart when the `cart_id` cookie is absent).
 * @throws {CartRequestError} on any answer but `{status: "success", cart}`.
 */
export function fetchCart(signal?: AbortSignal): Promise<Cart> {
  return cartRequest(CART_PATH, { method: 'GET', signal });
}

/**
 * POST /v2/cart/ `{offer, feature?, featuretop?, featurebot?, quantity?}` (ext_ids of the chosen
 * size or top/bottom sizes, quantity defaults to 1): adds a line, or adds to the quantity of the
 * same offer + sizes line. Resolves with the whole updated cart.
 * @throws {CartRequestError}
 */
export function addToCart(body: AddToCartInput): Promise<Cart> {
  return cartRequest(CART_PATH, { method: 'POST', body });
}

/**
 * PUT /v2/cart/{item_uuid}/ `{quantity}`: sets the line's quantity to the new total (1…99,
 * spec §7). Resolves with the whole updated cart.
 * @throws {CartRequestError}
 */
export function updateCartItem(itemUuid: string, quantity: number): Promise<Cart> {
  return cartRequest(`${CART_PATH}${encodeURIComponent(itemUuid)}/`, { method: 'PUT', body: { quantity } });
}

/**
 * DELETE /v2/cart/{item_uuid}/: removes one line. Resolves with the whole updated cart.
 * @throws {CartRequestError}
 */
export function removeCartItem(itemUuid: string): Promise<Cart> {
  return cartRequest(`${CART_PATH}${encodeURIComponent(itemUuid)}/`, { method: 'DELETE' });
}

/**
 * DELETE /v2/cart/: empties the basket. Resolves with the (empty) cart.
 * @throws {CartRequestError}
 */
export function clearCart(): Promise<Cart> {
  return cartRequest(CART_PATH, { method: 'DELETE' });
}
