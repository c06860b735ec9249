/** Checkout endpoints (issue #5; spec §7 Orders and payment), documented in OpenAPI. */
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
  SandboxPayResponse,
  SandboxPaymentResponse,
} from '@/lib/api/contract/checkout';
import { jsonBody, jsonResponses } from '../docs';
import * as h from './checkout.handlers';
import type { ApiApp } from '../../types';

const ORDERS = ['Оформление заказа'];
const GIFT = ['Подарочные сертификаты'];
const DELIVERY = ['Доставка'];
const SANDBOX = ['Тестовый эквайринг'];
const idem = z.object({
  'idempotency-key': z
    .string()
    .optional()
    .describe('Ключ повтора: повтор с тем же ключом (и той же корзиной) вернёт тот же заказ'),
});

/** Registers the checkout routes. */
export function registerCheckoutRoutes(app: ApiApp) {
  const r = app.openAPIRegistry;
  for (const v of ['v1', 'v2'] as const) {
    r.registerPath({
      method: 'post',
      path: `/api/${v}/order/`,
      tags: ORDERS,
      description:
        v === 'v1'
          ? 'Заказ из items (цена из запроса игнорируется) или из корзины'
          : 'Заказ из корзины (cookie cart_id)',
      request: { headers: idem, ...jsonBody(CreateOrderBody) },
      responses: jsonResponses(
        CreateOrderResponse,
        '201 — заказ создан; 200 — повтор с тем же Idempotency-Key',
        [400, 404, 409, 502],
      ),
    });
  }
  r.registerPath({
    method: 'post',
    path: '/api/v1/order_payment/',
    tags: ORDERS,
    request: jsonBody(GuidBody),
    responses: jsonResponses(OrderPaymentResponse, 'Страница оплаты провайдера', [400, 404, 409, 502]),
  });
  r.registerPath({
    method: 'post',
    path: '/api/v1/get_order_info/',
    tags: ORDERS,
    request: jsonBody(GuidBody),
    responses: jsonResponses(OrderInfoResponse, 'Заказ; статус оплаты проверен у провайдера', [400, 404]),
  });
  r.registerPath({
    method: 'post',
    path: '/api/v1/giftcardpayment/',
    tags: GIFT,
    request: jsonBody(GiftCardPaymentBody),
    responses: jsonResponses(OrderInfoResponse, 'Сертификат списан на заказ', [400, 404, 409, 429]),
  });
  r.registerPath({
    method: 'post',
    path: '/api/v1/promo_code/',
    tags: ORDERS,
    request: jsonBody(PromoCodeBody),
    responses: jsonResponses(PromoCodeResponse, 'Скидка по промокоду на корзину', [400, 404]),
  });
  r.registerPath({
    method: 'get',
    path: '/api/v1/gift/cards/',
    tags: GIFT,
    responses: jsonResponses(GiftCardNominalsResponse, 'Номиналы сертификатов', []),
  });
  r.registerPath({
    method: 'get',
    path: '/api/v1/gift/cards/{slug}/',
    tags: GIFT,
    request: { params: z.object({ slug: z.string() }) },
    responses: jsonResponses(GiftCardDataResponse, 'Номинал', [400, 404]),
  });
  r.registerPath({
    method: 'post',
    path: '/api/v1/gift/card/data/',
    tags: GIFT,
    request: jsonBody(GiftCardDataBody),
    responses: jsonResponses(GiftCardDataResponse, 'Номинал по ext_id (поле response)', [400, 404]),
  });
  r.registerPath({
    method: 'post',
    path: '/api/v1/check_card/',
    tags: GIFT,
    request: jsonBody(CheckCardBody),
    responses: jsonResponses(CheckCardResponse, 'Баланс сертификата', [400, 404, 429]),
  });
  r.registerPath({
    method: 'post',
    path: '/api/v1/cdek_calc/',
    tags: DELIVERY,
    request: jsonBody(DeliveryCalcBody),
    responses: jsonResponses(DeliveryOptionsResponse, 'Курьер и пункт выдачи: стоимость и сроки', [400, 404, 502]),
  });
  r.registerPath({
    method: 'post',
    path: '/api/v1/check_delivery/',
    tags: DELIVERY,
    request: jsonBody(DeliveryCalcBody),
    responses: jsonResponses(DeliveryOptionsResponse, 'Все способы доставки в город', [400, 404, 502]),
  });
  r.registerPath({
    method: 'get',
    path: '/api/v1/sandbox_acquiring/{id}/',
    tags: SANDBOX,
    request: { params: z.object({ id: z.string().uuid() }) },
    responses: jsonResponses(SandboxPaymentResponse, 'Платёж тестового эквайринга', [400, 404]),
  });
  r.registerPath({
    method: 'post',
    path: '/api/v1/sandbox_acquiring/pay/',
    tags: SANDBOX,
    request: jsonBody(SandboxPayBody),
    responses: jsonResponses(
      SandboxPayResponse,
      '4111 1111 1111 1111 — успех, 4000 0000 0000 0002 — отказ',
      [400, 404, 409],
    ),
  });

  app.post('/api/v1/order', h.createOrderV1);
  app.post('/api/v2/order', h.createOrderV2);
  app.post('/api/v1/order_payment', h.orderPayment);
  app.post('/api/v1/get_order_info', h.orderInfo);
  app.post('/api/v1/giftcardpayment', h.giftCardPayment);
  app.post('/api/v1/promo_code', h.promoCode);
  app.get('/api/v1/gift/cards', h.giftNominals);
  app.get('/api/v1/gift/cards/:slug', h.giftNominal);
  app.post('/api/v1/gift/card/data', h.giftCardData);
  app.post('/api/v1/check_card', h.checkGiftCard);
  app.post('/api/v1/cdek_calc', h.cdekCalc);
  app.post('/api/v1/check_delivery', h.checkDelivery);
  app.get('/api/v1/sandbox_acquiring/:id', h.sandboxShow);
  app.post('/api/v1/sandbox_acquiring/pay', h.sandboxSubmit);
}
