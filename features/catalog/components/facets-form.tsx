import type { Facets, FacetValue } from '@/lib/api/contract/facets';
import { formatNumber } from '@/lib/format/price';
import { LIST_PARAMS, listingUrl, type ListParam, type ListingState } from '../utils/listing-query';
import styles from './faceted-listing.module.css';
import { FacetsFormShell } from './listing-client';

/** Props of `FacetsForm`. */
export type FacetsFormProps = {
  /** Path of the listing without query ("/kupalniki", "/search"). */
  basePath: string;
  state: ListingState;
  facets: Facets;
  /** Query parameters that are not filters and must survive (e.g. `searchParam`). */
  keep?: Record<string, string | undefined>;
  /** Facets not to show (the brand facet on a brand page). */
  hide?: readonly ListParam[];
};

const TITLES: Record<ListParam, string> = { brand: 'Бренд', color: 'Цвет', size: 'Размер', material: 'Материал' };
const KEYS: Record<ListParam, 'brands' | 'colors' | 'sizes' | 'materials'> = {
  brand: 'brands',
  color: 'colors',
  size: 'sizes',
  material: 'materials',
};

/**
 * The facet filters of a listing (issue #3): brand, colour, size, material (checkboxes, each with
 * the number of products it would give; a value that would give none is disabled unless chosen),
 * price from/to in rubles, "Со скидкой" and "Новинки". A plain GET form, so it works without
 * JavaScript ("Показать" submits it); with JavaScript a change applies at once through the router
 * and the URL takes the canonical comma form (`?brand=a,b&size=S`). A server component: only the
 * `<form>` element hydrates (`FacetsFormShell`, its own chunk), the fields stay server HTML (issue #30).
 */
export function FacetsForm({ basePath, state, facets, keep = {}, hide = [] }: FacetsFormProps) {
  const list = (param: ListParam, values: FacetValue[]) => {
    if (hide.includes(param) || values.length === 0) return null;
    const selected = state.filters[KEYS[param]] ?? [];
    return (
      <details className={styles.facet} open={selected.length > 0 || param === 'size' || param === 'brand'}>
        <summary className={styles.facetTitle}>
          {TITLES[param]}
          {selected.length ? <span className={styles.facetBadge}>{selected.length}</span> : null}
          {/* The flex summary loses the browser's disclosure triangle: this chevron says open/closed (issue #14). */}
          <span className={styles.facetMarker} aria-hidden="true" />
        </summary>
        <fieldset className={styles.fieldset}>
          <legend className="visually-hidden">{TITLES[param]}</legend>
          <ul className={param === 'size' ? styles.sizeList : styles.valueList}>
            {values.map((v) => {
              const checked = selected.includes(v.value);
              return (
                <li key={v.value}>
                  <label className={styles.option} data-disabled={!checked && v.count === 0 ? '' : undefined}>
                    <input
                      type="checkbox"
                      name={param}
                      value={v.value}
                      defaultChecked={checked}
                      disabled={!checked && v.count === 0}
                    />
                    {v.hex ? <span className={styles.swatch} style={{ background: v.hex }} aria-hidden="true" /> : null}
                    <span>{v.label}</span>
                    <span className={styles.optionCount}>{v.count}</span>
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
      </details>
    );
  };

  return (
    <FacetsFormShell
      basePath={basePath}
      sort={state.sort}
      keep={keep}
      className={styles.form}
      // Re-mount on a new URL so the uncontrolled inputs show the new state.
      key={listingUrl(basePath, state, 1, keep)}
    >
      {Object.entries(keep).map(([key, value]) =>
        value ? <input key={key} type="hidden" name={key} value={value} /> : null,
      )}
      {state.sort ? <input type="hidden" name="sort" value={state.sort} /> : null}
      {(Object.keys(LIST_PARAMS) as ListParam[]).map((param) => (
        <div key={param}>{list(param, facets[KEYS[param]])}</div>
      ))}
      {facets.price.min !== null && facets.price.max !== null ? (
        <details className={styles.facet} open>
          <summary className={styles.facetTitle}>
            Цена, ₽
            <span className={styles.facetMarker} aria-hidden="true" />
          </summary>
          <fieldset className={`${styles.fieldset} ${styles.price}`}>
            <legend className="visually-hidden">Цена, ₽</legend>
            <label>
              <span className="visually-hidden">Цена от, ₽</span>
              <input
                type="number"
                name="price_from"
                inputMode="numeric"
                min={0}
                placeholder={`от ${formatNumber(Math.floor(facets.price.min))}`}
                defaultValue={state.filters.price_min ?? ''}
                className={styles.priceInput}
              />
            </label>
            <span aria-hidden="true">—</span>
            <label>
              <span className="visually-hidden">Цена до, ₽</span>
              <input
                type="number"
                name="price_to"
                inputMode="numeric"
                min={0}
                placeholder={`до ${formatNumber(Math.ceil(facets.price.max))}`}
                defaultValue={state.filters.price_max ?? ''}
                className={styles.priceInput}
              />
            </label>
          </fieldset>
        </details>
      ) : null}
      <fieldset className={`${styles.fieldset} ${styles.flags}`}>
        <legend className="visually-hidden">Особые предложения</legend>
        <label
          className={styles.option}
          data-disabled={!state.filters.sale && facets.sale.count === 0 ? '' : undefined}
        >
          <input
            type="checkbox"
            name="sale"
            value="1"
            defaultChecked={!!state.filters.sale}
            disabled={!state.filters.sale && facets.sale.count === 0}
          />
          <span>Со скидкой</span>
          <span className={styles.optionCount}>{facets.sale.count}</span>
        </label>
        <label className={styles.option} data-disabled={!state.filters.new && facets.new.count === 0 ? '' : undefined}>
          <input
            type="checkbox"
            name="new"
            value="1"
            defaultChecked={!!state.filters.new}
            disabled={!state.filters.new && facets.new.count === 0}
          />
          <span>Новинки</span>
          <span className={styles.optionCount}>{facets.new.count}</span>
        </label>
      </fieldset>
      <button type="submit" className={`button ${styles.apply}`}>
        Показать
      </button>
    </FacetsFormShell>
  );
}
