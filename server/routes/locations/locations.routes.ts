/** Locations (spec §7 GET /v1/cities/, /v1/regions/), one declaration per route (routes/openapi.ts). */
import { z } from 'zod';
import { CitiesResponse, RegionsResponse } from '@/lib/api/contract/accounts';
import { jsonResponses } from '../docs';
import { openapiRoute, routeGroup } from '../openapi';
import * as h from './locations.handlers';
import type { ApiApp } from '../../types';

const route = routeGroup({ tags: ['Справочники'] });
const request = {
  query: z.object({ data: z.string().optional().describe('JSON: {"search"?, "region_id"?, "limit"?}') }),
};

export const listRegions = route.get(
  '/api/v1/regions/',
  request,
  jsonResponses(RegionsResponse, 'Регионы России', [400]),
);
export const listCities = route.get('/api/v1/cities/', request, jsonResponses(CitiesResponse, 'Города', [400]));

/** Registers the location routes. */
export function registerLocationRoutes(app: ApiApp) {
  openapiRoute(app, listRegions, h.listRegions);
  openapiRoute(app, listCities, h.listCities);
}
