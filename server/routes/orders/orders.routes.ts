/** Order history endpoints (spec §7), one declaration per route (routes/openapi.ts). */
import { OrderDetailBody, OrderDetailResponse, OrderPreviewResponse } from '@/lib/api/contract/orders';
import { jsonResponses } from '../docs';
import { openapiRoute, routeGroup } from '../openapi';
import * as h from './orders.handlers';
import type { ApiApp } from '../../types';

const route = routeGroup({ tags: ['Заказы'], security: [{ Token: [] }] });

export const preview = route.get(
  '/api/v1/history_order_preview/',
  {},
  jsonResponses(OrderPreviewResponse, 'Заказы пользователя', [401]),
);
export const detail = route.post(
  '/api/v1/history_order_detail/',
  { body: OrderDetailBody },
  jsonResponses(OrderDetailResponse, 'Заказ пользователя', [400, 401, 404]),
);

/** Registers the order history routes. */
export function registerOrderHistoryRoutes(app: ApiApp) {
  openapiRoute(app, preview, h.preview);
  openapiRoute(app, detail, h.detail);
}
