/**
 * The colour and sizes a product page opens with. The feeds (/yml.xml, /google-merchant.xml;
 * server/services/feeds/feed-source.ts) link every colour and size as
 * `?color={colour slug}&size={size name}` or, for swimwear separates, `&top=…&bottom=…`: the page
 * preselects them, a size only when it is in stock (spec §3 offerColorsList / offerFeaturesList).
 * The canonical URL stays the clean product path (catalog-route.tsx metadata), so these links make
 * no duplicate pages for crawlers.
 */
import type { Feature, Offer } from '@/lib/api/contract/catalog';
import { inStock, onlyAvailable } from './only-available';

/** Chosen offer id (0 = the product has no offers) and the sizes' `ext_id`s, null = none chosen. */
export type InitialSelection = {
  offerId: number;
  size: string | null;
  top: string | null;
  bottom: string | null;
};

type Query = Record<string, string | string[] | undefined>;

const first = (value: string | string[] | undefined): string => (Array.isArray(value) ? value[0] : value)?.trim() ?? '';

/** The in-stock size named `name` (case-insensitive), else the list's only in-stock size. */
function pick(features: readonly Feature[], name: string): string | null {
  const wanted = name.toLocaleLowerCase('ru');
  const match = wanted
    ? features.find((feature) => feature.name.toLocaleLowerCase('ru') === wanted && inStock(feature))
    : undefined;
  return match ? match.ext_id : onlyAvailable(features);
}

/**
 * The selection for `query` (`color`, `size`, `top`, `bottom`; unknown or sold-out values are
 * ignored): the offer whose colour slug is `color`, else the first offer.
 */
export function initialSelection(offers: readonly Offer[], query: Query): InitialSelection {
  const color = first(query.color).toLowerCase();
  const offer = (color && offers.find((candidate) => candidate.color.slug === color)) || offers[0];
  if (!offer) return { offerId: 0, size: null, top: null, bottom: null };
  return {
    offerId: offer.id,
    size: pick(offer.features, first(query.size)),
    top: pick(offer.features_top, first(query.top)),
    bottom: pick(offer.features_bottom, first(query.bottom)),
  };
}
