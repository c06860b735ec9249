/**
 * Goods without a brand (issue #28: a feed's placeholder vendor or the seller's legal name is not
 * a brand). The shop API gives them the brand `{name: 'Без бренда', slug: 'bez-brenda'}`: it stays
 * a value of the brand filter, but pages, titles, cards and structured data show no brand for it.
 * Kept apart from the zod contract so that client components (the header's basket) do not load
 * the contract's schemas on every page.
 */

/** Slug of the brand of goods whose retailer names none. */
export const NO_BRAND_SLUG = 'bez-brenda';

/** The brand name to show for `brand`, or '' for goods without a brand ({@link NO_BRAND_SLUG}). */
export const shownBrand = (brand: { name: string; slug: string }): string =>
  brand.slug === NO_BRAND_SLUG ? '' : brand.name;
