/**
 * Notifications of payment providers (issue #29): `POST /api/v1/payments/yookassa/notify/` is the
 * URL set in the ЮKassa account (docs/payments.md). Only the events the shop subscribes to are
 * accepted; the body only names a payment, whose status is then read from ЮKassa's API
 * (server/services/order-payment.ts `syncPaymentByProviderRef`) — a forged body changes nothing.
 */
import { jsonResponses } from '../docs';
import { openapiRoute, routeGroup } from '../openapi';
import * as h from './payments.handlers';
import { NotificationAccepted, YooKassaNotification } from './yookassa-notification';
import type { ApiApp } from '../../types';

const payments = routeGroup({ tags: ['Оплата'] });

export const yookassaNotify = payments.post(
  '/api/v1/payments/yookassa/notify/',
  { body: YooKassaNotification },
  jsonResponses(NotificationAccepted, 'Уведомление принято', [400, 403]),
  {
    summary: 'Уведомления ЮKassa',
    description:
      'События payment.succeeded, payment.canceled, refund.succeeded. Тело уведомления не считается доказательством: магазин перечитывает платёж через API ЮKassa. Ответ 200 на любое известное событие, 400 на прочее; 403 — адрес отправителя вне опубликованных адресов ЮKassa, когда проверка включена (YOOKASSA_NOTIFY_IP_CHECK=1).',
  },
);

/** Registers the provider notification routes. */
export function registerPaymentRoutes(app: ApiApp) {
  openapiRoute(app, yookassaNotify, h.yookassaNotify);
}
