/**
 * Rendering of a product page (spec §2 "Product detail"), shared by the cached product route
 * (app/(shop)/cached/[key]/product/[section]/[...path], where proxy.ts sends every GET of a
 * product URL) and the per-request catalogue route (./catalog-route.tsx). Its own module, apart
 * from the listing's (./listing-route.tsx), so that the cached product route's client chunk holds
 * only the product's islands (issue #30, first-visit JS).
 *
 * GET /v1/product_offer/; a request whose path differs from the product's `full_path_offer`
 * (missing/wrong slug or category) is permanently redirected there, with the request's query (the
 * cached route never sees it: the storefront server appends it, storefront-server/storefront-response.ts;
 * here it is also added, for the per-request route). Unknown product → `notFound()`.
 */
import { permanentRedirect } from 'next/navigation';
import { cache } from 'react';
import { JsonLd } from '@/components/json-ld';
import type { RawQuery } from '@/features/catalog/utils/listing-query';
import { FavoriteToggle } from '@/features/favorites/components/favorite-toggle';
import { getProduct } from '@/features/product/api/get-product';
import { getProductReviews } from '@/features/product/api/get-product-reviews';
import { ProductView } from '@/features/product/components/product-view';
import { productArticle } from '@/features/product/utils/product-article';
import { getDeliveryTerms } from '@/features/seo/api/get-delivery-terms';
import { pageHeading, pageMetadata } from '@/features/seo/utils/page-metadata';
import { productGroupJsonLd } from '@/features/seo/utils/structured-data';
import type { ProductDetail } from '@/lib/api/contract/catalog';
import type { CatalogProductRoute } from '@/lib/catalog-path';
import { shownBrand } from '@/lib/format/brand';
import { pluralize } from '@/lib/format/plural';
import { absoluteUrl } from '@/lib/site-url';
import { or404 } from './catalog-params';
import type { Metadata } from 'next';

/** `[name, value]` pairs of a page's query (repeated names kept), for `URLSearchParams`. */
function queryRecordEntries(query: RawQuery): [string, string][] {
  return Object.entries(query).flatMap(([name, value]) =>
    value === undefined ? [] : (Array.isArray(value) ? value : [value]).map((v): [string, string] => [name, v]),
  );
}

// Memoised per request on primitive arguments, shared by generateMetadata and the page.
const cachedProduct = cache((pk: string, categoryPath: string, slug: string | undefined) =>
  or404(() => getProduct({ pk, categoryPath, slug })),
);
const loadProduct = (route: CatalogProductRoute) => cachedProduct(route.pk, route.categoryPath, route.slug);

/**
 * "красный" and "арт. 5420" of a product: products may share a name and brand, so the article
 * tells their titles and descriptions apart, and the colours help the shopper (a title leaves them
 * out when it would be too long, lib/format/seo-text.ts). The article is the retailer's (issue
 * #28: the one the page shows and search finds), else the product number (its pk, unique), as for
 * the demo catalogue.
 */
function productQualifier(product: ProductDetail): { colors: string; article: string } {
  const colors = [...new Set(product.offers.map((offer) => offer.color.name.toLocaleLowerCase('ru')))];
  const shown =
    colors.length > 2 ? `${colors.length} ${pluralize(colors.length, ['цвет', 'цвета', 'цветов'])}` : colors.join('/');
  return { colors: shown, article: `арт. ${productArticle(product)}` };
}

/**
 * Title "Купальник Seafolly — Lumière" with colour and article, description, og:image and the
 * canonical URL (`full_path_offer`) of a product page. Throws `notFound()` for an unknown product.
 */
export async function productMetadata(route: CatalogProductRoute): Promise<Metadata> {
  const product = await loadProduct(route);
  const name = `${product.name} ${shownBrand(product.brand)}`.trim();
  const { colors, article } = productQualifier(product);
  return pageMetadata({
    path: product.full_path_offer,
    title: name,
    detail: colors,
    qualifier: article,
    // Name, colour and article first: they survive the cut to 160 characters.
    description: `${name}, ${[colors, article].filter(Boolean).join(', ')}. ${product.description} Купить с доставкой по России.`,
    image: product.images.find((image) => image.is_main)?.image ?? product.images[0]?.image,
    imageAlt: name,
  });
}

/**
 * A product page with its schema.org ProductGroup. `query`: the page's query (`?color=&size=`
 * preselects; kept in the redirect to `full_path_offer`), {} on the cached route. Throws
 * `notFound()`/`permanentRedirect()` as the module docstring says.
 */
export async function ProductRoute({ route, query }: { route: CatalogProductRoute; query: RawQuery }) {
  const product = await loadProduct(route);
  const requested = `/${[route.categoryPath, route.pk, route.slug].filter(Boolean).join('/')}`;
  if (product.full_path_offer !== requested) {
    const search = new URLSearchParams(queryRecordEntries(query)).toString();
    permanentRedirect(search ? `${product.full_path_offer}?${search}` : product.full_path_offer);
  }
  // Issue #33: reviews are part of the cached page, tagged with the product (a moderation is its change event).
  // Issue #32: the H1 an operator wrote for this URL in the console (its SEO record), else the name.
  const [terms, reviews, heading] = await Promise.all([
    getDeliveryTerms(),
    getProductReviews(product.id),
    pageHeading(product.full_path_offer, product.name),
  ]);
  return (
    <>
      <ProductView
        product={product}
        favoriteSlot={<FavoriteToggle productId={product.id} name={product.name} size="lg" />}
        relatedCardAction={FavoriteToggle}
        query={query}
        reviews={reviews}
        heading={heading}
      />
      <JsonLd data={productGroupJsonLd(product, absoluteUrl, terms, reviews)} />
    </>
  );
}
