/** Handlers of the order history (spec §7 /v1/history_order_preview/, /v1/history_order_detail/). */
import { OrderDetailBody } from '@/lib/api/contract/orders';
import { parseOr400, readJson } from '../../http';
import { requireUser } from '../../services/auth';
import { getUserOrder, listUserOrders } from '../../services/order-history';
import type { AppEnv } from '../../types';
import type { Context } from 'hono';

type Ctx = Context<AppEnv>;

/** GET /v1/history_order_preview/: the user's orders, newest first. */
export async function preview(c: Ctx) {
  const user = await requireUser(c);
  return c.json({ status: 'success' as const, results: await listUserOrders(c.var.db, user.id) });
}

/** POST /v1/history_order_detail/ {pk}: one order of the user; another user's → 404. */
export async function detail(c: Ctx) {
  const user = await requireUser(c);
  const { pk } = parseOr400(OrderDetailBody, await readJson(c), 'Заказ не найден');
  return c.json({ status: 'success' as const, order: await getUserOrder(c.var.db, user.id, pk) });
}
