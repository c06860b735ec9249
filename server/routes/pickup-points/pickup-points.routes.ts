/**
 * GET /v1/pickup_points/?city_id=N[&search=…] (issue #14 item 13): the pickup points of a city for
 * the "В пункт выдачи СДЭК" method, one declaration (routes/openapi.ts); a query the contract
 * refuses gets the app's Russian 400.
 */
import { PickupPointsQuery, PickupPointsResponse } from '@/lib/api/contract/checkout';
import { ApiError } from '@/lib/api/contract/common';
import { openapiRoute, routeGroup } from '../openapi';
import { pickupPoints } from './pickup-points.handlers';
import type { ApiApp } from '../../types';

const errorContent = { 'application/json': { schema: ApiError } };

/** The route: query `city_id` (a city of GET /v1/cities/) and optional `search`. */
export const pickupPointsRoute = routeGroup({ tags: ['Доставка'] }).get(
  // Documented without the final "/" as it always was; requests with it are routed the same.
  '/api/v1/pickup_points',
  { query: PickupPointsQuery },
  {
    200: { description: 'Пункты выдачи', content: { 'application/json': { schema: PickupPointsResponse } } },
    400: { description: 'Некорректный запрос', content: errorContent },
    404: { description: 'Город не найден', content: errorContent },
    502: { description: 'СДЭК не ответил', content: errorContent },
  },
  {
    summary: 'Пункты выдачи города',
    description:
      'Офисы и постаматы СДЭК (provider "cdek", когда СДЭК настроен) или встроенный демонстрационный список (provider "demo")',
  },
);

/** Registers the pickup-point route. */
export function registerPickupPointRoutes(app: ApiApp) {
  openapiRoute(app, pickupPointsRoute, pickupPoints);
}
