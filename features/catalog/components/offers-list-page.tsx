import { Breadcrumbs } from '@/components/breadcrumbs/breadcrumbs';
import { ProductGrid, type ProductGridProps } from '@/components/product-grid/product-grid';
import type { OfferCard } from '@/lib/api/contract/catalog';
import { formatCount } from '@/lib/format/plural';
import { href, routeTitle } from '@/lib/routes';
import { PRODUCT_FORMS } from './catalog-listing';
import styles from './catalog-listing.module.css';

/** Props of `OffersListPage`. */
export type OffersListPageProps = {
  /** Which list: /sale ("Распродажа") or /new ("Новинки"). */
  type: 'sale' | 'new';
  /** POST /v1/offers_list/ results (up to 64, spec §9). */
  offers: readonly OfferCard[];
  heading: string;
  /** Per-card action (the favourites heart), composed by the page: features do not import each other. */
  cardAction?: ProductGridProps['cardAction'];
};

/** The /sale and /new pages (spec §2, §7 offers_list, §9: 64 items): breadcrumbs, H1, grid, empty state. */
export function OffersListPage({ type, offers, heading, cardAction }: OffersListPageProps) {
  return (
    <div className="container">
      <Breadcrumbs items={[{ name: routeTitle(type), href: href(type) }]} />
      <header className={styles.head}>
        <h1 className="page-title">{heading}</h1>
        <p className={styles.count}>{formatCount(offers.length, PRODUCT_FORMS)}</p>
      </header>
      {offers.length > 0 ? (
        <ProductGrid offers={offers} preloadFirstRow label={heading} cardAction={cardAction} />
      ) : (
        <div className={styles.empty}>
          <p className={styles.emptyTitle}>Здесь пока пусто</p>
          <p>Скоро здесь появятся новые товары.</p>
          <p className={styles.emptyLinks}>
            <a href={href('index')} className="button">
              На главную
            </a>
          </p>
        </div>
      )}
    </div>
  );
}
