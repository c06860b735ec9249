/**
 * GET /v1/stock/{pk}/ (issue #13 "Sizes on the product page are never wrong for long"): the live
 * stock of every size of one product, never cached. The product page is cached HTML; its purchase
 * panel asks this after hydration and on `visibilitychange`, so a size sold out since the render
 * is disabled before a shopper can pick it. Field names are those of the catalogue's `Offer`
 * (`id` → `offer`) and `Feature` (lib/api/contract/catalog.ts).
 */
import { z } from 'zod';
import { Feature } from './catalog';
import { intIdParam } from './common';

/** Path of GET /v1/stock/{pk}/: the product id, 1..2147483647 (int4), else a 400. */
export const StockParams = z.object({ pk: intIdParam('Некорректный номер товара') });

/** One size's live stock: `ext_id` is the size's SKU (unique across the shop), `stock` pieces. */
export const StockFeature = Feature.pick({ ext_id: true, stock: true, available: true }).meta({ id: 'StockFeature' });
export type StockFeature = z.infer<typeof StockFeature>;

/** One colour (offer) with the live stock of all its sizes (one-piece, top and bottom alike). */
export const StockOffer = z
  .object({
    offer: z.number().int(),
    features: z.array(StockFeature),
  })
  .meta({ id: 'StockOffer' });
export type StockOffer = z.infer<typeof StockOffer>;

/** Answer of GET /v1/stock/{pk}/. */
export const StockResponse = z
  .object({
    status: z.literal('success'),
    product: z.number().int(),
    offers: z.array(StockOffer),
  })
  .meta({ id: 'ProductStock' });
export type StockResponse = z.infer<typeof StockResponse>;
