/** Product feeds for Yandex Market and Google Merchant Center (issue #15), one declaration per route (routes/openapi.ts). */
import { createRoute } from '@hono/zod-openapi';
import { openapiRoute } from '../openapi';
import * as h from './feeds.handlers';
import type { ApiApp } from '../../types';

const xml = (description: string) => ({
  200: { description, content: { 'application/xml': { schema: { type: 'string' as const } } } },
});

export const yml = createRoute({
  method: 'get',
  path: '/api/v1/feeds/yml.xml',
  tags: ['Каталог'],
  responses: xml('Фид Яндекс Маркета (YML): каждый размер в наличии — отдельное предложение'),
});
export const googleMerchant = createRoute({
  method: 'get',
  path: '/api/v1/feeds/google-merchant.xml',
  tags: ['Каталог'],
  responses: xml('Фид Google Merchant Center (RSS 2.0, g:)'),
});

/** Registers GET /api/v1/feeds/yml.xml and /api/v1/feeds/google-merchant.xml (XML bodies, no params). */
export function registerFeedsRoutes(app: ApiApp) {
  openapiRoute(app, yml, h.yml);
  openapiRoute(app, googleMerchant, h.googleMerchant);
}
