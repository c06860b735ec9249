/**
 * GET /v1/stock/{pk}/ (lib/api/contract/stock.ts, issue #13): the live stock of one product's
 * sizes for the cached product page's purchase panel. One query on primary keys and the
 * `offers_product_idx` / `offer_features_offer_idx` indexes; the product row is joined so an
 * unknown product is told apart from one without offers in the same round trip.
 */
import { sql } from 'drizzle-orm';
import { StockParams, type StockOffer, type StockResponse } from '@/lib/api/contract/stock';
import { rows } from '../../db/client';
import { ApiHttpError, parseOr400 } from '../../http';
import type * as r from './stock.routes';
import type { AppEnv } from '../../types';
import type { RouteHandler } from '@hono/zod-openapi';

type Row = { offer_id: number | null; ext_id: string | null; stock: number | null };

/**
 * GET /v1/stock/{pk}/ → `{status: "success", product, offers: [{offer, features: [{ext_id, stock, available}]}]}`,
 * offers and sizes in the product page's order.
 * @throws ApiHttpError 400 for a pk that is not an int4 id, 404 "Товар не найден" for an unknown product.
 */
export const stock: RouteHandler<typeof r.stock, AppEnv> = async (c) => {
  // The route checks the digits; the contract also bounds the id to int4.
  const { pk } = parseOr400(StockParams, { pk: c.req.valid('param').pk.replace(/\/+$/, '') }, 'Некорректный товар');
  const found = await rows<Row>(
    c.var.db,
    sql`select o.id as offer_id, f.ext_id, f.stock
        from products p
        left join offers o on o.product_id = p.id
        left join offer_features f on f.offer_id = o.id
        where p.id = ${pk}
        order by o.sort, o.id, f.sort, f.id`,
  );
  if (found.length === 0) throw new ApiHttpError(404, 'Товар не найден');
  const offers: StockOffer[] = [];
  for (const row of found) {
    if (row.offer_id === null) continue; // the product has no offers: nothing to sell
    const offerId = Number(row.offer_id);
    let offer = offers.at(-1);
    if (offer?.offer !== offerId) offers.push((offer = { offer: offerId, features: [] }));
    if (row.ext_id === null || row.stock === null) continue;
    const pieces = Number(row.stock);
    offer.features.push({ ext_id: row.ext_id, stock: pieces, available: pieces > 0 });
  }
  const body: StockResponse = { status: 'success', product: pk, offers };
  return c.json(body, 200);
};
