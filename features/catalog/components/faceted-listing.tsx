import { Pagination } from '@/components/pagination/pagination';
import { ProductGrid, type ProductGridProps } from '@/components/product-grid/product-grid';
import type { OffersPage } from '@/lib/api/contract/catalog';
import { SORTS } from '@/lib/api/contract/catalog';
import type { Facets } from '@/lib/api/contract/facets';
import { PAGE_SIZE } from '@/lib/constants';
import { formatNumber } from '@/lib/format/price';
import {
  hasFilters,
  listingQuery,
  listingUrl,
  SORT_LABELS,
  toggleValue,
  withoutFilter,
  type ListParam,
  type ListingState,
} from '../utils/listing-query';
import styles from './faceted-listing.module.css';
import { FacetsForm } from './facets-form';
import { ShowMore } from './listing-client';

/** Props of `FacetedListing`. */
export type FacetedListingProps = {
  /** Path of the listing without query ("/kupalniki/razdelnye", "/search", "/brands/maaji"). */
  basePath: string;
  state: ListingState;
  /** Facets with counts; null hides the filter column (API failure or a landing page). */
  facets: Facets | null;
  /** The page of products the server loaded. */
  offers: OffersPage;
  /** 1-based page. */
  page: number;
  /** BFF URL for "Показать ещё" (without `offset`). */
  endpoint: string;
  /** Accessible name of the grid (the H1). */
  label: string;
  /** Query parameters to keep in every link (`searchParam`). */
  keep?: Record<string, string | undefined>;
  /** Facets not shown (brand on a brand page). */
  hide?: readonly ListParam[];
  /** Text of the empty state when nothing matches without filters. */
  emptyText?: string;
  /** Per-card action (the favourites heart), composed by the page: features do not import each other. */
  cardAction?: ProductGridProps['cardAction'];
  /** Shown after the first page of cards, before "Показать ещё" (a listing's banners on phones). */
  afterGrid?: React.ReactNode;
};

const LIST_NAMES: Record<ListParam, string> = { brand: 'Бренд', color: 'Цвет', size: 'Размер', material: 'Материал' };
const KEY_OF: Record<ListParam, 'brands' | 'colors' | 'sizes' | 'materials'> = {
  brand: 'brands',
  color: 'colors',
  size: 'sizes',
  material: 'materials',
};

/**
 * The body of every product listing (issue #3; spec §9: 24 a page): sort links (on phones folded
 * into one line, issue #30), the facet form, the chosen filters as removable chips, the grid,
 * "Показать ещё" and crawlable page links that keep the filters and sort, and an empty state offering to drop the filters. Server component; all of
 * it works without JavaScript (links and a GET form).
 */
export function FacetedListing({
  basePath,
  state,
  facets,
  offers,
  page,
  endpoint,
  label,
  keep = {},
  hide = [],
  emptyText,
  cardAction,
  afterGrid,
}: FacetedListingProps) {
  const totalPages = Math.max(1, Math.ceil(offers.count / PAGE_SIZE));
  const filtered = hasFilters(state.filters);
  const clean = listingUrl(basePath, { filters: {}, sort: state.sort }, 1, keep);
  const labelOf = (param: ListParam, value: string) =>
    facets?.[KEY_OF[param]].find((v) => v.value === value)?.label ?? value;

  const chips: { text: string; href: string }[] = [];
  for (const param of Object.keys(KEY_OF) as ListParam[]) {
    for (const value of state.filters[KEY_OF[param]] ?? []) {
      chips.push({
        text: `${LIST_NAMES[param]}: ${labelOf(param, value)}`,
        href: listingUrl(basePath, toggleValue(state, param, value), 1, keep),
      });
    }
  }
  if (state.filters.price_min !== undefined || state.filters.price_max !== undefined) {
    const from = state.filters.price_min !== undefined ? `от ${formatNumber(state.filters.price_min)}` : '';
    const to = state.filters.price_max !== undefined ? `до ${formatNumber(state.filters.price_max)}` : '';
    chips.push({
      text: `Цена: ${[from, to].filter(Boolean).join(' ')} ₽`,
      href: listingUrl(basePath, withoutFilter(state, 'price'), 1, keep),
    });
  }
  if (state.filters.sale)
    chips.push({ text: 'Со скидкой', href: listingUrl(basePath, withoutFilter(state, 'sale'), 1, keep) });
  if (state.filters.new)
    chips.push({ text: 'Новинки', href: listingUrl(basePath, withoutFilter(state, 'new'), 1, keep) });

  return (
    <div className={facets ? styles.layout : undefined}>
      {facets ? (
        <aside className={styles.aside} aria-label="Фильтры каталога">
          {/* On phones the filters fold under one "Фильтры" button so the products come first;
              from 901 px they are always shown (CSS ::details-content), with or without JavaScript. */}
          <details className={styles.asideDetails}>
            <summary className={styles.asideSummary}>
              <h2 className={styles.asideTitle}>
                Фильтры{chips.length ? <span className={styles.asideBadge}> · {chips.length}</span> : null}
              </h2>
            </summary>
            <FacetsForm basePath={basePath} state={state} facets={facets} keep={keep} hide={hide} />
          </details>
        </aside>
      ) : null}
      <div className={styles.results}>
        <div className={styles.toolbar}>
          <p className={styles.found} data-testid="listing-count">
            Найдено: <strong>{formatNumber(offers.count)}</strong>
          </p>
          {/* Phones: one line, the options fold under a <details> disclosure of links (no JavaScript
              needed; issue #30 "the phone's first screen"). From 901 px the links are always shown. */}
          <nav aria-label="Сортировка" className={styles.sort}>
            <details className={styles.sortDetails}>
              <summary className={styles.sortSummary}>
                <span className={styles.sortTitle}>Сортировка:</span>{' '}
                <span className={styles.sortCurrent}>{SORT_LABELS[state.sort ?? 'popular']}</span>
              </summary>
              <ul className={styles.sortList}>
                {SORTS.map((sort) => {
                  const active = (state.sort ?? 'popular') === sort;
                  return (
                    <li key={sort}>
                      {active ? (
                        <span aria-current="true" className={styles.sortActive}>
                          {SORT_LABELS[sort]}
                        </span>
                      ) : (
                        <a
                          href={listingUrl(
                            basePath,
                            { filters: state.filters, sort: sort === 'popular' ? undefined : sort },
                            1,
                            keep,
                          )}
                          rel="nofollow"
                        >
                          {SORT_LABELS[sort]}
                        </a>
                      )}
                    </li>
                  );
                })}
              </ul>
            </details>
          </nav>
        </div>

        {chips.length > 0 ? (
          <ul className={styles.chips} aria-label="Выбранные фильтры">
            {chips.map((chip) => (
              <li key={chip.text}>
                <a href={chip.href} rel="nofollow" className={styles.chip} aria-label={`Убрать фильтр «${chip.text}»`}>
                  {chip.text} <span aria-hidden="true">×</span>
                </a>
              </li>
            ))}
            <li>
              <a href={clean} rel="nofollow" className={styles.reset}>
                Сбросить все
              </a>
            </li>
          </ul>
        ) : null}

        {offers.results.length > 0 ? (
          <>
            <ProductGrid offers={offers.results} preloadFirstRow label={label} cardAction={cardAction} />
            {afterGrid}
            <ShowMore
              key={endpoint}
              endpoint={endpoint}
              page={page}
              count={offers.count}
              label={label}
              cardAction={cardAction}
            />
            <Pagination basePath={basePath} page={page} totalPages={totalPages} query={listingQuery(state, 1, keep)} />
          </>
        ) : (
          <div className={styles.empty} role="status">
            <p className={styles.emptyTitle}>
              {filtered ? 'По выбранным фильтрам ничего не найдено' : (emptyText ?? 'Здесь пока нет товаров')}
            </p>
            {filtered ? (
              <>
                <p>Попробуйте убрать часть фильтров или сбросить их все.</p>
                <p>
                  <a href={clean} className="button">
                    Сбросить фильтры
                  </a>
                </p>
              </>
            ) : null}
          </div>
        )}
      </div>
    </div>
  );
}
