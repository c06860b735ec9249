/**
 * The live stock of one product's sizes (lib/api/contract/stock.ts, issue #13) for the cached
 * product page's purchase panel. One query on primary keys and the `offers_product_idx` /
 * `offer_features_offer_idx` indexes; the product row is joined so an unknown product is told
 * apart from one without offers in the same round trip.
 */
import { sql } from 'drizzle-orm';
import type { StockOffer, StockResponse } from '@/lib/api/contract/stock';
import { rows } from '../db/client';
import { ApiHttpError } from '../http';
import type { Db } from '../db/client';

type Row = { offer_id: number | null; ext_id: string | null; stock: number | null };

/**
 * `{status: "success", product, offers: [{offer, features: [{ext_id, stock, available}]}]}` of
 * product `productId`, offers and sizes in the product page's order (stock in pieces).
 * @throws ApiHttpError 404 "Товар не найден" for an unknown product.
 */
export async function productStock(db: Db, productId: number): Promise<StockResponse> {
  const found = await rows<Row>(
    db,
    sql`select o.id as offer_id, f.ext_id, f.stock
        from products p
        left join offers o on o.product_id = p.id
        left join offer_features f on f.offer_id = o.id
        where p.id = ${productId}
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
  return { status: 'success', product: productId, offers };
}
