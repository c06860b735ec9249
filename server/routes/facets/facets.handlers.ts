/** Handlers of the facets and search-suggestion endpoints (spec §7 `/v1/all/filters/{slug}/`, §2 search bar). */
import type { Context } from 'hono';
import { FacetsQuery, SuggestQuery } from '@/lib/api/contract/facets';
import { parseOr400 } from '../../http';
import { searchProductIds } from '../../services/search';
import { listFacets } from '../../services/facets';
import { suggest } from '../../services/suggest';
import type { AppEnv } from '../../types';
import { categoryPathOr404, filtersFrom } from '../catalog/catalog.handlers';

type Ctx = Context<AppEnv>;

/**
 * GET /v1/all/filters/{slug}/?filters=&tag=&search=&brand=: facets of a category listing (slug =
 * category path), of the whole catalogue (no slug), of search results (`search`) or of a brand.
 * 404 for an unknown category/tag/brand, 400 for malformed filters.
 */
export async function facets(c: Ctx) {
  const categoryPath = categoryPathOr404(c.req.param('path'));
  const query = parseOr400(FacetsQuery, c.req.query());
  const filters = filtersFrom(query.filters);
  const ids = query.search ? await searchProductIds(c.var.db, query.search) : undefined;
  return c.json(
    await listFacets(c.var.db, {
      categoryPath,
      tag: query.tag || undefined,
      brand: query.brand || undefined,
      ids,
      filters,
    }),
  );
}

/** GET /v1/search_suggest/?q=: categories, brands and products for the header search bar. */
export async function searchSuggest(c: Ctx) {
  const query = parseOr400(SuggestQuery, c.req.query(), 'Некорректный запрос');
  return c.json(await suggest(c.var.db, query.q));
}
