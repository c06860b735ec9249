/** Product feeds for Yandex Market and Google Merchant Center (issue #15), one declaration per route (routes/openapi.ts). */
import { openapiRoute, routeGroup } from '../openapi';
import * as h from './feeds.handlers';
import type { ApiApp } from '../../types';

const xml = (description: string) => ({
  200: { description, content: { 'application/xml': { schema: { type: 'string' as const } } } },
});

const route = routeGroup({ tags: ['Каталог'] });

export const yml = route.get(
  '/api/v1/feeds/yml.xml',
  {},
  xml('Фид Яндекс Маркета (YML): каждый размер в наличии — отдельное предложение'),
);
export const googleMerchant = route.get(
  '/api/v1/feeds/google-merchant.xml',
  {},
  xml('Фид Google Merchant Center (RSS 2.0, g:)'),
);

/** Registers GET /api/v1/feeds/yml.xml and /api/v1/feeds/google-merchant.xml (XML bodies, no params). */
export function registerFeedsRoutes(app: ApiApp) {
  openapiRoute(app, yml, h.yml);
  openapiRoute(app, googleMerchant, h.googleMerchant);
}
