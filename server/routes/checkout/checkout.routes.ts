/** Checkout endpoints (issue #5; spec §7 Orders and payment), one declaration per route (routes/openapi.ts). */
import { z } from 'zod';
import {
  CheckCardBody,
  CheckCardResponse,
  CreateOrderBody,
  CreateOrderResponse,
  DeliveryCalcBody,
  DeliveryOptionsResponse,
  GiftCardDataBody,
  GiftCardDataResponse,
  GiftCardNominalsResponse,
  GiftCardPaymentBody,
  GuidBody,
  OrderInfoResponse,
  OrderPaymentResponse,
  PromoCodeBody,
  PromoCodeResponse,
  SandboxPayBody,
  SandboxSbpBody,
  OrderPaymentBody,
  PaymentMethodsResponse,
  SandboxPayResponse,
  SandboxPaymentResponse,
} from '@/lib/api/contract/checkout';
import { jsonResponses } from '../docs';
import { openapiRoute, routeGroup } from '../openapi';
import * as h from './checkout.handlers';
import type { ApiApp } from '../../types';

const orders = routeGroup({ tags: ['Оформление заказа'] });
const gift = routeGroup({ tags: ['Подарочные сертификаты'] });
const delivery = routeGroup({ tags: ['Доставка'] });
const sandbox = routeGroup({ tags: ['Тестовый эквайринг'] });
// 400 messages of a malformed slug or payment id: to the visitor they are simply not found.
const NO_CARD = 'Сертификат не найден';
const NO_PAYMENT = 'Платёж не найден';
const idem = z.object({
  'idempotency-key': z
    .string()
    .optional()
    .describe('Ключ повтора: повтор с тем же ключом (и той же корзиной) вернёт тот же заказ'),
});

const orderRoute = (version: 'v1' | 'v2', description: string) =>
  orders.post(
    `/api/${version}/order/`,
    { headers: idem, body: CreateOrderBody },
    jsonResponses(
      CreateOrderResponse,
      '201 — заказ создан; 200 — повтор с тем же Idempotency-Key',
      [400, 404, 409, 502],
    ),
    { description },
  );

export const createOrderV1 = orderRoute('v1', 'Заказ из items (цена из запроса игнорируется) или из корзины');
export const createOrderV2 = orderRoute('v2', 'Заказ из корзины (cookie cart_id)');
export const orderPayment = orders.post(
  '/api/v1/order_payment/',
  { body: OrderPaymentBody },
  jsonResponses(
    OrderPaymentResponse,
    'Страница оплаты провайдера (или ссылка в приложение банка и QR для СБП); открытая попытка используется повторно',
    [400, 404, 409, 502, 503],
  ),
);
export const paymentMethods = orders.get(
  '/api/v1/payment_methods/',
  {},
  jsonResponses(PaymentMethodsResponse, 'Способы онлайн-оплаты, которые принимает платёжный сервис (card, sbp)', []),
);
export const orderInfo = orders.post(
  '/api/v1/get_order_info/',
  { body: GuidBody },
  jsonResponses(OrderInfoResponse, 'Заказ; статус оплаты проверен у провайдера', [400, 404]),
);
export const giftCardPayment = gift.post(
  '/api/v1/giftcardpayment/',
  { body: GiftCardPaymentBody },
  jsonResponses(OrderInfoResponse, 'Сертификат списан на заказ', [400, 404, 409, 429]),
);
export const promoCode = orders.post(
  '/api/v1/promo_code/',
  { body: PromoCodeBody },
  jsonResponses(PromoCodeResponse, 'Скидка по промокоду на корзину', [400, 404]),
);
export const giftNominals = gift.get(
  '/api/v1/gift/cards/',
  {},
  jsonResponses(GiftCardNominalsResponse, 'Номиналы сертификатов', []),
);
export const giftNominal = gift.get(
  '/api/v1/gift/cards/{slug}/',
  { params: z.object({ slug: z.string().regex(/^[a-z0-9-]{1,60}$/, NO_CARD) }) },
  jsonResponses(GiftCardDataResponse, 'Номинал', [400, 404]),
);
export const giftCardData = gift.post(
  '/api/v1/gift/card/data/',
  { body: GiftCardDataBody },
  jsonResponses(GiftCardDataResponse, 'Номинал по ext_id (поле response)', [400, 404]),
);
export const checkGiftCard = gift.post(
  '/api/v1/check_card/',
  { body: CheckCardBody },
  jsonResponses(CheckCardResponse, 'Баланс сертификата', [400, 404, 429]),
);
export const cdekCalc = delivery.post(
  '/api/v1/cdek_calc/',
  { body: DeliveryCalcBody },
  jsonResponses(DeliveryOptionsResponse, 'Курьер и пункт выдачи: стоимость и сроки', [400, 404, 502]),
);
export const checkDelivery = delivery.post(
  '/api/v1/check_delivery/',
  { body: DeliveryCalcBody },
  jsonResponses(DeliveryOptionsResponse, 'Все способы доставки в город', [400, 404, 502]),
);
export const sandboxShow = sandbox.get(
  '/api/v1/sandbox_acquiring/{id}/',
  { params: z.object({ id: z.string().uuid(NO_PAYMENT) }) },
  jsonResponses(SandboxPaymentResponse, 'Платёж тестового эквайринга', [400, 404]),
);
export const sandboxSubmit = sandbox.post(
  '/api/v1/sandbox_acquiring/pay/',
  { body: SandboxPayBody },
  jsonResponses(SandboxPayResponse, '4111 1111 1111 1111 — успех, 4000 0000 0000 0002 — отказ', [400, 404, 409]),
);
export const sandboxSbp = sandbox.post(
  '/api/v1/sandbox_acquiring/sbp/',
  { body: SandboxSbpBody },
  jsonResponses(SandboxPayResponse, 'Симуляция СБП: оплатить или отклонить в «приложении банка»', [400, 404, 409]),
);

/** Registers the checkout routes. */
export function registerCheckoutRoutes(app: ApiApp) {
  openapiRoute(app, createOrderV1, h.createOrderV1);
  openapiRoute(app, createOrderV2, h.createOrderV2);
  openapiRoute(app, orderPayment, h.orderPayment);
  openapiRoute(app, orderInfo, h.orderInfo);
  openapiRoute(app, paymentMethods, h.paymentMethods);
  openapiRoute(app, giftCardPayment, h.giftCardPayment);
  openapiRoute(app, promoCode, h.promoCode);
  openapiRoute(app, giftNominals, h.giftNominals);
  openapiRoute(app, giftNominal, h.giftNominal, { what: NO_CARD });
  openapiRoute(app, giftCardData, h.giftCardData);
  openapiRoute(app, checkGiftCard, h.checkGiftCard);
  openapiRoute(app, cdekCalc, h.cdekCalc);
  openapiRoute(app, checkDelivery, h.checkDelivery);
  openapiRoute(app, sandboxShow, h.sandboxShow, { what: NO_PAYMENT });
  openapiRoute(app, sandboxSubmit, h.sandboxSubmit);
  openapiRoute(app, sandboxSbp, h.sandboxSbp);
}
