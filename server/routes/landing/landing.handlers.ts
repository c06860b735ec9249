/** Handlers of landing pages (spec §7 `/v1/landing_page/{slug}`) and the sitemap feed, typed from landing.routes.ts. */
import { LandingSlug } from '@/lib/api/contract/facets';
import { ApiHttpError } from '../../http';
import { getLandingPage, sitemapData, sitemapProducts } from '../../services/landing';
import type * as r from './landing.routes';
import type { AppEnv } from '../../types';
import type { RouteConfig, RouteHandler } from '@hono/zod-openapi';

type Handler<R extends RouteConfig> = RouteHandler<R, AppEnv>;

/**
 * GET /v1/landing_page/{slug}[/?limit=24&offset=0&sort=]: the page with one page of products.
 * @throws ApiHttpError 404 "Страница не найдена" for an unknown or malformed slug; 400 (route hook) for a bad query.
 */
export const landingPage: Handler<typeof r.landingPage> = async (c) => {
  const slug = c.req.valid('param').slug.replace(/\/+$/, '');
  if (!LandingSlug.safeParse(slug).success) throw new ApiHttpError(404, 'Страница не найдена');
  return c.json(await getLandingPage(c.var.db, slug, c.req.valid('query')), 200);
};

/** GET /v1/sitemap/: categories with tags, brands, landing pages, number of products. */
export const sitemap: Handler<typeof r.sitemap> = async (c) => c.json(await sitemapData(c.var.db), 200);

/** GET /v1/sitemap/products/?limit=50000&offset=0: canonical product paths. */
export const sitemapProductList: Handler<typeof r.sitemapProductList> = async (c) => {
  const query = c.req.valid('query');
  return c.json(await sitemapProducts(c.var.db, query.limit, query.offset), 200);
};
