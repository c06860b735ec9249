/** Order history endpoints (spec §7), one declaration per route (routes/openapi.ts). */
import { createRoute } from '@hono/zod-openapi';
import { OrderDetailBody, OrderDetailResponse, OrderPreviewResponse } from '@/lib/api/contract/orders';
import { jsonBody, jsonResponses } from '../docs';
import { openapiRoute } from '../openapi';
import * as h from './orders.handlers';
import type { ApiApp } from '../../types';

const tags = ['Заказы'];
const security = [{ Token: [] }];

export const preview = createRoute({
  method: 'get',
  path: '/api/v1/history_order_preview/',
  tags,
  security,
  responses: jsonResponses(OrderPreviewResponse, 'Заказы пользователя', [401]),
});
export const detail = createRoute({
  method: 'post',
  path: '/api/v1/history_order_detail/',
  tags,
  security,
  request: jsonBody(OrderDetailBody),
  responses: jsonResponses(OrderDetailResponse, 'Заказ пользователя', [400, 401, 404]),
});

/** Registers the order history routes. */
export function registerOrderHistoryRoutes(app: ApiApp) {
  openapiRoute(app, preview, h.preview);
  openapiRoute(app, detail, h.detail);
}
