/**
 * GET /v1/regions/ and GET /v1/cities/ (spec §7 Locations: "with query data as JSON"):
 * `?data={"search":"моск","region_id":50,"limit":50}`. Seeded with the federal subjects of Russia
 * and their main cities (server/seed/locations.ts).
 */
import { and, asc, desc, eq, ilike, type SQL } from 'drizzle-orm';
import { LocationQuery } from '@/lib/api/contract/accounts';
import { cities, regions } from '../../db/schema';
import { parseJsonQuery, parseOr400 } from '../../http';
import type * as r from './locations.routes';
import type { AppEnv } from '../../types';
import type { RouteConfig, RouteHandler } from '@hono/zod-openapi';

type Handler<R extends RouteConfig> = RouteHandler<R, AppEnv>;

/** `?data=` JSON as `LocationQuery`. @throws ApiHttpError 400 with a Russian message. */
function query(data: string | undefined) {
  return parseOr400(LocationQuery, parseJsonQuery(data), 'Некорректный запрос');
}

function like(value: string): string {
  return `%${value.trim().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** Regions, by name. */
export const listRegions: Handler<typeof r.listRegions> = async (c) => {
  const q = query(c.req.valid('query').data);
  const rows = await c.var.db
    .select({ id: regions.id, name: regions.name, code: regions.code })
    .from(regions)
    .where(q.search ? ilike(regions.name, like(q.search)) : undefined)
    .orderBy(asc(regions.name))
    .limit(q.limit ?? 500);
  return c.json({ status: 'success' as const, results: rows }, 200);
};

/** Cities, capitals first, then by name; filtered by region and/or name. */
export const listCities: Handler<typeof r.listCities> = async (c) => {
  const q = query(c.req.valid('query').data);
  const where: SQL[] = [];
  if (q.region_id) where.push(eq(cities.regionId, q.region_id));
  if (q.search) where.push(ilike(cities.name, like(q.search)));
  const rows = await c.var.db
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
    .limit(q.limit ?? 500);
  return c.json({ status: 'success' as const, results: rows }, 200);
};
