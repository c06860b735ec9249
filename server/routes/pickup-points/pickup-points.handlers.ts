/** Handler of GET /v1/pickup_points/ (issue #14 item 13; route in pickup-points.routes.ts). */
import { destinationOf, deliveryProvider } from '../../services/delivery/delivery';
import { pickupPointsOf } from '../../services/delivery/pickup-points';
import type { pickupPointsRoute } from './pickup-points.routes';
import type { AppEnv } from '../../types';
import type { RouteHandler } from '@hono/zod-openapi';

/**
 * The answer to a query the contract refuses (the validation hook of the route): 400 with the
 * first issue's Russian message and a field → message map, the shape of `parseOr400`, never zod's
 * English default.
 */
export function russian400(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>) {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issue.path.map(String).join('.') || '_'] ??= issue.message;
  const first = issues[0];
  return {
    status: 'error' as const,
    message: first ? `Некорректный запрос: ${first.message}` : 'Некорректный запрос',
    errors,
  };
}

/** The city's points; 404 for an unknown city, 502 when CDEK fails (services/delivery/pickup-points.ts). */
export const pickupPoints: RouteHandler<typeof pickupPointsRoute, AppEnv> = async (c) => {
  const { city_id, search } = c.req.valid('query');
  const to = await destinationOf(c.var.db, city_id);
  const { provider, results } = await pickupPointsOf(to, deliveryProvider(), search ?? '');
  return c.json({ status: 'success' as const, city: to.city, provider, results }, 200);
};
