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

/** An import run (1C exchange, YML CLI or console) and its report. */
export const AdminImportRun = z
  .object({
    id: z.number().int(),
    source: z.string(),
    input: z.string(),
    /** "running", "success" or "failure". */
    status: z.string(),
    report: z.record(z.string(), z.unknown()).nullable(),
    startedAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'AdminImportRun' });
export type AdminImportRun = z.infer<typeof AdminImportRun>;

/** `POST /api/admin/imports/yml`: the feed's http(s) address. */
export const AdminYmlImportInput = z.object({
  url: z
    .string({ error: 'Укажите адрес фида' })
    .trim()
    .min(1, 'Укажите адрес фида')
    .max(2000, 'Адрес фида слишком длинный')
    .regex(/^https?:\/\/[^\s]+$/i, 'Адрес фида должен начинаться с http:// или https://'),
});
