/**
 * Business constants and limits of spec §9 (and the fixed lists of spec §2), in one place.
 * Durations are milliseconds, money is rubles.
 */

/** Catalogue sections in menu order (spec §2 "Catalogue sections"). */
export const SECTIONS = ['kupalniki', 'odezhda', 'obuv', 'aksessuary', 'bele', 'detskoe', 'muzhskoe'] as const;
export type Section = (typeof SECTIONS)[number];

/** Russian names of the sections, used where the API has not answered (spec §2). */
export const SECTION_NAMES: Record<Section, string> = {
  kupalniki: 'Купальники',
  odezhda: 'Одежда',
  obuv: 'Обувь',
  aksessuary: 'Аксессуары',
  bele: 'Бельё',
  detskoe: 'Детское',
  muzhskoe: 'Мужское',
};

/** Sections with a product route (spec §2 "Product detail": muzhskoe has none). */
export const PRODUCT_SECTIONS: readonly Section[] = ['odezhda', 'bele', 'detskoe', 'obuv', 'kupalniki', 'aksessuary'];

/** Page size of offers, search and landing pages (spec §9). */
export const PAGE_SIZE = 24;
/**
 * The largest `offset` the shop API takes in a list query (lib/api/contract/common.ts); a
 * storefront page number past it is a 404 without asking the API (issue #31 item 5).
 */
export const MAX_LIST_OFFSET = 1_000_000;
/** Items of the sale and new lists (spec §9). */
export const OFFERS_LIST_SIZE = 64;

/** Password minimum length (spec §5, §9). */
export const PASSWORD_MIN_LENGTH = 8;
/** Each name part on complete-registration must be longer than this (spec §5, §9). */
export const NAME_PART_MIN_EXCLUSIVE = 2;
/** Phone mask (spec §5, §9); `#` is a digit. */
export const PHONE_MASK = '+7(###)-###-##-##';
/** A masked phone of this many characters counts as complete (spec §5, §9). */
export const PHONE_COMPLETE_LENGTH = 16;

/** Subcategories per section in a menu panel; a "more" link appears above it (spec §2, §9). */
export const MENU_SUBCATEGORIES_LIMIT = 10;
/** Brands in the menu panel; a "more brands" link appears above it (spec §2, §9). */
export const MENU_BRANDS_LIMIT = 10;
/** The brands the menu is limited to (spec §2 Layout). */
export const MENU_BRANDS = [
  'Beach Bunny',
  'Luli Fama',
  'Bound by Bond-Eye',
  'Cotazur',
  'Maaji',
  'DKNY',
  'PilyQ',
  'Sea Level',
  'Nuria Ferrer',
  'Runwaydreamz',
] as const;

/** Page views after which the Telegram popup appears (spec §4, §9). */
export const TELEGRAM_POPUP_THRESHOLD = 5;

/** Page-loading bar (spec §4, §9), ms. */
export const LOADING_BAR = { durationMs: 5000, throttleMs: 200, hideDelayMs: 500 } as const;
export { CHUNK_RELOAD_GUARD_MS } from './chunk-reload-guard';

/** Basket dropdown close delay, ms (spec §4, §9). */
export const BASKET_DROPDOWN_CLOSE_DELAY_MS = 1000;
/** Minimum basket quantity (spec §4, §9). */
export const MIN_QUANTITY = 1;

/** Scroll-to-top animation, ms (spec §2, §9). */
export const SCROLL_TO_TOP_MS = 800;
/** Prefetch idle timeout, ms (spec §9). */
export const PREFETCH_IDLE_TIMEOUT_MS = 2000;
/** Default fetch delay, ms (spec §9). */
export const DEFAULT_FETCH_DELAY_MS = 200;

/** Currency sign (spec §9). */
export const CURRENCY_SIGN = '₽';
/** ISO currency for schema.org offers. */
export const CURRENCY_CODE = 'RUB';

/** Social login popup size, px (spec §9). */
export const SOCIAL_POPUP_SIZE = { width: 580, height: 400 } as const;

/** Shop name used in page titles ("Купальники — Lumière"). */
export const SITE_NAME = 'Lumière';

/** Catalogue data freshness for `fetch(..., { next: { revalidate } })`, seconds. */
export const CATALOG_REVALIDATE_S = 300;

/** Most favourites one list keeps (the favourites contract re-exports it; here for zod-free client code). */
export const FAVORITES_MAX = 500;

/**
 * Sorts of a listing (spec §2 catalogue: popularity, new, price up/down, discount); the catalogue
 * contract builds its `Sort` enum from it. Here so client code can list them without zod (issue #7).
 */
export const SORTS = ['popular', 'new', 'price_asc', 'price_desc', 'discount'] as const;
