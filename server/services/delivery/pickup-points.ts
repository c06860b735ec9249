/**
 * Pickup points of a city for the "В пункт выдачи СДЭК" method (issue #14 item 13): CDEK's
 * offices when the CDEK provider is configured (server/services/delivery/cdek.ts), else the
 * built-in demo list (demo-pickup-points.ts).
 */
import { LRUCache } from 'lru-cache';
import type { PickupPoint } from '@/lib/api/contract/checkout';
import { matchesPickupPoint } from '@/lib/format/pickup-point-search';
import { ApiHttpError } from '../../http';
import { logError } from '../log';
import type { DeliveryProvider, Destination } from './delivery';

/** How long CDEK's list of one city is reused, ms (offices open and close over days, not minutes). */
export const CDEK_POINTS_TTL_MS = 60 * 60 * 1000;
/** Most points one answer carries after a search. */
export const PICKUP_POINTS_MAX = 1000;

const cdekCache = new LRUCache<number, PickupPoint[]>({ max: 500, ttl: CDEK_POINTS_TTL_MS });

/**
 * The pickup points of `to` by `provider`, filtered by `search` (words of the name or address).
 * CDEK answers are cached per city for {@link CDEK_POINTS_TTL_MS}.
 * @returns `provider: "cdek"` with CDEK's offices, or `"demo"` with the built-in list.
 * @throws ApiHttpError 502 "Не удалось загрузить пункты выдачи" when CDEK fails.
 */
export async function pickupPointsOf(
  to: Destination,
  provider: DeliveryProvider,
  search = '',
): Promise<{ provider: 'cdek' | 'demo'; results: PickupPoint[] }> {
  let points: PickupPoint[];
  if (provider.name === 'cdek') {
    const cached = cdekCache.get(to.cityId);
    if (cached) points = cached;
    else {
      try {
        points = await provider.pickupPoints(to);
      } catch (error) {
        logError('delivery', 'cdek pickup points', error);
        throw new ApiHttpError(502, 'Не удалось загрузить пункты выдачи. Попробуйте позже');
      }
      cdekCache.set(to.cityId, points);
    }
  } else {
    points = await provider.pickupPoints(to);
  }
  const results = search.trim() ? points.filter((p) => matchesPickupPoint(p, search)) : points;
  return { provider: provider.name === 'cdek' ? 'cdek' : 'demo', results: results.slice(0, PICKUP_POINTS_MAX) };
}
