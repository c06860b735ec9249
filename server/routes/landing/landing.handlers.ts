/** Handlers of landing pages (spec §7 `/v1/landing_page/{slug}`) and the sitemap feed. */
import { LandingQuery, LandingSlug, SitemapProductsQuery } from '@/lib/api/contract/facets';
import { ApiHttpError, parseOr400 } from '../../http';
import { getLandingPage, sitemapData, sitemapProducts } from '../../services/landing';
import type { AppEnv } from '../../types';
import type { Context } from 'hono';

type Ctx = Context<AppEnv>;

/** GET /v1/landing_page/{slug}[/?limit=24&offset=0&sort=]: the page with one page of products; 404 when unknown. */
export async function landingPage(c: Ctx) {
  const slug = (c.req.param('slug') ?? '').replace(/\/+$/, '');
  if (!LandingSlug.safeParse(slug).success) throw new ApiHttpError(404, 'Страница не найдена');
  const query = parseOr400(LandingQuery, c.req.query());
  return c.json(await getLandingPage(c.var.db, slug, query));
}

/** GET /v1/sitemap/: categories with tags, brands, landing pages, number of products. */
export async function sitemap(c: Ctx) {
  return c.json(await sitemapData(c.var.db));
}

/** GET /v1/sitemap/products/?limit=50000&offset=0: canonical product paths. */
export async function sitemapProductList(c: Ctx) {
  const query = parseOr400(SitemapProductsQuery, c.req.query());
  return c.json(await sitemapProducts(c.var.db, query.limit, query.offset));
}
