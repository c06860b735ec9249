/**
 * What the product feeds list (issue #15 "feeds out"): the catalogue read in pages of products
 * ordered by id with a keyset cursor (`id > last`), never with OFFSET and never all at once, so
 * the first page is ready in milliseconds whatever the catalogue's size and memory holds one page.
 *
 * Each product becomes its variants: one per colour (offer) and size (spec §3 features). Swimwear
 * sold as separates (spec §3 featuretop/featurebot) is bought as a top size plus a bottom size at
 * the product's price (server/services/cart.ts), so its variants are the top × bottom pairs, with
 * the smaller of the two stocks.
 */
import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import { productPath } from '../catalog';
import { NO_BRAND } from '../catalog-import/writer';

/** Products read per query. */
export const FEED_PAGE_SIZE = 500;

/** A colour + size of a product, as both feeds list it. */
export interface FeedVariant {
  /** Feed id: the size's SKU (`ext_id`), or `{top}_{bottom}` for separates; see {@link feedId}. */
  id: string;
  /** Colour (offer) id and SKU. */
  offerId: number;
  offerExtId: string;
  colorSlug: string;
  /** Russian colour name, lower case as shoppers write it ("чёрный"). */
  colorName: string;
  /** Shown size ("M", "75B", "38"); separates: "S/M" (top/bottom). */
  size: string;
  /** Separates only: the top and bottom sizes. */
  top: string | null;
  bottom: string | null;
  /** Pieces that can be ordered now (0: sold out). */
  stock: number;
  /** Product page URL path with the colour and size chosen (`?color=…&size=…`). */
  path: string;
  /** Picture paths/URLs of this colour, main first. */
  images: string[];
}

/** A product with its variants. */
export interface FeedProduct {
  id: number;
  name: string;
  description: string;
  /** The brand's name; '' when the product has none (the importer's «Без бренда»). */
  brand: string;
  /** Rubles. */
  price: number;
  /** Rubles, set when on sale (greater than `price`). */
  oldPrice: number | null;
  categoryId: number;
  /** "kupalniki/razdelnye/byustgaltery". */
  categoryPath: string;
  /** Category names from the section down ("Купальники", "Раздельные купальники", …). */
  categoryNames: string[];
  material: string;
  country: string;
  /** The retailer's article (1C Артикул, YML vendorCode), null when the shop has none. */
  article: string | null;
  /** Canonical product page path (spec §2). */
  path: string;
  /** Every real picture of the product, main first (placeholders left out, issue #28). */
  images: string[];
  variants: FeedVariant[];
}

/** A category of the tree, for YML's `<categories>`. */
export interface FeedCategory {
  id: number;
  parentId: number | null;
  path: string;
  name: string;
}

interface ProductRow {
  id: number;
  name: string;
  slug: string;
  description: string;
  brand: string;
  price: string;
  old_price: string | null;
  category_id: number;
  category_path: string;
  material: string;
  country: string;
  /** The retailer's article (1C Артикул, YML vendorCode), null when the shop has none. */
  article: string | null;
}

interface FeatureRow {
  product_id: number;
  offer_id: number;
  offer_ext_id: string;
  color_slug: string;
  color_name: string;
  feature_id: number;
  kind: 'size' | 'top' | 'bottom';
  size: string;
  ext_id: string;
  stock: number;
}

interface ImageRow {
  product_id: number;
  offer_id: number | null;
  url: string;
}

/** SKU characters both Yandex Market (≤ 80) and Google (≤ 50) accept. */
const SKU = /^[0-9A-Za-z.,/\\()[\]\-=_]{1,50}$/;

/**
 * The feed id of a variant: the SKU when both marketplaces accept it as an id, else `f{ids}` (a
 * 1C GUID pair with `#`, a very long code). Stable across runs, the same in both feeds (Yandex
 * asks for one id per product in every feed it reads).
 */
export function feedId(extIds: string[], featureIds: number[]): string {
  const joined = extIds.join('_');
  return SKU.test(joined) ? joined : `f${featureIds.join('-')}`;
}

/** The whole category tree (hundreds of rows), parents first. */
export async function feedCategories(db: Db): Promise<FeedCategory[]> {
  const list = await rows<{ id: number; parent_id: number | null; path: string; name: string }>(
    db,
    sql`select id, parent_id, path, name from categories order by level, sort, id`,
  );
  return list.map((c) => ({ id: c.id, parentId: c.parent_id, path: c.path, name: c.name }));
}

/** The shop's name from the organization record (spec §3), or `fallback`. */
export async function feedShopName(db: Db, fallback: string): Promise<string> {
  const [org] = await rows<{ name: string }>(db, sql`select name from organization where id = 1`);
  return org?.name?.trim() || fallback;
}

/**
 * The products in pages of `pageSize` by id (keyset cursor), each page loaded with three queries
 * (products, sizes, pictures). Products without any colour or size are left out: nothing of them
 * can be ordered.
 * @param signal stops between pages when the client has gone.
 * @param ids only these products (an incremental feed build, feed-writer.ts), read in pages of
 *   `pageSize` ids; ids of products that no longer exist are skipped.
 */
export async function* feedProducts(
  db: Db,
  { pageSize = FEED_PAGE_SIZE, signal, ids }: { pageSize?: number; signal?: AbortSignal; ids?: readonly number[] } = {},
): AsyncGenerator<FeedProduct[]> {
  const memo = new PageMemo(new Map((await feedCategories(db)).map((c) => [c.path, c.name])));
  const wanted = ids ? [...new Set(ids)].sort((a, b) => a - b) : null;
  let after = 0;
  for (let start = 0; ; start += pageSize) {
    if (signal?.aborted) return;
    let products: ProductRow[];
    let which: SQL;
    if (wanted) {
      const slice = wanted.slice(start, start + pageSize);
      if (slice.length === 0) return;
      // A Postgres array literal: one parameter whatever the number of ids (PGlite and pg alike).
      const list = `{${slice.join(',')}}`;
      which = sql`= any(${list}::int[])`;
      products = await rows<ProductRow>(
        db,
        sql`select p.id, p.name, p.slug, p.description, b.name as brand, p.price, p.old_price,
                   p.category_id, c.path as category_path, p.material, p.country, p.article
            from products p join brands b on b.id = p.brand_id join categories c on c.id = p.category_id
            where p.id ${which} order by p.id`,
      );
      if (products.length === 0) continue;
    } else {
      products = await rows<ProductRow>(
        db,
        sql`select p.id, p.name, p.slug, p.description, b.name as brand, p.price, p.old_price,
                   p.category_id, c.path as category_path, p.material, p.country, p.article
            from products p join brands b on b.id = p.brand_id join categories c on c.id = p.category_id
            where p.id > ${after} order by p.id limit ${pageSize}`,
      );
      if (products.length === 0) return;
      which = sql`between ${products[0]!.id} and ${products[products.length - 1]!.id}`;
      after = products[products.length - 1]!.id;
    }
    const [features, images] = await Promise.all([
      rows<FeatureRow>(
        db,
        sql`select o.product_id, o.id as offer_id, o.ext_id as offer_ext_id, col.slug as color_slug, col.name as color_name,
                   f.id as feature_id, f.kind, f.name as size, f.ext_id, f.stock
            from offers o join colors col on col.id = o.color_id join offer_features f on f.offer_id = o.id
            where o.product_id ${which}
            order by o.product_id, o.sort, o.id, f.sort, f.id`,
      ),
      rows<ImageRow>(
        db,
        // Issue #28 item 7: the shop's placeholder silhouette (an imported product whose picture
        // could not be fetched) is no picture of the goods: Google refuses such items, and a
        // marketplace card with it misleads.
        sql`select product_id, offer_id, url from product_images
            where product_id ${which} and not is_placeholder
            order by product_id, is_main desc, sort, id`,
      ),
    ]);
    const featuresBy = groupBy(features, (f) => f.product_id);
    const imagesBy = groupBy(images, (i) => i.product_id);
    const page: FeedProduct[] = [];
    for (const p of products) {
      const product = toFeedProduct(p, featuresBy.get(p.id) ?? [], imagesBy.get(p.id) ?? [], memo);
      if (product.variants.length > 0) page.push(product);
    }
    yield page;
    if (!wanted && products.length < pageSize) return;
  }
}

function groupBy<T>(list: T[], key: (item: T) => number): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const item of list) {
    const k = key(item);
    let group = map.get(k);
    if (!group) map.set(k, (group = []));
    group.push(item);
  }
  return map;
}

/**
 * Strings a build computes once per distinct value rather than once per variant (a 100,000-product
 * catalogue has over a million variants but a few hundred colours and sizes): lower-cased colour
 * names, the query strings of variant links, a category's names. Per build (so per call of
 * {@link feedProducts}); bounded by the catalogue's distinct colours × sizes and categories.
 */
class PageMemo {
  private readonly lower = new Map<string, string>();
  private readonly queries = new Map<string, string>();
  private readonly categories = new Map<string, string[]>();

  constructor(private readonly names: Map<string, string>) {}

  colour(name: string): string {
    let value = this.lower.get(name);
    if (value === undefined) this.lower.set(name, (value = name.toLocaleLowerCase('ru')));
    return value;
  }

  /** `URLSearchParams` of the colour and the size (or top and bottom), as the product page reads them. */
  query(color: string, extra: Record<string, string>): string {
    const key = `${color}\u0000${Object.keys(extra).join('\u0000')}\u0000${Object.values(extra).join('\u0000')}`;
    let value = this.queries.get(key);
    if (value === undefined) this.queries.set(key, (value = `${new URLSearchParams({ color, ...extra })}`));
    return value;
  }

  categoryNames(categoryPath: string): string[] {
    let value = this.categories.get(categoryPath);
    if (value === undefined) {
      const segments = categoryPath.split('/');
      value = segments
        .map((_, i) => this.names.get(segments.slice(0, i + 1).join('/')))
        .filter((n): n is string => Boolean(n));
      this.categories.set(categoryPath, value);
    }
    return value;
  }
}

function toFeedProduct(p: ProductRow, features: FeatureRow[], images: ImageRow[], memo: PageMemo): FeedProduct {
  const path = productPath(p.category_path, p.id, p.slug);
  const allImages = images.map((i) => i.url);
  const categoryNames = memo.categoryNames(p.category_path);
  const imagesByOffer = new Map<number, string[]>();
  for (const i of images) {
    if (i.offer_id === null) continue;
    let list = imagesByOffer.get(i.offer_id);
    if (!list) imagesByOffer.set(i.offer_id, (list = []));
    list.push(i.url);
  }
  const price = Number(p.price);
  const oldPrice = p.old_price === null ? null : Number(p.old_price);
  const variants: FeedVariant[] = [];
  for (const offer of groupBy(features, (f) => f.offer_id).values()) {
    const head = offer[0]!;
    const offerImages = imagesByOffer.get(head.offer_id);
    const base = {
      offerId: head.offer_id,
      offerExtId: head.offer_ext_id,
      colorSlug: head.color_slug,
      colorName: memo.colour(head.color_name),
      images: offerImages ?? allImages,
    };
    const query = (extra: Record<string, string>) => `${path}?${memo.query(head.color_slug, extra)}`;
    const tops = offer.filter((f) => f.kind === 'top');
    const bottoms = offer.filter((f) => f.kind === 'bottom');
    if (tops.length > 0 || bottoms.length > 0) {
      for (const t of tops) {
        for (const b of bottoms) {
          variants.push({
            ...base,
            id: feedId([t.ext_id, b.ext_id], [t.feature_id, b.feature_id]),
            size: `${t.size}/${b.size}`,
            top: t.size,
            bottom: b.size,
            stock: Math.min(t.stock, b.stock),
            path: query({ top: t.size, bottom: b.size }),
          });
        }
      }
      continue;
    }
    for (const f of offer) {
      variants.push({
        ...base,
        id: feedId([f.ext_id], [f.feature_id]),
        size: f.size,
        top: null,
        bottom: null,
        stock: f.stock,
        path: query({ size: f.size }),
      });
    }
  }
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    // Issue #28 item 7: the importer's «Без бренда» says the vendor is unknown; published as a
    // brand it would be a brand of its own on Yandex Market and Google.
    brand: p.brand === NO_BRAND ? '' : p.brand,
    price,
    oldPrice: oldPrice !== null && oldPrice > price ? oldPrice : null,
    categoryId: p.category_id,
    categoryPath: p.category_path,
    categoryNames,
    material: p.material,
    country: p.country,
    article: p.article,
    path,
    images: allImages,
    variants,
  };
}
