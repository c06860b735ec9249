/**
 * Handlers of the operator API (issue #29 item 4). Every call needs `Authorization: Bearer
 * <OPERATOR_TOKEN>` (compared in constant time); without the setting the API does not exist (404),
 * with a wrong token it answers 401.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { OperatorCancelBody, OperatorRefundBody } from '@/lib/api/contract/operator';
import { serverEnv } from '../../env';
import { ApiHttpError, parseOr400, readJson } from '../../http';
import { cancelOrder as cancel, listRefunds as list, refundLines as refund } from '../../services/refunds';
import type * as r from './operator.routes';
import type { AppEnv } from '../../types';
import type { RouteConfig, RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';

type Handler<R extends RouteConfig> = RouteHandler<R, AppEnv>;

const digest = (s: string) => createHash('sha256').update(s).digest();

/** @throws ApiHttpError 404 when the operator API is off, 401 on a missing or wrong token. */
export function assertOperator(c: Context<AppEnv>): void {
  const token = serverEnv.OPERATOR_TOKEN;
  if (!token) throw new ApiHttpError(404, 'Не найдено');
  const sent = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1]?.trim() ?? '';
  if (!timingSafeEqual(digest(sent), digest(token))) throw new ApiHttpError(401, 'Нужен ключ оператора');
}

/** POST /api/v1/operator/orders/{ref}/cancel/ {reason}. */
export const cancelOrder: Handler<typeof r.cancelOrder> = async (c) => {
  assertOperator(c);
  const { ref } = c.req.valid('param');
  const body = parseOr400(OperatorCancelBody, await readJson(c), 'Проверьте запрос');
  const result = await cancel(c.var.db, ref, { reason: body.reason, requestedBy: 'operator:api' });
  return c.json({ status: 'success' as const, ...result }, 200);
};

/** POST /api/v1/operator/orders/{ref}/refund/ {lines, reason, key}. */
export const refundLines: Handler<typeof r.refundLines> = async (c) => {
  assertOperator(c);
  const { ref } = c.req.valid('param');
  const body = parseOr400(OperatorRefundBody, await readJson(c), 'Проверьте запрос');
  const result = await refund(
    c.var.db,
    ref,
    body.lines.map((l) => ({ orderItemId: l.order_item_id, quantity: l.quantity })),
    { key: body.key, reason: body.reason, requestedBy: 'operator:api' },
  );
  return c.json({ status: 'success' as const, refund: result }, 200);
};

/** GET /api/v1/operator/orders/{ref}/refunds/. */
export const listRefunds: Handler<typeof r.listRefunds> = async (c) => {
  assertOperator(c);
  const { ref } = c.req.valid('param');
  return c.json({ status: 'success' as const, ...(await list(c.var.db, ref)) }, 200);
};
