/**
 * Catalogue tables of the embedded shop API. The schema is the files of `server/db/schema/`
 * (re-exported by its index.ts, DESIGN.md "Database"); drizzle-kit generates the committed SQL
 * migrations in `server/db/migrations/` from them.
 *
 * Catalogue model (spec §2 catalogue sections, §3 entities):
 * - `categories` is a tree: level 1 = section (kupalniki, odezhda, …), 2 = subCategory,
 *   3 = categorySubCategory, 4 = categorySubSubCategory (muzhskoe only). `path` is the URL path
 *   without the leading slash, e.g. "kupalniki/razdelnye/byustgaltery".
 * - `products` are the things a shopper sees on a card; `offers` are a product in one colour
 *   (what the spec's `offerColorsList` chooses between); `offer_features` are the sizes of an
 *   offer, each with its own SKU (`ext_id`) and stock. Swimwear sold as separates has features of
 *   kind `top` and `bottom` (the cart's `featuretop` / `featurebot`); everything else has `size`.
 * - Prices are rubles as numeric(12,2) (spec §9: the decimal part is kept).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** PostgreSQL `tsvector` (full-text document), read as its text form. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Product types decide size grids and image silhouettes. */
export const PRODUCT_TYPES = [
  'swimsuit-separate',
  'swimsuit-one-piece',
  'beachwear',
  'dress',
  'top',
  'trousers',
  'skirt',
  'outerwear',
  'knitwear',
  'shoes',
  'sandals',
  'boots',
  'bag',
  'hat',
  'sunglasses',
  'jewelry',
  'belt',
  'scarf',
  'bra',
  'panties',
  'sleepwear',
  'kids-swimwear',
  'kids-clothing',
  'kids-shoes',
  'men-swim-shorts',
  'men-tshirt',
  'men-shirt',
  'men-trousers',
  'men-outerwear',
  'men-shoes',
  'men-accessory',
] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export const FEATURE_KINDS = ['size', 'top', 'bottom'] as const;
export type FeatureKind = (typeof FEATURE_KINDS)[number];

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id'),
    /** URL path without leading slash, unique: "muzhskoe/odezhda/futbolki". */
    path: text('path').notNull(),
    /** Last path segment. */
    slug: text('slug').notNull(),
    /** Top-level section slug (first path segment). */
    section: text('section').notNull(),
    level: integer('level').notNull(),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    seoTitle: text('seo_title'),
    seoDescription: text('seo_description'),
    h1: text('h1'),
    /** Issue #15: `Ид` of the 1C group / YML category id it was imported from; null for own ones. */
    extId: text('ext_id'),
  },
  (t) => [
    uniqueIndex('categories_path_uq').on(t.path),
    uniqueIndex('categories_ext_id_uq').on(t.extId),
    index('categories_parent_idx').on(t.parentId),
  ],
);

/** Landing filters of a category: `/{category path}/tag/{slug}` (spec §2). */
export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    /** An `OfferFilters` object (lib/api/contract) applied on top of the shopper's filters. */
    filter: jsonb('filter').notNull().$type<Record<string, unknown>>(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('tags_category_slug_uq').on(t.categoryId, t.slug)],
);

export const brands = pgTable(
  'brands',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    /** Cyrillic spelling for search ("Маажи" finds Maaji). */
    nameRu: text('name_ru').notNull(),
    country: text('country').notNull(),
    description: text('description').notNull().default(''),
    /** Shown in the menu's brands panel (spec §2: the ten brands). */
    inMenu: boolean('in_menu').notNull().default(false),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('brands_slug_uq').on(t.slug)],
);

export const colors = pgTable(
  'colors',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    /** CSS colour "#rrggbb". */
    hex: text('hex').notNull(),
  },
  (t) => [uniqueIndex('colors_slug_uq').on(t.slug)],
);

export const products = pgTable(
  'products',
  {
    /** The `pk` of product URLs. */
    id: integer('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    type: text('type').$type<ProductType>().notNull(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    /** The deepest category the product lives in. */
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    description: text('description').notNull(),
    composition: text('composition').notNull(),
    material: text('material').notNull(),
    country: text('country').notNull(),
    care: text('care').notNull(),
    /** Rubles. */
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    /** Rubles, set when on sale. */
    oldPrice: numeric('old_price', { precision: 12, scale: 2, mode: 'number' }),
    isNew: boolean('is_new').notNull().default(false),
    /** Higher sorts first under "popularity". */
    popularity: integer('popularity').notNull().default(0),
    /** Grams, for delivery cost. */
    weight: integer('weight').notNull().default(300),
    /** Name, brand (Latin and Cyrillic), category and colour names: what search matches. */
    searchText: text('search_text').notNull(),
    /**
     * Issue #7: the full-text document of search, stored instead of recomputing to_tsvector per
     * row at query time; name words weigh A, the rest of `search_text` (brand, category, colour,
     * material) B, so `ts_rank` ranks name matches first. Never written by the application.
     */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('russian', name), 'A') || setweight(to_tsvector('russian', search_text), 'B')`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /**
     * Issue #15: `Ид` of the 1C product / YML `group_id` (or offer id) it was imported from, the key
     * a second import matches on; null for the shop's own products.
     */
    extId: text('ext_id'),
    /**
     * Issue #28: the retailer's own article (1C `Артикул`, YML `vendorCode`), shown on the product
     * page and searchable; null for the demo catalogue (its article is the product id).
     */
    article: text('article'),
    /**
     * Issue #29 (54-ФЗ tag 1199): VAT rate of the product in receipts, one of
     * server/services/payments/receipt.ts `VAT_RATES` ("none", "0", "5", "7", "10", "22"); null = the shop's
     * default (`SHOP_VAT_RATE`).
     */
    vatRate: text('vat_rate'),
    /**
     * Issue #29: goods under mandatory marking (Честный ЗНАК: shoes, much clothing). The online
     * prepayment receipt carries no marking code; the retailer's 1C issues the full-settlement
     * receipt with codes at shipment, and the order export says which lines need one.
     */
    markingRequired: boolean('marking_required').notNull().default(false),
    /** Issue #32: hidden by the shop in the console: out of listings, search and its page. */
    hidden: boolean('hidden').notNull().default(false),
  },
  (t) => [
    uniqueIndex('products_ext_id_uq').on(t.extId),
    index('products_article_idx').on(t.article),
    index('products_category_idx').on(t.categoryId),
    index('products_brand_idx').on(t.brandId),
    index('products_price_idx').on(t.price),
    index('products_created_idx').on(t.createdAt),
    index('products_popularity_idx').on(t.popularity),
    // Facets and sorts inside a category (issue #3): category + sort key, material, sale, new, discount.
    index('products_category_popularity_idx').on(t.categoryId, t.popularity.desc(), t.id),
    index('products_category_price_idx').on(t.categoryId, t.price, t.id),
    index('products_category_created_idx').on(t.categoryId, t.createdAt.desc(), t.id),
    index('products_material_idx').on(t.material),
    index('products_sale_idx')
      .on(t.categoryId)
      .where(sql`${t.oldPrice} is not null`),
    index('products_new_idx')
      .on(t.categoryId)
      .where(sql`${t.isNew}`),
    index('products_discount_idx').using(
      'btree',
      sql`coalesce((${t.oldPrice} - ${t.price}) / ${t.oldPrice}, 0) desc`,
      t.id,
    ),
    // Search (issue #7): full text on the stored vector; typos by trigrams on the short lower(name)
    // (pg_trgm is created by the first (custom) migration).
    index('products_search_vector_idx').using('gin', t.searchVector),
    index('products_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    check('products_price_positive', sql`${t.price} > 0`),
  ],
);

/** A product in one colour. */
export const offers = pgTable(
  'offers',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    colorId: integer('color_id')
      .notNull()
      .references(() => colors.id),
    /** SKU of the colour variant. */
    extId: text('ext_id').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    uniqueIndex('offers_ext_id_uq').on(t.extId),
    index('offers_product_idx').on(t.productId),
    index('offers_color_idx').on(t.colorId),
    // Colour facet: colour → products without touching the heap.
    index('offers_color_product_idx').on(t.colorId, t.productId),
  ],
);

/** A size of an offer: its own SKU and stock. */
export const offerFeatures = pgTable(
  'offer_features',
  {
    id: serial('id').primaryKey(),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<FeatureKind>().notNull(),
    /** Shown size: "44", "S", "75B", "38", "110 см". */
    name: text('name').notNull(),
    extId: text('ext_id').notNull(),
    stock: integer('stock').notNull().default(0),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    uniqueIndex('offer_features_ext_id_uq').on(t.extId),
    index('offer_features_offer_idx').on(t.offerId),
    index('offer_features_name_idx').on(t.name),
    // Size facet: only sizes in stock count.
    index('offer_features_instock_idx')
      .on(t.offerId, t.name)
      .where(sql`${t.stock} > 0`),
    check('offer_features_stock_nonneg', sql`${t.stock} >= 0`),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    offerId: integer('offer_id').references(() => offers.id, { onDelete: 'cascade' }),
    /** Absolute URL or a path served by the API ("/media/products/…"). */
    url: text('url').notNull(),
    alt: text('alt').notNull(),
    isMain: boolean('is_main').notNull().default(false),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sort: integer('sort').notNull().default(0),
    /**
     * Issue #15: the feed's picture address this image was stored from (a re-import that names the
     * same pictures fetches nothing); null for generated pictures and import placeholders.
     */
    sourceUrl: text('source_url'),
    /**
     * Issue #28: the shop's placeholder silhouette standing in for a picture the feed did not give
     * or that could not be fetched. Feeds out leave such images out (Google refuses them).
     */
    isPlaceholder: boolean('is_placeholder').notNull().default(false),
  },
  (t) => [index('product_images_product_idx').on(t.productId), index('product_images_offer_idx').on(t.offerId)],
);

/** The shop's organization record (spec §3), a single row with id 1. */
export const organization = pgTable('organization', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  phone: text('phone').notNull(),
  phoneChats: text('phone_chats').notNull(),
  email: text('email').notNull(),
  address: text('address').notNull(),
  workHours: text('work_hours').notNull(),
  promocode: text('promocode'),
  logo: text('logo').notNull(),
  linkVk: text('link_vk'),
  linkInst: text('link_inst'),
  linkTelegram: text('link_telegram'),
  linkWhatsapp: text('link_whatsapp'),
});

/** SEO records by URL path (spec §3). */
export const seoRecords = pgTable(
  'seo_records',
  {
    id: serial('id').primaryKey(),
    url: text('url').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    keywords: text('keywords').notNull().default(''),
    h1Tag: text('h1_tag').notNull(),
  },
  (t) => [uniqueIndex('seo_records_url_uq').on(t.url)],
);
