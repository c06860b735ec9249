/**
 * The Yandex Market YML feed (issue #15 "feeds out"; format: Yandex Market's "YML" help pages,
 * `yml_catalog` → `shop` → name, company, url, currencies, categories, delivery-options, offers):
 * every sellable size of every colour as an `<offer>`, grouped by product with `group_id` (Yandex's
 * way to show the sizes and colours of one model on one card), with `price`, `oldprice` when
 * discounted, `count` (stock), the product page URL with the colour and size chosen, every picture
 * of the colour as an absolute URL, `vendor` and `param` Цвет / Размер.
 *
 * Sold-out sizes are left out: in YML `available="false"` means "made to order" (под заказ), not
 * "sold out", so listing them would promise goods the shop cannot send; Yandex drops an offer that
 * disappears from the feed and shows it again when it comes back.
 *
 * Issue #28 item 7: the shop's placeholder pictures are never listed (an offer whose pictures are
 * all placeholders has no `<picture>`), nor is the importer's «Без бренда» as `vendor`.
 *
 * Written as a stream of strings, one chunk per page of products (server/services/feeds/feed-source.ts).
 */
import { decimalRubles } from '@/lib/money';
import { readDeliverySettings } from '../delivery/terms';
import { feedCategories, feedProducts, feedShopName, type FeedProduct } from './feed-source';
import { ymlDeliveryOption } from './shop-terms';
import { attributes, cleanText, cutText, element } from './xml';
import type { Db } from '../../db/client';

/** Settings of a feed: the public origin of the storefront (SITE_URL) and the fallback shop name. */
export interface FeedOptions {
  /** "https://shop.example.ru" without a trailing slash. */
  siteUrl: string;
  /** Used when the organization record has no name. */
  shopName: string;
  /** Generation time (tests pin it). */
  now?: Date;
  /** Products per database page. */
  pageSize?: number;
  /** Stops the stream between pages when the client has gone. */
  signal?: AbortSignal;
}

/** Most pictures Yandex Market takes per offer. */
export const YML_MAX_PICTURES = 10;
/** Longest description Yandex Market takes, characters. */
export const YML_MAX_DESCRIPTION = 3000;

/** `path` (or an absolute URL) on `siteUrl`. */
export function absolute(siteUrl: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${siteUrl}${path.startsWith('/') ? '' : '/'}${path}`;
}

/** "2026-11-23 14:05" in Moscow time (YML's `date`: "YYYY-MM-DD hh:mm", the shop's time zone). */
export function ymlDate(now: Date): string {
  const moscow = new Date(now.getTime() + 3 * 3_600_000);
  return moscow.toISOString().slice(0, 16).replace('T', ' ');
}

/** YML `unit` of a size: "INT" for letter sizes, "RU" for Russian numeric clothing/shoe sizes. */
function sizeUnit(size: string): string | undefined {
  if (/^(X{0,3}S|M|X{0,4}L|\d?XL)$/i.test(size)) return 'INT';
  if (/^\d{2}(\.5)?$/.test(size)) return 'RU';
  return undefined;
}

/**
 * `<param>` of a size or colour, made once per distinct value: a feed has a few hundred distinct
 * sizes and colours but a million offers. Emptied when it grows past a bound (an odd catalogue
 * with free-text sizes must not grow it without end).
 */
const paramMemo = new Map<string, string>();
function memoParam(key: string, make: () => string): string {
  let value = paramMemo.get(key);
  if (value === undefined) {
    if (paramMemo.size >= 10_000) paramMemo.clear();
    paramMemo.set(key, (value = make()));
  }
  return value;
}

/**
 * The `<offer>`s of a product's variants in stock. What all its variants share (name, vendor,
 * price, description…) and each colour's pictures are escaped once, not once per size: a
 * 100,000-product feed has over a million offers.
 */
export function ymlOffers(product: FeedProduct, siteUrl: string): string {
  const inStock = product.variants.filter((v) => v.stock > 0);
  if (inStock.length === 0) return '';
  const shared =
    element('name', product.name) +
    element('vendor', product.brand) +
    (product.article ? element('vendorCode', product.article) : '') +
    element('price', decimalRubles(product.price)) +
    (product.oldPrice !== null ? element('oldprice', decimalRubles(product.oldPrice)) : '') +
    '<currencyId>RUR</currencyId>' +
    element('categoryId', product.categoryId);
  const tail =
    '<delivery>true</delivery>' +
    element('description', cutText(product.description, YML_MAX_DESCRIPTION)) +
    element('country_of_origin', product.country);
  const material = element('param', product.material, { name: 'Материал' });
  const pictures = new Map<number, string>();
  let out = '';
  for (const variant of inStock) {
    let colour = pictures.get(variant.offerId);
    if (colour === undefined) {
      colour = variant.images
        .slice(0, YML_MAX_PICTURES)
        .map((url) => element('picture', absolute(siteUrl, url)))
        .join('');
      pictures.set(variant.offerId, colour);
    }
    const { top, bottom } = variant;
    const size =
      top !== null && bottom !== null
        ? memoParam(
            `t\u0000${top}\u0000${bottom}\u0000${variant.size}`,
            () =>
              element('param', top, { name: 'Размер верха', unit: sizeUnit(top) }) +
              element('param', bottom, { name: 'Размер низа', unit: sizeUnit(bottom) }) +
              element('param', variant.size, { name: 'Размер' }),
          )
        : memoParam(`s\u0000${variant.size}`, () =>
            element('param', variant.size, { name: 'Размер', unit: sizeUnit(variant.size) }),
          );
    out +=
      `<offer${attributes({ id: variant.id, group_id: product.id, available: 'true' })}>` +
      shared +
      element('url', absolute(siteUrl, variant.path)) +
      colour +
      tail +
      memoParam(`c\u0000${variant.colorName}`, () => element('param', variant.colorName, { name: 'Цвет' })) +
      size +
      material +
      element('count', variant.stock) +
      '</offer>\n';
  }
  return out;
}

/** The end of the YML document, after the last offer. */
export const YML_TAIL = '</offers>\n</shop>\n</yml_catalog>\n';

/**
 * The YML document up to the first offer: shop, currencies, the category tree (read now), the
 * delivery option and `<offers>`. Rebuilt on every build, also an incremental one (feed-writer.ts):
 * it holds the date and every category name.
 */
export async function ymlHead(db: Db, options: FeedOptions): Promise<string> {
  const [shopName, categories] = await Promise.all([feedShopName(db, options.shopName), feedCategories(db)]);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<yml_catalog date="${ymlDate(options.now ?? new Date())}">`,
    '<shop>',
    element('name', shopName),
    element('company', shopName),
    element('url', `${options.siteUrl}/`),
    '<currencies><currency id="RUR" rate="1"/></currencies>',
    '<categories>',
    ...categories.map((c) =>
      element('category', cleanText(c.name) || c.path, { id: c.id, parentId: c.parentId ?? undefined }),
    ),
    '</categories>',
    `<delivery-options>${ymlDeliveryOption(await readDeliverySettings(db))}</delivery-options>`,
    '<offers>',
    '',
  ].join('\n');
}

/**
 * The YML document as a sequence of strings: the head (shop, currencies, categories) at once,
 * then the offers of each page of products as one string, then the tail.
 */
export async function* ymlFeed(db: Db, options: FeedOptions): AsyncGenerator<string> {
  yield await ymlHead(db, options);
  for await (const page of feedProducts(db, { pageSize: options.pageSize, signal: options.signal })) {
    let chunk = '';
    for (const product of page) chunk += ymlOffers(product, options.siteUrl);
    if (chunk) yield chunk;
  }
  yield YML_TAIL;
}
