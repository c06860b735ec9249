/** Facets of listings and search suggestions (spec §7 `GET /v1/all/filters/{slug}/`, §2 search bar), one declaration per route (routes/openapi.ts). */
import { z } from 'zod';
import { Facets, FacetsQuery, SuggestQuery, Suggestions } from '@/lib/api/contract/facets';
import { jsonResponses } from '../docs';
import { openapiRoute, routeGroup } from '../openapi';
import * as h from './facets.handlers';
import type { ApiApp } from '../../types';

const route = routeGroup({ tags: ['Каталог'] });

export const facetsAll = route.get(
  '/api/v1/all/filters/',
  { query: FacetsQuery },
  jsonResponses(Facets, 'Фильтры всего каталога, поиска (search) или бренда (brand) с количеством товаров'),
);
export const facets = route.get(
  '/api/v1/all/filters/{path}/',
  { params: z.object({ path: z.string() }), query: FacetsQuery },
  jsonResponses(Facets, 'Фильтры категории с количеством товаров (И между фильтрами, ИЛИ внутри одного)'),
);
export const searchSuggest = route.get(
  '/api/v1/search_suggest/',
  { query: SuggestQuery },
  jsonResponses(Suggestions, 'Подсказки поиска: категории, бренды, товары', [400]),
);

/** Registers the facets and suggestion routes under /api (a category path may span segments). */
export function registerFacetsRoutes(app: ApiApp) {
  openapiRoute(app, facetsAll, h.facetsAll);
  openapiRoute(app, facets, h.facets, { routing: '/api/v1/all/filters/:path{.+}' });
  openapiRoute(app, searchSuggest, h.searchSuggest);
}
