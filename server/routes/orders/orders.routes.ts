/** Order history endpoints (spec §7), in OpenAPI. */
import { OrderDetailBody, OrderDetailResponse, OrderPreviewResponse } from '@/lib/api/contract/orders';
import { jsonBody, jsonResponses } from '../docs';
import * as h from './orders.handlers';
import type { ApiApp } from '../../types';

const TAG = ['Заказы'];
const security = [{ Token: [] }];

/** Registers the order history routes. */
export function registerOrderHistoryRoutes(app: ApiApp) {
  const r = app.openAPIRegistry;
  r.registerPath({
    method: 'get',
    path: '/api/v1/history_order_preview/',
    tags: TAG,
    security,
    responses: jsonResponses(OrderPreviewResponse, 'Заказы пользователя', [401]),
  });
  r.registerPath({
    method: 'post',
    path: '/api/v1/history_order_detail/',
    tags: TAG,
    security,
    request: jsonBody(OrderDetailBody),
    responses: jsonResponses(OrderDetailResponse, 'Заказ пользователя', [400, 401, 404]),
  });
  app.get('/api/v1/history_order_preview', h.preview);
  app.post('/api/v1/history_order_detail', h.detail);
}
