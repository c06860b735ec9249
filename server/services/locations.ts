/**
 * Regions and cities (spec §7 Locations), seeded with the federal subjects of Russia and their
 * main cities (server/seed/locations.ts). A search matches a part of the name, case-insensitively.
 */
import { and, asc, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { City, LocationQuery, Region } from '@/lib/api/contract/accounts';
import { cities, regions } from '../db/schema';
import type { Db } from '../db/client';
import type { z } from 'zod';

type Query = z.output<typeof LocationQuery>;

/** Rows a list returns when the query gives no `limit`. */
const DEFAULT_LIMIT = 500;

/** `%value%` for ILIKE, with the pattern characters of `value` taken literally. */
function like(value: string): string {
  return `%${value.trim().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** Regions by name, filtered by `search`. */
export async function listRegions(db: Db, q: Query): Promise<Region[]> {
  return db
    .select({ id: regions.id, name: regions.name, code: regions.code })
    .from(regions)
    .where(q.search ? ilike(regions.name, like(q.search)) : undefined)
    .orderBy(asc(regions.name))
    .limit(q.limit ?? DEFAULT_LIMIT);
}

/** Cities, capitals first, then by name; filtered by `region_id` and/or `search`. */
export async function listCities(db: Db, q: Query): Promise<City[]> {
  const where: SQL[] = [];
  if (q.region_id) where.push(eq(cities.regionId, q.region_id));
  if (q.search) where.push(ilike(cities.name, like(q.search)));
  return db
    .select({
      id: cities.id,
      name: cities.name,
      region_id: cities.regionId,
      region: regions.name,
      is_capital: cities.isCapital,
    })
    .from(cities)
    .innerJoin(regions, eq(regions.id, cities.regionId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(cities.isCapital), asc(cities.name))
    .limit(q.limit ?? DEFAULT_LIMIT);
}
