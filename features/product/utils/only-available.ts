/**
 * The size a colour opens with when the shopper has not chosen one (spec §3 offerFeaturesList),
 * apart from ./initial-selection.ts: the purchase panel needs this at once, the feed links'
 * `?color=&size=` reading only on the pages opened with them (issue #30, first-visit JS).
 */
import type { Feature } from '@/lib/api/contract/catalog';

/** Whether a size can be bought now. */
export const inStock = (feature: Feature) => feature.available && feature.stock > 0;

/** The single in-stock size of a list, preselected for convenience; otherwise none. */
export function onlyAvailable(features: readonly Feature[]): string | null {
  const available = features.filter(inStock);
  return features.length === 1 && available[0] ? available[0].ext_id : null;
}
