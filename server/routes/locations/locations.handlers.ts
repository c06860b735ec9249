/**
 * GET /v1/regions/ and GET /v1/cities/ (spec §7 Locations: "with query data as JSON"):
 * `?data={"search":"моск","region_id":50,"limit":50}`, answered by services/locations.ts.
 */
import { LocationQuery } from '@/lib/api/contract/accounts';
import { parseJsonQuery, parseOr400 } from '../../http';
import { listCities as citiesOf, listRegions as regionsOf } from '../../services/locations';
import type * as r from './locations.routes';
import type { AppEnv } from '../../types';
import type { RouteConfig, RouteHandler } from '@hono/zod-openapi';

type Handler<R extends RouteConfig> = RouteHandler<R, AppEnv>;

/** `?data=` JSON as `LocationQuery`. @throws ApiHttpError 400 with a Russian message. */
function query(data: string | undefined) {
  return parseOr400(LocationQuery, parseJsonQuery(data), 'Некорректный запрос');
}

/** Regions, by name. */
export const listRegions: Handler<typeof r.listRegions> = async (c) =>
  c.json({ status: 'success' as const, results: await regionsOf(c.var.db, query(c.req.valid('query').data)) }, 200);

/** Cities, capitals first, then by name; filtered by region and/or name. */
export const listCities: Handler<typeof r.listCities> = async (c) =>
  c.json({ status: 'success' as const, results: await citiesOf(c.var.db, query(c.req.valid('query').data)) }, 200);
