/**
 * Browser fetchers of the checkout (issue #5; spec §7 Orders and payment) through the same-origin
 * BFF (lib/api/bff-client.ts: it relays the `cart_id` cookie and turns the `token` cookie into
 * `Authorization`). Answers are parsed with lib/api/contract/checkout.ts, imported only when an
 * answer arrives: the basket is prefetched from every page's header, and zod must not ride along
 * (issue #7 JS budget). Failures reject with BffRequestError carrying the server's Russian message
 * and field errors.
 */
import { bffRequest } from './bff-client';
import type * as Checkout from './contract/checkout';
import type { z } from 'zod';

type CheckoutSchemas = typeof Checkout;
type SchemaName = {
  [K in keyof CheckoutSchemas]: CheckoutSchemas[K] extends z.ZodType ? K : never;
}[keyof CheckoutSchemas];

/** Loader of one response schema of lib/api/contract/checkout.ts. */
const schema =
  <K extends SchemaName>(name: K) =>
  (): Promise<CheckoutSchemas[K]> =>
    import('./contract/checkout').then((m) => m[name]);

/** POST /v2/order/ with the `Idempotency-Key` header. @throws BffRequestError. */
export const submitOrder = (body: Checkout.CreateOrderBody, idempotencyKey: string) =>
  bffRequest('POST', '/v2/order/', schema('CreateOrderResponse'), body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
/** POST /v1/order_payment/ {guid, method}: the acquiring page URL, or the СБП link and QR (issue #29). */
export const startPayment = (guid: string, method: 'card' | 'sbp' = 'card') =>
  bffRequest('POST', '/v1/order_payment/', schema('OrderPaymentResponse'), { guid, method });
/** GET /v1/payment_methods/: the online methods the shop's payment provider takes (issue #29). */
export const fetchPaymentMethods = () => bffRequest('GET', '/v1/payment_methods/', schema('PaymentMethodsResponse'));
/** POST /v1/get_order_info/ {guid}. */
export const fetchOrderInfo = (guid: string) =>
  bffRequest('POST', '/v1/get_order_info/', schema('OrderInfoResponse'), { guid });
/** POST /v1/giftcardpayment/ {guid, code}. */
export const payOrderWithGiftCard = (guid: string, code: string) =>
  bffRequest('POST', '/v1/giftcardpayment/', schema('OrderInfoResponse'), { guid, code });
/** POST /v1/promo_code/ {promo_code}: checked against the visitor's basket. */
export const checkPromoCode = (promoCode: string) =>
  bffRequest('POST', '/v1/promo_code/', schema('PromoCodeResponse'), { promo_code: promoCode });
/** POST /v1/check_card/ {code}: the certificate's balance. */
export const checkGiftCard = (code: string) =>
  bffRequest('POST', '/v1/check_card/', schema('CheckCardResponse'), { code });
/** POST /v1/gift/card/data/ {ext_id} → `response` (spec §7). */
export const fetchGiftCardData = (extId: string) =>
  bffRequest('POST', '/v1/gift/card/data/', schema('GiftCardDataResponse'), { ext_id: extId });
/** POST /v1/check_delivery/ {city_id}: every method for the city with cost and days. */
export const fetchDeliveryOptions = (cityId: number) =>
  bffRequest('POST', '/v1/check_delivery/', schema('DeliveryOptionsResponse'), { city_id: cityId });
/** POST /v1/cdek_calc/ {city_id}: courier and pickup-point cost by the delivery provider. */
export const fetchCdekCalc = (cityId: number) =>
  bffRequest('POST', '/v1/cdek_calc/', schema('DeliveryOptionsResponse'), { city_id: cityId });
/** GET /v1/sandbox_acquiring/{id}/. */
export const fetchSandboxPayment = (id: string) =>
  bffRequest('GET', `/v1/sandbox_acquiring/${encodeURIComponent(id)}/`, schema('SandboxPaymentResponse'));
/** POST /v1/sandbox_acquiring/pay/. */
export const paySandbox = (body: { id: string; pan: string; expiry: string; cvc: string }) =>
  bffRequest('POST', '/v1/sandbox_acquiring/pay/', schema('SandboxPayResponse'), body);
