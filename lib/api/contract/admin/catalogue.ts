/**
 * The console's catalogue view (issue #32, the console API contract `products`, `imports`): 1C or
 * the feed is the master of products, prices and stock, so the console reads them and changes only
 * what the shop owns — whether a product is shown. Records camelCase with `id`; money in rubles.
 */
import { z } from 'zod';
import { text } from './content';

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
    /** The product page's canonical path (`full_path_offer`), the URL its SEO record is kept under. */
    url: z.string(),
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

/**
 * `GET|PUT /api/admin/products/{id}/seo`: the SEO text of the product's page, kept as the SEO record
 * of its canonical URL (`/v1/get_seo/`, the record the page's metadata and H1 read), so a 1C or YML
 * import, which writes only products, never overwrites it. Empty strings: the page's generated text.
 */
export const AdminProductSeo = z
  .object({
    /** The product's canonical path the record belongs to. */
    url: z.string(),
    /** The SEO record's id; null while the product has none. */
    seoId: z.number().int().nullable(),
    title: z.string(),
    description: z.string(),
    keywords: z.string(),
    h1: z.string(),
  })
  .meta({ id: 'AdminProductSeo' });
export type AdminProductSeo = z.infer<typeof AdminProductSeo>;

/** The product's SEO text; every field empty removes the record (the generated text applies again). */
export const AdminProductSeoInput = z.object({
  title: text('title', 300).default(''),
  description: text('description', 1000).default(''),
  keywords: text('keywords', 1000).default(''),
  h1: text('H1', 300).default(''),
});
export type AdminProductSeoInput = z.infer<typeof AdminProductSeoInput>;

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
