/**
 * The Google Merchant Center feed (issue #15 "feeds out"; format: Google's "Product data
 * specification", RSS 2.0 with the `g:` namespace http://base.google.com/ns/1.0): one `<item>` per
 * colour and size, grouped by product with `g:item_group_id`, with the variant attributes Google
 * requires for apparel (`g:size`, `g:color`, `g:gender`, `g:age_group`), `g:price` as
 * "1234.00 RUB" (the old price when discounted, the current one then in `g:sale_price`),
 * `g:availability`, every picture of the colour (`g:image_link` + `g:additional_image_link`),
 * `g:brand` and `g:condition` new.
 *
 * Sold-out sizes stay in the feed as `out_of_stock`: Google asks to keep out-of-stock items rather
 * than remove them, so they come back without a new review. Variants with no real picture are
 * left out (Google disapproves an item without `image_link`, and one showing the shop's placeholder
 * silhouette, which the importer gives a product whose pictures could not be fetched: issue #28
 * item 7). A product without a brand (the importer's «Без бренда») has no `g:brand`.
 */
import { decimalRubles } from '@/lib/money';
import { feedProducts, feedShopName, type FeedProduct } from './feed-source';
import { audienceOf } from './shop-terms';
import { cutText, element } from './xml';
import { absolute, type FeedOptions } from './yml';
import type { Db } from '../../db/client';

/** Google's limits: title 150, description 5,000 characters, 10 additional images. */
export const GOOGLE_MAX_TITLE = 150;
export const GOOGLE_MAX_DESCRIPTION = 5000;
export const GOOGLE_MAX_ADDITIONAL_IMAGES = 10;

/** "1234.00 RUB". */
export function googlePrice(rubles: number): string {
  return `${decimalRubles(rubles, 'fixed')} RUB`;
}

/**
 * The `<item>`s of a product's variants; a variant without any picture gives none. What the
 * variants share is escaped once per product and each colour's pictures once per colour.
 */
export function googleItems(product: FeedProduct, siteUrl: string): string {
  const audience = audienceOf(product.categoryPath);
  const groupId = element('g:item_group_id', product.id);
  const description = element('description', cutText(product.description || product.name, GOOGLE_MAX_DESCRIPTION));
  const shared =
    element('g:price', googlePrice(product.oldPrice ?? product.price)) +
    (product.oldPrice !== null ? element('g:sale_price', googlePrice(product.price)) : '') +
    element('g:brand', product.brand) +
    element('g:condition', 'new');
  const tail =
    element('g:gender', audience.gender) +
    element('g:age_group', audience.ageGroup) +
    element('g:material', product.material) +
    element('g:product_type', product.categoryNames.join(' > ')) +
    '</item>\n';
  const pictures = new Map<number, string>();
  let out = '';
  for (const variant of product.variants) {
    let colour = pictures.get(variant.offerId);
    if (colour === undefined) {
      const [image, ...more] = variant.images;
      colour = image
        ? element('g:image_link', absolute(siteUrl, image)) +
          more
            .slice(0, GOOGLE_MAX_ADDITIONAL_IMAGES)
            .map((url) => element('g:additional_image_link', absolute(siteUrl, url)))
            .join('')
        : '';
      pictures.set(variant.offerId, colour);
    }
    if (colour === '') continue;
    const title = cutText(
      `${[product.name, product.brand].filter(Boolean).join(' ')}, ${variant.colorName}, размер ${variant.size}`,
      GOOGLE_MAX_TITLE,
    );
    out +=
      '<item>' +
      element('g:id', variant.id) +
      groupId +
      element('title', title) +
      description +
      element('link', absolute(siteUrl, variant.path)) +
      colour +
      element('g:availability', variant.stock > 0 ? 'in_stock' : 'out_of_stock') +
      shared +
      element('g:size', variant.size) +
      element('g:color', variant.colorName) +
      tail;
  }
  return out;
}

/** The end of the RSS document, after the last item. */
export const GOOGLE_TAIL = '</channel>\n</rss>\n';

/** The RSS document up to the first item: the channel's title, link and description. */
export async function googleHead(db: Db, options: FeedOptions): Promise<string> {
  const shopName = await feedShopName(db, options.shopName);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">',
    '<channel>',
    element('title', shopName),
    element('link', `${options.siteUrl}/`),
    element('description', `Товары интернет-магазина ${shopName}`),
    '',
  ].join('\n');
}

/** The RSS document as a sequence of strings: the channel head at once, then one string per page. */
export async function* googleMerchantFeed(db: Db, options: FeedOptions): AsyncGenerator<string> {
  yield await googleHead(db, options);
  for await (const page of feedProducts(db, { pageSize: options.pageSize, signal: options.signal })) {
    let chunk = '';
    for (const product of page) chunk += googleItems(product, options.siteUrl);
    if (chunk) yield chunk;
  }
  yield GOOGLE_TAIL;
}
