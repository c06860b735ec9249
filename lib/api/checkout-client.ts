/**
 * Browser fetchers of the checkout (issue #5; spec §7 Orders and payment) through the same-origin
 * BFF `/api/...` (it relays the `cart_id` cookie and turns the `token` cookie into
 * `Authorization`). Answers are parsed with lib/api/contract/checkout.ts; failures reject with
 * {@link CheckoutRequestError} carrying the server's Russian message and field errors.
 */
import type { z } from 'zod';
import { ApiError } from './contract/common';
import {
  CheckCardResponse,
  CreateOrderResponse,
  DeliveryOptionsResponse,
  GiftCardDataResponse,
  OrderInfoResponse,
  OrderPaymentResponse,
  PromoCodeResponse,
  SandboxPayResponse,
  SandboxPaymentResponse,
  type CreateOrderBody,
} from './contract/checkout';

/** Message when the server gave none. */
export const CHECKOUT_FALLBACK_MESSAGE = 'Сервис временно недоступен. Попробуйте ещё раз';

/** A failed checkout call: HTTP status (0 = no answer), Russian message, field → message. */
export class CheckoutRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'CheckoutRequestError';
  }
}

function sameOrigin(path: string): string {
  const origin = typeof window !== 'undefined' ? window.location?.origin : undefined;
  return origin && origin !== 'null' ? new URL(path, origin).toString() : path;
}

async function request<S extends z.ZodType>(method: 'GET' | 'POST', path: string, schema: S, body?: unknown, headers: Record<string, string> = {}): Promise<z.output<S>> {
  let response: Response;
  try {
    response = await fetch(sameOrigin(`/api${path}`), {
      method,
      credentials: 'same-origin',
      cache: 'no-store',
      headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new CheckoutRequestError(CHECKOUT_FALLBACK_MESSAGE, 0);
  }
  const payload: unknown = await response.json().catch(() => null);
  if (response.ok) {
    const parsed = schema.safeParse(payload);
    if (parsed.success) return parsed.data;
    throw new CheckoutRequestError(CHECKOUT_FALLBACK_MESSAGE, response.status);
  }
  const error = ApiError.safeParse(payload);
  throw new CheckoutRequestError(error.success ? error.data.message : CHECKOUT_FALLBACK_MESSAGE, response.status, error.success ? (error.data.errors ?? {}) : {});
}

/** POST /v2/order/ with the `Idempotency-Key` header. @throws CheckoutRequestError. */
export const submitOrder = (body: CreateOrderBody, idempotencyKey: string) => request('POST', '/v2/order/', CreateOrderResponse, body, { 'Idempotency-Key': idempotencyKey });
/** POST /v1/order_payment/ {guid}: the acquiring page URL. */
export const startPayment = (guid: string) => request('POST', '/v1/order_payment/', OrderPaymentResponse, { guid });
/** POST /v1/get_order_info/ {guid}. */
export const fetchOrderInfo = (guid: string) => request('POST', '/v1/get_order_info/', OrderInfoResponse, { guid });
/** POST /v1/giftcardpayment/ {guid, code}. */
export const payOrderWithGiftCard = (guid: string, code: string) => request('POST', '/v1/giftcardpayment/', OrderInfoResponse, { guid, code });
/** POST /v1/promo_code/ {promo_code}: checked against the visitor's basket. */
export const checkPromoCode = (promoCode: string) => request('POST', '/v1/promo_code/', PromoCodeResponse, { promo_code: promoCode });
/** POST /v1/check_card/ {code}: the certificate's balance. */
export const checkGiftCard = (code: string) => request('POST', '/v1/check_card/', CheckCardResponse, { code });
/** POST /v1/gift/card/data/ {ext_id} → `response` (spec §7). */
export const fetchGiftCardData = (extId: string) => request('POST', '/v1/gift/card/data/', GiftCardDataResponse, { ext_id: extId });
/** POST /v1/check_delivery/ {city_id}: every method for the city with cost and days. */
export const fetchDeliveryOptions = (cityId: number) => request('POST', '/v1/check_delivery/', DeliveryOptionsResponse, { city_id: cityId });
/** POST /v1/cdek_calc/ {city_id}: courier and pickup-point cost by the delivery provider. */
export const fetchCdekCalc = (cityId: number) => request('POST', '/v1/cdek_calc/', DeliveryOptionsResponse, { city_id: cityId });
/** GET /v1/sandbox_acquiring/{id}/. */
export const fetchSandboxPayment = (id: string) => request('GET', `/v1/sandbox_acquiring/${encodeURIComponent(id)}/`, SandboxPaymentResponse);
/** POST /v1/sandbox_acquiring/pay/. */
export const paySandbox = (body: { id: string; pan: string; expiry: string; cvc: string }) => request('POST', '/v1/sandbox_acquiring/pay/', SandboxPayResponse, body);
