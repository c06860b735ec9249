/** Handler of GET /v1/pickup_points/ (issue #14 item 13; route in pickup-points.routes.ts). */
import { destinationOf, deliveryProvider } from '../../services/delivery/delivery';
import { pickupPointsOf } from '../../services/delivery/pickup-points';
import type { pickupPointsRoute } from './pickup-points.routes';
import type { AppEnv } from '../../types';
import type { RouteHandler } from '@hono/zod-openapi';

/** The city's points; 404 for an unknown city, 502 when CDEK fails (services/delivery/pickup-points.ts). */
export const pickupPoints: RouteHandler<typeof pickupPointsRoute, AppEnv> = async (c) => {
  const { city_id, search } = c.req.valid('query');
  const to = await destinationOf(c.var.db, city_id);
  const { provider, results } = await pickupPointsOf(to, deliveryProvider(), search ?? '');
  return c.json({ status: 'success' as const, city: to.city, provider, results }, 200);
};
