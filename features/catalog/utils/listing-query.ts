/**
 * The URL state of a listing (issue #3 facets; spec §7 `/v1/offers/` filters as JSON query data):
 * `?brand=maaji,seafolly&color=chernyj&size=S&material=хлопок&price=1000-5000&sale=1&new=1&sort=price_asc&page=2`.
 *
 * Lists are comma-separated in the links we write; repeated keys (`brand=a&brand=b`, what a
 * plain GET form sends without JavaScript) and the form's `price_from`/`price_to` are accepted too.
 * Unknown keys and malformed values are ignored, so a hand-edited URL never breaks the page.
 */
import type { OfferFilters, Sort } from '@/lib/api/contract/catalog';
import { SORTS } from '@/lib/constants';

/** The state a listing URL carries. */
export type ListingState = {
  filters: OfferFilters;
  /** Absent = popularity (the default). */
  sort?: Sort;
};

/** Query parameters of a page as Next gives them. */
export type RawQuery = Record<string, string | string[] | undefined>;

/** URL key → `OfferFilters` key of the list facets. */
export const LIST_PARAMS = { brand: 'brands', color: 'colors', size: 'sizes', material: 'materials' } as const;
export type ListParam = keyof typeof LIST_PARAMS;

const MAX_VALUES = 50;

function values(raw: string | string[] | undefined): string[] {
  const all = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).flatMap((v) => v.split(','));
  const cleaned = all.map((v) => v.trim()).filter((v) => v !== '' && v.length <= 100);
  return [...new Set(cleaned)].slice(0, MAX_VALUES);
}

function first(raw: string | string[] | undefined): string | undefined {
  return Array.isArray(raw) ? raw[0] : raw;
}

function rubles(raw: string | undefined): number | undefined {
  if (raw === undefined || !/^\d{1,9}(\.\d{1,2})?$/.test(raw.trim())) return undefined;
  return Number(raw.trim());
}

/** Parses a listing's query parameters into filters and sort (see the module docstring). */
export function parseListingQuery(query: RawQuery): ListingState {
  const filters: OfferFilters = {};
  for (const [param, key] of Object.entries(LIST_PARAMS) as [ListParam, (typeof LIST_PARAMS)[ListParam]][]) {
    const list = values(query[param]);
    if (list.length) filters[key] = list;
  }
  const price = first(query.price);
  let min: number | undefined;
  let max: number | undefined;
  if (price && /^[\d.]*-[\d.]*$/.test(price)) {
    const [from, to] = price.split('-');
    min = rubles(from);
    max = rubles(to);
  } else {
    min = rubles(first(query.price_from));
    max = rubles(first(query.price_to));
  }
  if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
  if (min !== undefined) filters.price_min = min;
  if (max !== undefined) filters.price_max = max;
  if (first(query.sale) === '1') filters.sale = true;
  if (first(query.new) === '1') filters.new = true;
  const sortRaw = first(query.sort);
  const sort =
    (SORTS as readonly string[]).includes(sortRaw ?? '') && sortRaw !== 'popular' ? (sortRaw as Sort) : undefined;
  return sort ? { filters, sort } : { filters };
}

/** True when any filter is set. */
export function hasFilters(filters: OfferFilters): boolean {
  return Object.keys(filters).length > 0;
}

/**
 * The query parameters of a state in canonical form (stable key order, comma lists), page 1
 * omitted; `extra` (e.g. `searchParam`) comes first.
 */
export function listingQuery(
  state: ListingState,
  page = 1,
  extra: Record<string, string | undefined> = {},
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(extra)) if (value) out[key] = value;
  const f = state.filters;
  for (const [param, key] of Object.entries(LIST_PARAMS) as [ListParam, (typeof LIST_PARAMS)[ListParam]][]) {
    const list = f[key];
    if (list?.length) out[param] = list.join(',');
  }
  if (f.price_min !== undefined || f.price_max !== undefined) out.price = `${f.price_min ?? ''}-${f.price_max ?? ''}`;
  if (f.sale) out.sale = '1';
  if (f.new) out.new = '1';
  if (state.sort) out.sort = state.sort;
  if (page > 1) out.page = String(page);
  return out;
}

/** `basePath` with the canonical query of `state` ("/kupalniki?brand=maaji&sort=new"). */
export function listingUrl(
  basePath: string,
  state: ListingState,
  page = 1,
  extra: Record<string, string | undefined> = {},
): string {
  const qs = new URLSearchParams(listingQuery(state, page, extra)).toString();
  return qs ? `${basePath}?${qs}` : basePath;
}

/** The state with one list value toggled (added when absent, removed when present). */
export function toggleValue(state: ListingState, param: ListParam, value: string): ListingState {
  const key = LIST_PARAMS[param];
  const current = state.filters[key] ?? [];
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  const filters = { ...state.filters };
  if (next.length) filters[key] = next;
  else delete filters[key];
  return { ...state, filters };
}

/** The state without one filter key (`price` drops both bounds). */
export function withoutFilter(state: ListingState, key: keyof OfferFilters | 'price'): ListingState {
  const filters = { ...state.filters };
  if (key === 'price' || key === 'price_min' || key === 'price_max') {
    delete filters.price_min;
    delete filters.price_max;
  } else delete filters[key];
  return { ...state, filters };
}

/** Russian names of the sorts (issue #3: popularity, new, price up, price down, discount). */
export const SORT_LABELS: Record<Sort, string> = {
  popular: 'По популярности',
  new: 'Сначала новые',
  price_asc: 'Сначала дешевле',
  price_desc: 'Сначала дороже',
  discount: 'По размеру скидки',
};
