/**
 * schema.org JSON-LD of the shop's pages (issue #14 item 7), shaped after Google's structured data
 * documentation: a product is a `ProductGroup` whose `hasVariant` are one `Product` per colour and
 * size (sizes of separates: one per top × bottom pair, as the basket sells them), each with its own
 * `sku` (the size's `ext_id`), photos, `Offer` (price in RUB, strikethrough old price,
 * availability, `itemCondition`, `OfferShippingDetails`, `MerchantReturnPolicy`, stated once by the
 * first variant and referred to by `@id` from the others); news items are
 * `NewsArticle`, blog posts `Article`; listings an `ItemList` of their products.
 *
 * Pure functions of API data (spec §7 product_offer, offers, news/blog) and absolute URLs; the pages
 * render them with components/json-ld.tsx.
 */
import type { OfferCard, ProductDetail } from '@/lib/api/contract/catalog';
import type { DeliveryTermsResponse } from '@/lib/api/contract/delivery-terms';
import type { Article } from '@/lib/api/contract/publications';
import type { ReviewListResponse } from '@/lib/api/contract/reviews';
import { CURRENCY_CODE, SITE_NAME } from '@/lib/constants';
import { shippingDetailsJsonLd } from '@/lib/delivery-terms';
import { shownBrand } from '@/lib/format/brand';
import { decimalRubles } from '@/lib/money';

/** A JSON-LD object. */
export type JsonLdObject = Record<string, unknown>;

/** `path` on the shop's origin. */
export type AbsoluteUrl = (path: string) => string;

const SCHEMA = 'https://schema.org';

/**
 * Returns as the shop's "Возврат товара" page states them (/return-goods): 7 days after receipt, by
 * mail (CDEK) or in the showroom; the buyer pays the return delivery unless the item is faulty.
 */
export const RETURN_DAYS = 7;

/**
 * The shop's `OfferShippingDetails` for an offer of `price` rubles (Google: shippingRate,
 * shippingDestination, deliveryTime), from the owner's delivery terms (issue #34: the same records
 * checkout charges by and the "Оплата и доставка" page states); none without the terms.
 */
export function shippingDetails(terms: DeliveryTermsResponse | null, price: number): JsonLdObject[] {
  return terms ? shippingDetailsJsonLd(terms, price) : [];
}

/** The shop's `MerchantReturnPolicy` (Google: applicableCountry, returnPolicyCategory, merchantReturnDays, returnMethod, returnFees). */
export function returnPolicy(): JsonLdObject {
  return {
    '@type': 'MerchantReturnPolicy',
    applicableCountry: 'RU',
    returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
    merchantReturnDays: RETURN_DAYS,
    returnMethod: ['https://schema.org/ReturnByMail', 'https://schema.org/ReturnInStore'],
    returnFees: 'https://schema.org/ReturnFeesCustomerResponsibility',
  };
}

/** A sellable colour + size of a product page. */
interface Variant {
  sku: string;
  color: string;
  size: string;
  /** URL query choosing it on the product page ("color=…&size=…"). */
  query: string;
  inStock: boolean;
  images: string[];
}

function variantsOf(product: ProductDetail): Variant[] {
  const out: Variant[] = [];
  for (const offer of product.offers) {
    const images = (offer.images.length ? offer.images : product.images).map((i) => i.image);
    const base = { color: offer.color.name.toLocaleLowerCase('ru'), images };
    const params = (extra: Record<string, string>) =>
      new URLSearchParams({ color: offer.color.slug, ...extra }).toString();
    for (const f of offer.features) {
      out.push({
        ...base,
        sku: f.ext_id,
        size: f.name,
        query: params({ size: f.name }),
        inStock: f.available && f.stock > 0,
      });
    }
    for (const t of offer.features_top) {
      for (const b of offer.features_bottom) {
        out.push({
          ...base,
          sku: `${t.ext_id}_${b.ext_id}`,
          size: `${t.name}/${b.name}`,
          query: params({ top: t.name, bottom: b.name }),
          inStock: t.available && t.stock > 0 && b.available && b.stock > 0,
        });
      }
    }
  }
  return out;
}

/** Reviews written into a product's JSON-LD (the page shows up to 50). */
export const JSON_LD_REVIEWS = 10;

/**
 * schema.org `aggregateRating` and `review` of approved reviews (issue #33): the mean rating
 * (1–5) and count of all of them, and the newest {@link JSON_LD_REVIEWS} with author, date, rating
 * and text. Nothing without reviews (Google refuses a rating of zero reviews).
 */
export function reviewsJsonLd(reviews: ReviewListResponse | null): JsonLdObject {
  const summary = reviews?.summary;
  if (!reviews || !summary || summary.count === 0 || summary.average === null) return {};
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: summary.average,
      reviewCount: summary.count,
      bestRating: 5,
      worstRating: 1,
    },
    review: reviews.results.slice(0, JSON_LD_REVIEWS).map((review) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: review.author },
      datePublished: review.created_at.slice(0, 10),
      reviewBody: review.text,
      reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
    })),
  };
}

/**
 * The product page's `ProductGroup`: every photo, brand, `productGroupID` (the pk), `variesBy`
 * colour and size, and `hasVariant` with one `Product` + `Offer` per sellable colour and size.
 * A product with no sizes at all still gets one variant per colour (sku = the colour's ext_id).
 *
 * Identifiers (issue #28): each variant's `sku` stays the size's `ext_id` and `productGroupID` the
 * pk, because the shop's feeds use the same values (`g:id` / `g:item_group_id`, `<offer id>` /
 * `group_id`, server/services/feeds) and Google matches page and feed by them. The retailer's
 * article (1C `Артикул`, YML `vendorCode`), when there is one, is the group's own `sku`: schema.org
 * `sku` is "a merchant-specific identifier", which it is. It is not given as `mpn`: an `mpn` is the
 * manufacturer's part number, and a retailer's article often is not one (a wrong `mpn` makes
 * Google match the product to another maker's). Demo goods (no article) get no group `sku`.
 * @param absolute makes `/media/…` and page paths absolute (lib/site-url.ts on the page).
 * @param terms the owner's delivery terms (`GET /v1/delivery_terms/`) for `shippingDetails`; without them none.
 * @param reviews approved reviews (`GET /v1/reviews/`, issue #33): `aggregateRating` and up to
 *   {@link JSON_LD_REVIEWS} `review`s when there is at least one; none otherwise.
 */
export function productGroupJsonLd(
  product: ProductDetail,
  absolute: AbsoluteUrl,
  terms: DeliveryTermsResponse | null = null,
  reviews: ReviewListResponse | null = null,
): JsonLdObject {
  const url = absolute(product.full_path_offer);
  let variants = variantsOf(product);
  if (variants.length === 0) {
    variants = product.offers.map((offer) => ({
      sku: offer.ext_id,
      color: offer.color.name.toLocaleLowerCase('ru'),
      size: '',
      query: new URLSearchParams({ color: offer.color.slug }).toString(),
      inStock: false,
      images: (offer.images.length ? offer.images : product.images).map((i) => i.image),
    }));
  }
  const brand = shownBrand(product.brand) ? { '@type': 'Brand', name: product.brand.name } : undefined;
  const price = decimalRubles(product.price, 'fixed');
  const strikethrough =
    product.old_price !== null && product.old_price > product.price
      ? {
          priceSpecification: {
            '@type': 'UnitPriceSpecification',
            priceType: 'https://schema.org/StrikethroughPrice',
            price: decimalRubles(product.old_price, 'fixed'),
            priceCurrency: CURRENCY_CODE,
          },
        }
      : {};
  // Every variant has the same shipping and returns: the first variant's offer states them with an
  // `@id`, the others refer to it (Google's product variant examples do the same, with ids relative
  // to the page; a JSON-LD graph resolves `{ "@id" }` to the node). Ten sizes cost ~3 kB each
  // otherwise, twice per page (HTML and the RSC payload).
  const shipping = shippingDetails(terms, product.price).map((s, i) => ({ '@id': `#shipping-${i + 1}`, ...s }));
  const policy = { '@id': '#return-policy', ...returnPolicy() };
  const ref = (node: JsonLdObject) => ({ '@id': node['@id'] });
  const shippingRefs = shipping.map(ref);
  const policyRef = ref(policy);
  return {
    '@context': SCHEMA,
    '@type': 'ProductGroup',
    '@id': `${url}#product`,
    name: product.name,
    description: product.description,
    url,
    brand,
    category: product.category.name,
    productGroupID: String(product.id),
    sku: product.article ?? undefined,
    variesBy: ['https://schema.org/color', 'https://schema.org/size'],
    // Every photo: the card's `images` are only the first two; each colour carries its own.
    image: [...new Set([...product.images, ...product.offers.flatMap((o) => o.images)].map((i) => absolute(i.image)))],
    material: product.material || undefined,
    countryOfOrigin: product.country ? { '@type': 'Country', name: product.country } : undefined,
    ...reviewsJsonLd(reviews),
    hasVariant: variants.map((v, index) => ({
      '@type': 'Product',
      sku: v.sku,
      name: [product.name, v.color, v.size && `размер ${v.size}`].filter(Boolean).join(', '),
      brand,
      color: v.color,
      size: v.size || undefined,
      image: v.images.map((image) => absolute(image)),
      offers: {
        '@type': 'Offer',
        url: `${url}?${v.query}`,
        price,
        priceCurrency: CURRENCY_CODE,
        ...strikethrough,
        availability: v.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        itemCondition: 'https://schema.org/NewCondition',
        seller: { '@type': 'Organization', name: SITE_NAME },
        shippingDetails: shipping.length ? (index === 0 ? shipping : shippingRefs) : undefined,
        hasMerchantReturnPolicy: index === 0 ? policy : policyRef,
      },
    })),
  };
}

/**
 * The shop's square logo, `{ path, size }` (px): app/apple-icon.png, 180×180 PNG, served by the
 * storefront itself (Google: an Organization logo at least 112×112 px, in a format Google Images
 * indexes), so it is there even when the organization record is not.
 */
export const SHOP_LOGO = { path: '/apple-icon.png', size: 180 } as const;

/**
 * `NewsArticle` (news) or `Article` (blog) of a publication (Google: headline ≤ 110 characters,
 * image, datePublished, author, publisher); the publisher is the shop, an Organization with its
 * `logo` as an ImageObject (schema.org Article `publisher`, issue #34 item 10).
 */
export function articleJsonLd(article: Article, path: string, absolute: AbsoluteUrl): JsonLdObject {
  const shop = { '@type': 'Organization', name: SITE_NAME, url: absolute('/') };
  const logo = {
    '@type': 'ImageObject',
    url: absolute(SHOP_LOGO.path),
    width: SHOP_LOGO.size,
    height: SHOP_LOGO.size,
  };
  const headline = article.title.length > 110 ? `${article.title.slice(0, 109).trimEnd()}…` : article.title;
  return {
    '@context': SCHEMA,
    '@type': article.kind === 'news' ? 'NewsArticle' : 'Article',
    headline,
    description: article.excerpt,
    image: [absolute(article.cover)],
    datePublished: article.published_at,
    dateModified: article.published_at,
    inLanguage: 'ru-RU',
    mainEntityOfPage: { '@type': 'WebPage', '@id': absolute(path) },
    author: shop,
    publisher: { ...shop, logo },
  };
}

/**
 * `ItemList` of a listing page's products in their order; `offset` is the page's first position
 * minus one (page N of 24: 24 × (N − 1)), so positions run on across pages.
 */
export function itemListJsonLd(name: string, offers: OfferCard[], offset: number, absolute: AbsoluteUrl): JsonLdObject {
  return {
    '@context': SCHEMA,
    '@type': 'ItemList',
    name,
    numberOfItems: offers.length,
    itemListElement: offers.map((offer, i) => ({
      '@type': 'ListItem',
      position: offset + i + 1,
      url: absolute(offer.full_path_offer),
      name: `${offer.name} ${shownBrand(offer.brand)}`.trim(),
    })),
  };
}
