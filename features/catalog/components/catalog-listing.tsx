import { Breadcrumbs } from '@/components/breadcrumbs/breadcrumbs';
import type { ProductGridProps } from '@/components/product-grid/product-grid';
import type { Category, OffersPage } from '@/lib/api/contract/catalog';
import type { Facets } from '@/lib/api/contract/facets';
import { catalogHref } from '@/lib/routes';
import { offersBffUrl } from '../api/get-offers';
import styles from './catalog-listing.module.css';
import { FacetedListing } from './faceted-listing';
import type { ListingState } from '../utils/listing-query';

/** Props of `CatalogListing`. */
export type CatalogListingProps = {
  /** GET /v1/category/{path}?tag= */
  category: Category;
  /** GET /v1/offers/{path}/ page. */
  offers: OffersPage;
  /** 1-based page. */
  page: number;
  /** The H1 (SEO record's h1_tag or the category's). */
  heading: string;
  /** Filters and sort from the URL. */
  state: ListingState;
  /** GET /v1/all/filters/{path}/ for the current selection; null when it failed. */
  facets: Facets | null;
  /** Per-card action (the favourites heart), composed by the page: features do not import each other. */
  cardAction?: ProductGridProps['cardAction'];
  /** Promo banners of the section (GET /v1/containerbanners), composed by the page. */
  bannerSlot?: React.ReactNode;
};

/** "товар / товара / товаров" */
export const PRODUCT_FORMS = ['товар', 'товара', 'товаров'] as const;

/**
 * A catalogue listing page (spec §2 catalogue sections): breadcrumbs (tag dropped), H1, number of
 * products, subcategory links, tag links, then `FacetedListing` (facets, sort, 24 cards a page
 * (spec §9), "Показать ещё", crawlable pagination, empty state). Server component; complete without JavaScript.
 *
 * On phones (issue #14 item 16) the first product card must be in the first screen: the link rows
 * scroll sideways in one line each, and the banners come after the first page of products. The
 * banners are rendered in both places and CSS shows one per width (`display: none` takes the other
 * out of the tab order and the accessibility tree), so the focus order follows what is seen.
 */
export function CatalogListing({
  category,
  offers,
  page,
  heading,
  state,
  facets,
  cardAction,
  bannerSlot,
}: CatalogListingProps) {
  const basePath = catalogHref(category.path, category.tag?.slug);
  const crumbs = [
    ...category.parents.map((parent) => ({ name: parent.name, href: catalogHref(parent.path) })),
    { name: category.name, href: catalogHref(category.path) },
  ];

  return (
    <div className="container">
      <Breadcrumbs items={crumbs} />
      <header className={styles.head}>
        {/* The count is the toolbar's «Найдено» (faceted-listing.tsx), not repeated here. */}
        <h1 className="page-title">{heading}</h1>
      </header>

      {category.children.length > 0 ? (
        <nav aria-label="Подкатегории" className={styles.chips}>
          <ul>
            {category.children.map((child) => (
              <li key={child.path}>
                <a href={catalogHref(child.path)} className={styles.chip}>
                  {child.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}

      {category.tags.length > 0 ? (
        <nav aria-label="Подборки" className={styles.chips}>
          <ul>
            <li>
              <a
                href={catalogHref(category.path)}
                className={`${styles.chip} ${styles.tag}`}
                aria-current={category.tag ? undefined : 'page'}
              >
                Все
              </a>
            </li>
            {category.tags.map((tag) => (
              <li key={tag.slug}>
                <a
                  href={catalogHref(category.path, tag.slug)}
                  className={`${styles.chip} ${styles.tag}`}
                  aria-current={category.tag?.slug === tag.slug ? 'page' : undefined}
                >
                  {tag.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}

      {bannerSlot ? <div className={styles.bannerTop}>{bannerSlot}</div> : null}
      <FacetedListing
        basePath={basePath}
        state={state}
        facets={facets}
        offers={offers}
        page={page}
        endpoint={offersBffUrl(category.path, category.tag?.slug, state)}
        label={heading}
        emptyText="В этом разделе пока нет товаров"
        cardAction={cardAction}
        afterGrid={bannerSlot ? <div className={styles.bannerBelow}>{bannerSlot}</div> : null}
      />
    </div>
  );
}
