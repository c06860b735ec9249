/**
 * The built-in demo pickup points (issue #14 item 13), used when CDEK is not configured: hand-written
 * points for the largest seeded cities (demo-pickup-points.json: names, addresses and coordinates
 * near the real streets) and three points on common street names for every other seeded city, so
 * every city of the region/city picker has something to choose. Nothing is stored: no table, no
 * migration; the JSON is checked with zod when the module loads.
 */
import { z } from 'zod';
import type { PickupPoint } from '@/lib/api/contract/checkout';
import demoData from './demo-pickup-points.json';

const DEMO = z
  .record(
    z.string(),
    z.array(
      z.object({
        name: z.string().min(1),
        address: z.string().min(1),
        work_time: z.string().min(1),
        type: z.enum(['PVZ', 'POSTAMAT']),
        location: z.tuple([z.number().min(41).max(82), z.number().min(19).max(180)]),
      }),
    ),
  )
  .parse(demoData);

/** Streets found in almost every Russian city, for the generated demo points. */
const COMMON_STREETS = [
  'ул. Ленина',
  'ул. Советская',
  'пр-т Мира',
  'ул. Гагарина',
  'ул. Московская',
  'ул. Победы',
  'ул. Пушкина',
  'ул. Кирова',
];
const WORK_TIMES = ['Пн-Вс 10:00-20:00', 'Пн-Пт 10:00-20:00, Сб 10:00-16:00', 'Пн-Пт 09:00-19:00, Сб-Вс 10:00-17:00'];

/**
 * The demo points of a city: the hand-written ones, or three generated from its id (stable across
 * restarts: the same city always gets the same codes and addresses).
 */
export function demoPickupPoints(to: { cityId: number; city: string }): PickupPoint[] {
  const listed = DEMO[to.city];
  if (listed) {
    return listed.map((p, i) => ({
      code: `DEMO-${to.cityId}-${i + 1}`,
      name: p.name,
      address: p.address,
      work_time: p.work_time,
      type: p.type,
      location: { latitude: p.location[0], longitude: p.location[1] },
    }));
  }
  return [0, 1, 2].map((i) => {
    const street = COMMON_STREETS[(to.cityId + i * 3) % COMMON_STREETS.length]!;
    const house = 1 + ((to.cityId * 7 + i * 29) % 120);
    const locker = i === 2;
    return {
      code: `DEMO-${to.cityId}-${i + 1}`,
      name: locker ? `Постамат СДЭК, ${street}` : `СДЭК, ${street}`,
      address: `${street}, д. ${house}`,
      work_time: locker ? 'Круглосуточно' : WORK_TIMES[(to.cityId + i) % WORK_TIMES.length]!,
      type: locker ? 'POSTAMAT' : 'PVZ',
      location: null,
    };
  });
}
