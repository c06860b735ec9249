/**
 * The console's catalogue view (issue #32, the console API contract `products`, `imports`): 1C or
 * the feed is the master of products, prices and stock, so the console reads them and changes only
 * what the shop owns — whether a product is shown. Records camelCase with `id`; money in rubles.
 */
import { z } from 'zod';

/** A size of a product: its colour, name, SKU and stock (pieces). */
export const AdminProductSize = z.object({
  color: z.string(),
  name: z.string(),
  sku: z.string(),
  stock: z.number().int(),
});

export const AdminProduct = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    article: z.string().nullable(),
    extId: z.string().nullable(),
    brand: z.string(),
    category: z.string(),
    categoryPath: z.string(),
    price: z.number(),
    oldPrice: z.number().nullable(),
    /** Hidden by the shop: out of listings, facets and search. */
    hidden: z.boolean(),
    /** Pieces in stock over all sizes. */
    stock: z.number().int(),
    sizes: z.array(AdminProductSize),
  })
  .meta({ id: 'AdminProduct' });
export type AdminProduct = z.infer<typeof AdminProduct>;

/** `PUT /api/admin/products/{id}`: the whole record may be sent; only `hidden` is the shop's to change. */
export const AdminProductUpdate = z.object({
  hidden: z.boolean({ error: 'Поле «Скрыт»: да или нет' }),
});
export type AdminProductUpdate = z.infer<typeof AdminProductUpdate>;
