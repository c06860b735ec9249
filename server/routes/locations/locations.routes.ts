/** Locations (spec §7 GET /v1/cities/, /v1/regions/), one declaration per route (routes/openapi.ts). */
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { CitiesResponse, RegionsResponse } from '@/lib/api/contract/accounts';
import { jsonResponses } from '../docs';
import { openapiRoute } from '../openapi';
import * as h from './locations.handlers';
import type { ApiApp } from '../../types';

const tags = ['Справочники'];
const request = {
  query: z.object({ data: z.string().optional().describe('JSON: {"search"?, "region_id"?, "limit"?}') }),
};

export const listRegions = createRoute({
  method: 'get',
  path: '/api/v1/regions/',
  tags,
  request,
  responses: jsonResponses(RegionsResponse, 'Регионы России', [400]),
});
export const listCities = createRoute({
  method: 'get',
  path: '/api/v1/cities/',
  tags,
  request,
  responses: jsonResponses(CitiesResponse, 'Города', [400]),
});

/** Registers the location routes. */
export function registerLocationRoutes(app: ApiApp) {
  openapiRoute(app, listRegions, h.listRegions);
  openapiRoute(app, listCities, h.listCities);
}
