import type { Category, OffersPage } from '@/lib/api/contract/catalog';
import { Breadcrumbs } from '@/components/breadcrumbs/breadcrumbs';
import { Pagination } from '@/components/pagination/pagination';
import { ProductGrid } from '@/components/product-grid/product-grid';
import { PAGE_SIZE } from '@/lib/constants';
import { formatCount } from '@/lib/format/plural';
import { catalogHref, href, routeTitle } from '@/lib/routes';
import styles from './catalog-listing.module.css';

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
};

/** "товар / товара / товаров" */
export const PRODUCT_FORMS = ['товар', 'товара', 'товаров'] as const;

/**
 * A catalogue listing page (spec §2 catalogue sections): breadcrumbs (tag dropped), H1, number of
 * products, subcategory links, tag links, a grid of 24 cards (spec §9), crawlable pagination and
 * an empty state. Server component; complete without JavaScript.
 */
export function CatalogListing({ category, offers, page, heading }: CatalogListingProps) {
  const basePath = catalogHref(category.path, category.tag?.slug);
  const totalPages = Math.max(1, Math.ceil(offers.count / PAGE_SIZE));
  const crumbs = [
    ...category.parents.map((parent) => ({ name: parent.name, href: catalogHref(parent.path) })),
    { name: category.name, href: catalogHref(category.path) },
  ];

  return (
    <div className="container">
      <Breadcrumbs items={crumbs} />
      <header className={styles.head}>
        <h1 className="page-title">{heading}</h1>
        <p className={styles.count}>{formatCount(offers.count, PRODUCT_FORMS)}</p>
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

      {offers.results.length > 0 ? (
        <>
          <ProductGrid offers={offers.results} preloadFirstRow label={heading} />
          <Pagination basePath={basePath} page={page} totalPages={totalPages} />
        </>
      ) : (
        <div className={styles.empty}>
          <p className={styles.emptyTitle}>В этом разделе пока нет товаров</p>
          <p>Загляните в новинки или распродажу — там всегда есть что выбрать.</p>
          <p className={styles.emptyLinks}>
            <a href={href('new')} className="button">
              {routeTitle('new')}
            </a>
            <a href={href('sale')} className="button button-outline">
              {routeTitle('sale')}
            </a>
          </p>
        </div>
      )}
    </div>
  );
}
