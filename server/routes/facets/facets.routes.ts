/** Facets of listings and search suggestions (spec §7 `GET /v1/all/filters/{slug}/`, §2 search bar), documented in OpenAPI. */
import { z } from 'zod';
import { Facets, FacetsQuery, SuggestQuery, Suggestions } from '@/lib/api/contract/facets';
import type { ApiApp } from '../../types';
import { jsonResponses } from '../docs';
import * as h from './facets.handlers';

/** Registers the facets and suggestion routes under /api. */
export function registerFacetsRoutes(app: ApiApp) {
  const r = app.openAPIRegistry;
  r.registerPath({ method: 'get', path: '/api/v1/all/filters/', tags: ['Каталог'], request: { query: FacetsQuery }, responses: jsonResponses(Facets, 'Фильтры всего каталога, поиска (search) или бренда (brand) с количеством товаров') });
  r.registerPath({ method: 'get', path: '/api/v1/all/filters/{path}/', tags: ['Каталог'], request: { params: z.object({ path: z.string() }), query: FacetsQuery }, responses: jsonResponses(Facets, 'Фильтры категории с количеством товаров (И между фильтрами, ИЛИ внутри одного)') });
  r.registerPath({ method: 'get', path: '/api/v1/search_suggest/', tags: ['Каталог'], request: { query: SuggestQuery }, responses: jsonResponses(Suggestions, 'Подсказки поиска: категории, бренды, товары', [400]) });

  app.get('/api/v1/all/filters', h.facets);
  app.get('/api/v1/all/filters/:path{.+}', h.facets);
  app.get('/api/v1/search_suggest', h.searchSuggest);
}
