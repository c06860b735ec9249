/** Handlers of the facets and search-suggestion endpoints (spec §7 `/v1/all/filters/{slug}/`, §2 search bar), typed from facets.routes.ts. */
import type { FacetsQuery } from '@/lib/api/contract/facets';
import { listFacets } from '../../services/facets';
import { searchProductIds } from '../../services/search';
import { suggest } from '../../services/suggest';
import { categoryPathOr404, filtersFrom } from '../catalog/catalog.handlers';
import type * as r from './facets.routes';
import type { AppEnv } from '../../types';
import type { RouteConfig, RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { z } from 'zod';

type Handler<R extends RouteConfig> = RouteHandler<R, AppEnv>;

/**
 * Facets of a category listing (category path), of the whole catalogue (none), of search results
 * (`search`) or of a brand. 404 for an unknown category/tag/brand, 400 for malformed filters.
 */
async function facetsOf(c: Context<AppEnv>, categoryPath: string | undefined, query: z.infer<typeof FacetsQuery>) {
  const filters = filtersFrom(query.filters);
  const ids = query.search ? await searchProductIds(c.var.db, query.search) : undefined;
  return listFacets(c.var.db, {
    categoryPath,
    tag: query.tag || undefined,
    brand: query.brand || undefined,
    ids,
    filters,
  });
}

/** GET /v1/all/filters/?filters=&tag=&search=&brand=. */
export const facetsAll: Handler<typeof r.facetsAll> = async (c) =>
  c.json(await facetsOf(c, undefined, c.req.valid('query')), 200);

/** GET /v1/all/filters/{slug}/?filters=&tag=: slug = category path. */
export const facets: Handler<typeof r.facets> = async (c) =>
  c.json(await facetsOf(c, categoryPathOr404(c.req.valid('param').path), c.req.valid('query')), 200);

/** GET /v1/search_suggest/?q=: categories, brands and products for the header search bar. */
export const searchSuggest: Handler<typeof r.searchSuggest> = async (c) =>
  c.json(await suggest(c.var.db, c.req.valid('query').q), 200);
