import { Breadcrumbs } from '@/components/breadcrumbs/breadcrumbs';
import { Price } from '@/components/price/price';
import { mainImage } from '@/components/product-image/main-image';
import { preloadPicture } from '@/components/product-image/product-image';
import { ProductRow, type ProductRowProps } from '@/components/product-row/product-row';
import type { ProductDetail } from '@/lib/api/contract/catalog';
import type { ReviewListResponse } from '@/lib/api/contract/reviews';
import { shownBrand } from '@/lib/format/brand';
import { catalogHref, href } from '@/lib/routes';
import { galleryPhotos } from '../utils/gallery-photos';
import { initialSelection } from '../utils/initial-selection';
import { productArticle } from '../utils/product-article';
import { sizeChartFor } from '../utils/size-charts';
import { ProductGallery, ProductSelectionProvider, PurchasePanel, RecentlyViewed, SizeChart } from './product-client';
import { galleryClasses, purchasePanelClasses, sizeChartClasses } from './product-island-classes';
import styles from './product-view.module.css';
import { ReviewList } from './review-list';

/** Props of `ProductView`: GET /v1/product_offer/ data. */
export type ProductViewProps = {
  product: ProductDetail;
  /** The favourites heart (features/favorites), composed by the page. */
  favoriteSlot?: React.ReactNode;
  /** The control on each related product's card (e.g. the favourites heart). */
  relatedCardAction?: ProductRowProps['cardAction'];
  /** The page's query: `?color=&size=` (or `&top=&bottom=`) of a feed link preselects them. */
  query?: Record<string, string | string[] | undefined>;
  /** GET /v1/reviews/ of the product (issue #33), shown under the gallery; null/absent: no answer. */
  reviews?: ReviewListResponse | null;
  /** The page's H1: the SEO record's `h1_tag` of the product's URL when set (issue #32), else the name. */
  heading?: string;
};

/**
 * The product page body (spec §2 product detail): breadcrumbs, gallery, brand, name, the article
 * («Артикул: 5420», the retailer's, else the product number; issue #28), price in ₽
 * with old price and discount, the purchase panel (colour, size(s), add to basket), description,
 * composition, care and country, the size chart popup, the reviews under the gallery (issue #33),
 * related and recently viewed products. Its
 * schema.org JSON-LD is the page's (features/seo/utils/structured-data.ts, issue #14 item 7).
 * Below 1024 px (issue #34 item 8, issue #30) the breadcrumbs take one line, brand, name, article
 * and price come before the photos, and the sizes with «Добавить в корзину» stay at the bottom of
 * the screen (PurchasePanel's sticky bar), all by CSS: the first screen has something to buy with.
 * Server component; names, prices and texts are complete HTML without JavaScript.
 */
export function ProductView({
  product,
  favoriteSlot,
  relatedCardAction,
  query = {},
  reviews = null,
  heading,
}: ProductViewProps) {
  const selection = initialSelection(product.offers, query);
  const imagesByOffer = Object.fromEntries(product.offers.map((offer) => [offer.id, offer.images]));
  const photos = galleryPhotos([...product.images, ...product.offers.flatMap((offer) => offer.images)]);
  // The gallery's first picture is the page's LCP: announced in the head from the server.
  const firstImages = imagesByOffer[selection.offerId]?.length ? imagesByOffer[selection.offerId]! : product.images;
  const firstPhoto = mainImage(firstImages);
  if (firstPhoto && photos[firstPhoto.image]) preloadPicture(photos[firstPhoto.image]!.main);
  const crumbs = [
    ...product.breadcrumbs.map((crumb) => ({ name: crumb.name, href: catalogHref(crumb.path) })),
    { name: product.name, href: product.full_path_offer },
  ];
  const details = [
    { title: 'Описание', text: product.description },
    { title: 'Состав', text: [product.composition, product.material].filter(Boolean).join('. ') },
    { title: 'Уход', text: product.care },
    { title: 'Страна производства', text: product.country },
  ].filter((detail) => detail.text.trim() !== '');
  const image = mainImage(product.images);
  const chart = sizeChartFor(product.type);

  return (
    <div className="container">
      <div className={styles.crumbs}>
        <Breadcrumbs items={crumbs} />
      </div>
      <ProductSelectionProvider initialOfferId={selection.offerId}>
        <div className={styles.layout}>
          <ProductGallery
            name={product.name}
            imagesByOffer={imagesByOffer}
            fallback={product.images}
            photos={photos}
            classes={galleryClasses}
          />
          <div className={styles.info}>
            <div className={styles.head}>
              {shownBrand(product.brand) ? (
                <p className={styles.brand}>
                  <a href={href('brands-slug', { slug: product.brand.slug })}>{product.brand.name}</a>
                </p>
              ) : null}
              <h1 className={styles.name}>{heading || product.name}</h1>
              <p className={styles.article}>Артикул: {productArticle(product)}</p>
              <Price price={product.price} oldPrice={product.old_price} discount={product.discount} size="lg" />
            </div>
            {chart ? (
              <SizeChart chart={chart} fit={reviews?.summary.sizes} className={sizeChartClasses.trigger} />
            ) : null}
            <PurchasePanel
              productId={product.id}
              offers={product.offers}
              initial={selection}
              basketHref={href('basket')}
              classes={purchasePanelClasses}
            />
            {favoriteSlot}
            <div className={styles.details}>
              {details.map((detail, index) => (
                <details key={detail.title} open={index === 0} className={styles.detail}>
                  <summary>{detail.title}</summary>
                  <p>{detail.text}</p>
                </details>
              ))}
            </div>
          </div>
          <ReviewList productId={product.id} productName={product.name} reviews={reviews} />
        </div>
      </ProductSelectionProvider>
      <ProductRow title="Вам может понравиться" offers={product.related} cardAction={relatedCardAction} />
      <RecentlyViewed
        current={{
          id: product.id,
          name: product.name,
          brand: shownBrand(product.brand),
          price: product.price,
          old_price: product.old_price,
          image: image?.image ?? null,
          href: product.full_path_offer,
        }}
      />
    </div>
  );
}
