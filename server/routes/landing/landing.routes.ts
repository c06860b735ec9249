/** Landing pages (spec §7 `GET /v1/landing_page/{slug}`) and the sitemap feed, documented in OpenAPI. */
import { z } from 'zod';
import {
  LandingPage,
  LandingQuery,
  SitemapIndexData,
  SitemapProducts,
  SitemapProductsQuery,
} from '@/lib/api/contract/facets';
import { jsonResponses } from '../docs';
import * as h from './landing.handlers';
import type { ApiApp } from '../../types';

/** Registers the landing and sitemap routes under /api. */
export function registerLandingRoutes(app: ApiApp) {
  const r = app.openAPIRegistry;
  r.registerPath({
    method: 'get',
    path: '/api/v1/landing_page/{slug}/',
    tags: ['Каталог'],
    request: { params: z.object({ slug: z.string() }), query: LandingQuery },
    responses: jsonResponses(LandingPage, 'Посадочная страница с товарами (24 на странице)'),
  });
  r.registerPath({
    method: 'get',
    path: '/api/v1/sitemap/',
    tags: ['Каталог'],
    responses: jsonResponses(SitemapIndexData, 'Адреса для sitemap.xml: категории, подборки, бренды, посадочные', []),
  });
  r.registerPath({
    method: 'get',
    path: '/api/v1/sitemap/products/',
    tags: ['Каталог'],
    request: { query: SitemapProductsQuery },
    responses: jsonResponses(SitemapProducts, 'Адреса товаров для sitemap.xml', [400]),
  });

  app.get('/api/v1/landing_page/:slug{.+}', h.landingPage);
  app.get('/api/v1/sitemap/products', h.sitemapProductList);
  app.get('/api/v1/sitemap', h.sitemap);
}
