/**
 * Catalogue contract (spec §7 Catalogue, §3 Preview category / Brand, §2 catalogue routes).
 */
import { z } from 'zod';
import { SORTS } from '../../constants';
import { PageQuery, Rubles, paginated, safeString } from './common';

export const Image = z
  .object({
    /** URL: absolute, or a path on the storefront host ("/media/…"). */
    image: z.string(),
    is_main: z.boolean(),
    alt: z.string(),
    width: z.number().int(),
    height: z.number().int(),
  })
  .meta({ id: 'Image' });
export type Image = z.infer<typeof Image>;

export const BrandRef = z.object({ name: z.string(), slug: z.string() });

export const Brand = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    name_ru: z.string(),
    country: z.string(),
    description: z.string(),
    in_menu: z.boolean(),
    products_count: z.number().int(),
  })
  .meta({ id: 'Brand' });
export type Brand = z.infer<typeof Brand>;

export const Color = z
  .object({ id: z.number().int(), slug: z.string(), name: z.string(), hex: z.string() })
  .meta({ id: 'Color' });
export type Color = z.infer<typeof Color>;

export const CategoryRef = z.object({ path: z.string(), name: z.string() });
export type CategoryRef = z.infer<typeof CategoryRef>;

/** Preview category (spec §3): a section with its subcategories for the menu. */
export const PreviewCategory = z
  .object({
    path: z.string(),
    name: z.string(),
    /** Second-level categories, menu order. */
    subcategories: z.array(CategoryRef),
    /** Every category below the section, any depth. */
    allCategories: z.array(CategoryRef),
  })
  .meta({ id: 'PreviewCategory' });
export type PreviewCategory = z.infer<typeof PreviewCategory>;

export const CategoryListItem = z.object({
  id: z.number().int(),
  path: z.string(),
  name: z.string(),
  level: z.number().int(),
  parent_path: z.string().nullable(),
});

export const Tag = z.object({ slug: z.string(), name: z.string() });

/** GET /v1/category/{path}: a category with its chain, children and tags. */
export const Category = z
  .object({
    id: z.number().int(),
    path: z.string(),
    slug: z.string(),
    section: z.string(),
    level: z.number().int(),
    name: z.string(),
    /** From the section down to the parent. */
    parents: z.array(CategoryRef),
    children: z.array(CategoryRef),
    tags: z.array(Tag),
    /** The requested tag, when `?tag=` was given and exists. */
    tag: Tag.nullable(),
    seo: z.object({ title: z.string(), description: z.string(), h1: z.string() }),
  })
  .meta({ id: 'Category' });
export type Category = z.infer<typeof Category>;

/** A product as a listing card. */
export const OfferCard = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    brand: BrandRef,
    price: Rubles,
    old_price: Rubles.nullable(),
    /** Percent off the old price, 0 when not on sale. */
    discount: z.number().int(),
    is_new: z.boolean(),
    /** Canonical product URL path ("/kupalniki/razdelnye/byustgaltery/123/slug"). */
    full_path_offer: z.string(),
    category: CategoryRef,
    images: z.array(Image),
    colors: z.array(Color),
    /** Size names in stock, any colour. */
    sizes: z.array(z.string()),
    /**
     * Issue #33: mean rating (0.1) and count of approved reviews; null without reviews. Optional:
     * a backend without reviews leaves it out.
     */
    rating: z.object({ average: z.number(), count: z.number().int() }).nullable().optional(),
  })
  .meta({ id: 'OfferCard' });
export type OfferCard = z.infer<typeof OfferCard>;

export { SORTS };
export const Sort = z.enum(SORTS, { error: 'Неизвестная сортировка' });
export type Sort = z.infer<typeof Sort>;

/** A price bound of the filters, rubles: 0..1 000 000 000 (prices are numeric(12,2)). */
const PriceBound = z
  .number({ error: 'Цена должна быть числом' })
  .nonnegative('Цена не может быть отрицательной')
  .max(1_000_000_000, 'Слишком большая цена');

/**
 * Filters of `/v1/offers/` sent as JSON query data (`?filters={…}`). AND across keys, OR within
 * one list.
 */
export const OfferFilters = z
  .object({
    brands: z.array(safeString().max(100)).max(100).optional(),
    colors: z.array(safeString().max(100)).max(100).optional(),
    sizes: z.array(safeString().max(50)).max(100).optional(),
    materials: z.array(safeString().max(100)).max(50).optional(),
    price_min: PriceBound.optional(),
    price_max: PriceBound.optional(),
    sale: z.boolean().optional(),
    new: z.boolean().optional(),
  })
  .strict()
  .meta({ id: 'OfferFilters' });
export type OfferFilters = z.infer<typeof OfferFilters>;

export const OffersQuery = PageQuery.extend({
  /** JSON of `OfferFilters`. */
  filters: safeString().max(4000, 'Слишком длинный фильтр').optional(),
  sort: Sort.optional(),
  /** Landing tag slug of the category. */
  tag: safeString().max(100).optional(),
});

export const OffersPage = paginated(OfferCard).meta({ id: 'OffersPage' });
export type OffersPage = z.infer<typeof OffersPage>;

/** POST /v1/offers_list/ (spec §7: sale or new, empty filter, 64 items). */
export const OffersListBody = z
  .object({
    type: z.enum(['sale', 'new'], { error: 'type должен быть sale или new' }),
    filter: z.record(safeString().max(100), z.unknown()).optional(),
  })
  .meta({ id: 'OffersListBody' });
export const OffersListResponse = z.object({ results: z.array(OfferCard) }).meta({ id: 'OffersList' });

export const Feature = z
  .object({
    id: z.number().int(),
    ext_id: z.string(),
    name: z.string(),
    stock: z.number().int(),
    available: z.boolean(),
  })
  .meta({ id: 'Feature' });
export type Feature = z.infer<typeof Feature>;

/** An offer: the product in one colour with its sizes. */
export const Offer = z
  .object({
    id: z.number().int(),
    ext_id: z.string(),
    color: Color,
    images: z.array(Image),
    /** Sizes for one-piece goods; empty for swimwear separates. */
    features: z.array(Feature),
    /** Swimwear separates: top sizes (cart `featuretop`). */
    features_top: z.array(Feature),
    /** Swimwear separates: bottom sizes (cart `featurebot`). */
    features_bottom: z.array(Feature),
  })
  .meta({ id: 'Offer' });
export type Offer = z.infer<typeof Offer>;

/**
 * GET /v1/product_offer/: the product page.
 *
 * Issue #28 added `article` (our own field: spec §3 lists product fields as "not shown"): the
 * retailer's article (1C `Артикул`, YML `vendorCode`) as the importer stored it, or `null` for goods
 * without one (the demo catalogue), for which the storefront shows the product id instead.
 */
export const ProductDetail = OfferCard.extend({
  /** The retailer's article, e.g. "5420" or "AB-123/45"; null when the retailer gave none. */
  article: z.string().nullable(),
  description: z.string(),
  composition: z.string(),
  material: z.string(),
  country: z.string(),
  care: z.string(),
  type: z.string(),
  breadcrumbs: z.array(CategoryRef),
  offers: z.array(Offer),
  related: z.array(OfferCard),
}).meta({ id: 'ProductDetail' });
export type ProductDetail = z.infer<typeof ProductDetail>;

export const ProductOfferQuery = z.object({
  pk: z.string({ error: 'Укажите pk товара' }).regex(/^\d{1,9}$/, 'pk должен состоять из цифр'),
  categoryPath: safeString().max(300).optional(),
  slug: safeString().max(300).optional(),
});

/** Query of GET /v1/category/{path}: the landing tag slug, when any. */
export const CategoryQuery = z.object({ tag: safeString().max(100, 'Слишком длинный тег').optional() });

/** The search text of /v1/search/{query}/: 1–200 characters after trimming. */
export const SearchText = safeString().trim().min(1, 'Введите поисковый запрос').max(200, 'Слишком длинный запрос');

export const SearchQuery = PageQuery.extend({
  filters: safeString().max(4000, 'Слишком длинный фильтр').optional(),
  sort: Sort.optional(),
});
export const SearchPage = paginated(OfferCard).extend({ query: z.string() }).meta({ id: 'SearchPage' });
export type SearchPage = z.infer<typeof SearchPage>;
