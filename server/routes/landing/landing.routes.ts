/** Landing pages (spec §7 `GET /v1/landing_page/{slug}`) and the sitemap feed, one declaration per route (routes/openapi.ts). */
import { z } from 'zod';
import {
  LandingPage,
  LandingQuery,
  SitemapIndexData,
  SitemapProducts,
  SitemapProductsQuery,
} from '@/lib/api/contract/facets';
import { jsonResponses } from '../docs';
import { openapiRoute, routeGroup } from '../openapi';
import * as h from './landing.handlers';
import type { ApiApp } from '../../types';

const route = routeGroup({ tags: ['Каталог'] });

export const landingPage = route.get(
  '/api/v1/landing_page/{slug}/',
  { params: z.object({ slug: z.string() }), query: LandingQuery },
  jsonResponses(LandingPage, 'Посадочная страница с товарами (24 на странице)'),
);
export const sitemap = route.get(
  '/api/v1/sitemap/',
  {},
  jsonResponses(SitemapIndexData, 'Адреса для sitemap.xml: категории, подборки, бренды, посадочные', []),
);
export const sitemapProductList = route.get(
  '/api/v1/sitemap/products/',
  { query: SitemapProductsQuery },
  jsonResponses(SitemapProducts, 'Адреса товаров для sitemap.xml', [400]),
);

/** Registers the landing and sitemap routes under /api (a landing slug may span segments). */
export function registerLandingRoutes(app: ApiApp) {
  openapiRoute(app, landingPage, h.landingPage, { routing: '/api/v1/landing_page/:slug{.+}' });
  openapiRoute(app, sitemapProductList, h.sitemapProductList);
  openapiRoute(app, sitemap, h.sitemap);
}
