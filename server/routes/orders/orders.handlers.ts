/** Handlers of the order history (spec §7 /v1/history_order_preview/, /v1/history_order_detail/), typed from orders.routes.ts. */
import { OrderDetailBody } from '@/lib/api/contract/orders';
import { parseOr400, readJson } from '../../http';
import { requireUser } from '../../services/auth';
import { getUserOrder, listUserOrders } from '../../services/order-history';
import type * as r from './orders.routes';
import type { AppEnv } from '../../types';
import type { RouteConfig, RouteHandler } from '@hono/zod-openapi';

type Handler<R extends RouteConfig> = RouteHandler<R, AppEnv>;

/** GET /v1/history_order_preview/: the user's orders, newest first. @throws ApiHttpError 401 without a token. */
export const preview: Handler<typeof r.preview> = async (c) => {
  const user = await requireUser(c);
  return c.json({ status: 'success' as const, results: await listUserOrders(c.var.db, user.id) }, 200);
};

/**
 * POST /v1/history_order_detail/ {pk}: one order of the user; another user's → 404.
 * The body is read by the project's `readJson` (empty = `{}`, non-JSON = 415), see routes/openapi.ts.
 */
export const detail: Handler<typeof r.detail> = async (c) => {
  const user = await requireUser(c);
  const { pk } = parseOr400(OrderDetailBody, await readJson(c), 'Заказ не найден');
  return c.json({ status: 'success' as const, order: await getUserOrder(c.var.db, user.id, pk) }, 200);
};
