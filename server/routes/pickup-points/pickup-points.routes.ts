/**
 * GET /v1/pickup_points/?city_id=N[&search=…] (issue #14 item 13): the pickup points of a city for
 * the "В пункт выдачи СДЭК" method, declared once with `createRoute` and served by `app.openapi`
 * (issue #17 item 1: the route is its own OpenAPI description; the query is validated from it).
 */
import { createRoute } from '@hono/zod-openapi';
import { PickupPointsQuery, PickupPointsResponse } from '@/lib/api/contract/checkout';
import { ApiError } from '@/lib/api/contract/common';
import { pickupPoints, russian400 } from './pickup-points.handlers';
import type { ApiApp } from '../../types';

const errorContent = { 'application/json': { schema: ApiError } };

/** The route: query `city_id` (a city of GET /v1/cities/) and optional `search`. */
export const pickupPointsRoute = createRoute({
  method: 'get',
  // No trailing slash: the app is `strict: false`, which strips it from requests before matching.
  path: '/api/v1/pickup_points',
  tags: ['Доставка'],
  summary: 'Пункты выдачи города',
  description:
    'Офисы и постаматы СДЭК (provider "cdek", когда СДЭК настроен) или встроенный демонстрационный список (provider "demo")',
  request: { query: PickupPointsQuery },
  responses: {
    200: { description: 'Пункты выдачи', content: { 'application/json': { schema: PickupPointsResponse } } },
    400: { description: 'Некорректный запрос', content: errorContent },
    404: { description: 'Город не найден', content: errorContent },
    502: { description: 'СДЭК не ответил', content: errorContent },
  },
});

/** Registers the pickup-point route. */
export function registerPickupPointRoutes(app: ApiApp) {
  app.openapi(pickupPointsRoute, pickupPoints, (result, c) =>
    result.success ? undefined : c.json(russian400(result.error.issues), 400),
  );
}
