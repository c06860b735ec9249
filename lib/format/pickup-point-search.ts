import type { PickupPoint } from '@/lib/api/contract/checkout';

/**
 * Whether a pickup point matches a search text (spec §6 delivery, issue #14 item 13): every word
 * of it appears in the point's name or address, in any case, ё = е. The API's
 * `GET /v1/pickup_points?search=` and the checkout's list narrow points by this one rule.
 */
export function matchesPickupPoint(point: Pick<PickupPoint, 'name' | 'address'>, search: string): boolean {
  const haystack = `${point.name} ${point.address}`.toLowerCase().replace(/ё/g, 'е');
  return search
    .toLowerCase()
    .replace(/ё/g, 'е')
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}
