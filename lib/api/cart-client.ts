/**
 * Browser fetchers of the basket (spec §7 Cart). They call the storefront's own `/api/...` (the
 * BFF, `app/api/[...path]/route.ts`), which relays the `cart_id` cookie to the shop API.
 * Every answer is checked against the shape of the contract's `CartResponse` (status, items,
 * count, total — without zod, which would weigh on every page's first visit, issue #7; the server
 * validates its answers with the contract in its tests): only `status: "success"` resolves
 * (spec §4 "Only a response status of success updates the basket"); anything else rejects with a
 * {@link CartRequestError}.
 */
import type { z } from 'zod';
import { readApiError } from './api-error';
import type { AddToCartBody, Cart } from './contract/cart';

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
    const cart = readCart(payload);
    if (cart) return cart;
  }
  const apiError = readApiError(payload);
  throw new CartRequestError(apiError ? apiError.message : CART_FALLBACK_MESSAGE, response.status);
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
    return Boolean(l) && typeof l!.item_uuid === 'string' && typeof l!.quantity === 'number' && typeof l!.product === 'object' && l!.product !== null;
  });
  return linesOk ? (cart as Cart) : null;
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
