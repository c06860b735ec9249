/** Facets of listings and search suggestions (spec §7 `GET /v1/all/filters/{slug}/`, §2 search bar), documented in OpenAPI. */
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { Facets, FacetsQuery, SuggestQuery, Suggestions } from '@/lib/api/contract/facets';
import { jsonResponses } from '../docs';
import { openapiRoute } from '../openapi';
import * as h from './facets.handlers';
import type { ApiApp } from '../../types';

const tags = ['Каталог'];

export const facetsAll = createRoute({
  method: 'get',
  path: '/api/v1/all/filters/',
  tags,
  request: { query: FacetsQuery },
  responses: jsonResponses(Facets, 'Фильтры всего каталога, поиска (search) или бренда (brand) с количеством товаров'),
});
export const facets = createRoute({
  method: 'get',
  path: '/api/v1/all/filters/{path}/',
  tags,
  request: { params: z.object({ path: z.string() }), query: FacetsQuery },
  responses: jsonResponses(Facets, 'Фильтры категории с количеством товаров (И между фильтрами, ИЛИ внутри одного)'),
});
export const searchSuggest = createRoute({
  method: 'get',
  path: '/api/v1/search_suggest/',
  tags,
  request: { query: SuggestQuery },
  responses: jsonResponses(Suggestions, 'Подсказки поиска: категории, бренды, товары', [400]),
});

/** Registers the facets and suggestion routes under /api (a category path may span segments). */
export function registerFacetsRoutes(app: ApiApp) {
  openapiRoute(app, facetsAll, h.facetsAll);
  openapiRoute(app, facets, h.facets, { routing: '/api/v1/all/filters/:path{.+}' });
  openapiRoute(app, searchSuggest, h.searchSuggest);
}
