/** Locations (spec §7 GET /v1/cities/, /v1/regions/), in OpenAPI. */
import { z } from 'zod';
import { CitiesResponse, RegionsResponse } from '@/lib/api/contract/accounts';
import { jsonResponses } from '../docs';
import * as h from './locations.handlers';
import type { ApiApp } from '../../types';

const TAG = ['Справочники'];
const request = {
  query: z.object({ data: z.string().optional().describe('JSON: {"search"?, "region_id"?, "limit"?}') }),
};

/** Registers the location routes. */
export function registerLocationRoutes(app: ApiApp) {
  const r = app.openAPIRegistry;
  r.registerPath({
    method: 'get',
    path: '/api/v1/regions/',
    tags: TAG,
    request,
    responses: jsonResponses(RegionsResponse, 'Регионы России', [400]),
  });
  r.registerPath({
    method: 'get',
    path: '/api/v1/cities/',
    tags: TAG,
    request,
    responses: jsonResponses(CitiesResponse, 'Города', [400]),
  });
  app.get('/api/v1/regions', h.listRegions);
  app.get('/api/v1/cities', h.listCities);
}
