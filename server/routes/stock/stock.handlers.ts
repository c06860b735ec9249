/** GET /v1/stock/{pk}/ (lib/api/contract/stock.ts, issue #13): the live stock of one product's sizes (services/stock.ts). */
import { StockParams } from '@/lib/api/contract/stock';
import { parseOr400 } from '../../http';
import { productStock } from '../../services/stock';
import type * as r from './stock.routes';
import type { AppEnv } from '../../types';
import type { RouteHandler } from '@hono/zod-openapi';

/**
 * GET /v1/stock/{pk}/ → `{status: "success", product, offers: [{offer, features: [{ext_id, stock, available}]}]}`.
 * @throws ApiHttpError 400 for a pk that is not an int4 id, 404 "Товар не найден" for an unknown product.
 */
export const stock: RouteHandler<typeof r.stock, AppEnv> = async (c) => {
  // The route checks the digits; the contract also bounds the id to int4.
  const { pk } = parseOr400(StockParams, { pk: c.req.valid('param').pk.replace(/\/+$/, '') }, 'Некорректный товар');
  return c.json(await productStock(c.var.db, pk), 200);
};
