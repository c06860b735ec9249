/** The operator API (issue #29 item 4): cancel with refund, refund lines, list refunds. */
import { z } from 'zod';
import {
  OperatorCancelBody,
  OperatorCancelResponse,
  OperatorRefundBody,
  OperatorRefundResponse,
  OperatorRefundsResponse,
} from '@/lib/api/contract/operator';
import { jsonResponses } from '../docs';
import { openapiRoute, routeGroup } from '../openapi';
import * as h from './operator.handlers';
import type { ApiApp } from '../../types';

const operator = routeGroup({ tags: ['Оператор'], security: [{ Operator: [] }] });
const ref = { params: z.object({ ref: z.string().min(1).max(64) }) };

export const cancelOrder = operator.post(
  '/api/v1/operator/orders/{ref}/cancel/',
  { ...ref, body: OperatorCancelBody },
  jsonResponses(
    OperatorCancelResponse,
    'Отменяет неотправленный заказ: товары и часть сертификата возвращаются, оплата возвращается с чеком возврата',
    [400, 401, 404, 409, 502],
  ),
);
export const refundLines = operator.post(
  '/api/v1/operator/orders/{ref}/refund/',
  { ...ref, body: OperatorRefundBody },
  jsonResponses(
    OperatorRefundResponse,
    'Возврат части строк заказа с чеком возврата прихода; один раз на ключ',
    [400, 401, 404, 409, 502],
  ),
);
export const listRefunds = operator.get(
  '/api/v1/operator/orders/{ref}/refunds/',
  ref,
  jsonResponses(OperatorRefundsResponse, 'Возвраты заказа с чеками', [401, 404]),
);

/** Registers the operator routes (they answer 404 while OPERATOR_TOKEN is unset). */
export function registerOperatorRoutes(app: ApiApp) {
  app.openAPIRegistry.registerComponent('securitySchemes', 'Operator', {
    type: 'http',
    scheme: 'bearer',
    description: 'Ключ оператора OPERATOR_TOKEN',
  });
  openapiRoute(app, cancelOrder, h.cancelOrder, { what: 'Заказ не найден' });
  openapiRoute(app, refundLines, h.refundLines, { what: 'Заказ не найден' });
  openapiRoute(app, listRefunds, h.listRefunds, { what: 'Заказ не найден' });
}
