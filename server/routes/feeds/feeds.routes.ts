/** Product feeds for Yandex Market and Google Merchant Center (issue #15), documented in OpenAPI. */
import * as h from './feeds.handlers';
import type { ApiApp } from '../../types';

const xml = (description: string) => ({
  200: { description, content: { 'application/xml': { schema: { type: 'string' as const } } } },
});

/** Registers GET /api/v1/feeds/yml.xml and /api/v1/feeds/google-merchant.xml. */
export function registerFeedsRoutes(app: ApiApp) {
  const r = app.openAPIRegistry;
  r.registerPath({
    method: 'get',
    path: '/api/v1/feeds/yml.xml',
    tags: ['Каталог'],
    responses: xml('Фид Яндекс Маркета (YML): каждый размер в наличии — отдельное предложение'),
  });
  r.registerPath({
    method: 'get',
    path: '/api/v1/feeds/google-merchant.xml',
    tags: ['Каталог'],
    responses: xml('Фид Google Merchant Center (RSS 2.0, g:)'),
  });

  app.get('/api/v1/feeds/yml.xml', h.yml);
  app.get('/api/v1/feeds/google-merchant.xml', h.googleMerchant);
}
