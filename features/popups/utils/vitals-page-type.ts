import type { VitalsPageType } from '@/lib/api/contract/vitals';
import { decodeSegments, parseCatalogPath } from '@/lib/catalog-path';

/**
 * The page type a field vitals beacon is filed under (issue #30), from the URL path a page view
 * began at (spec §2 routes): `/` home; a catalogue section's listing (also /new and /sale) or
 * product (lib/catalog-path.ts); /search; /basket; /basket/delivery, the checkout. Any other page
 * (content, account, order success) → null: no beacon.
 * @param pathname `location.pathname`, e.g. "/kupalniki/razdelnye/123/bikini"
 */
export function vitalsPageType(pathname: string): VitalsPageType | null {
  const segments = decodeSegments(pathname.split('/').filter(Boolean));
  const [first, ...rest] = segments;
  if (first === undefined) return 'home';
  if (first === 'search' && rest.length === 0) return 'search';
  if (first === 'basket')
    return rest.length === 0 ? 'basket' : rest.length === 1 && rest[0] === 'delivery' ? 'checkout' : null;
  if ((first === 'new' || first === 'sale') && rest.length === 0) return 'listing';
  const route = parseCatalogPath(first, rest);
  return route ? route.kind : null;
}
