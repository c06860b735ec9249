/** Live stock of a product's sizes (lib/api/contract/stock.ts), in OpenAPI. */
import { z } from 'zod';
import { StockResponse } from '@/lib/api/contract/stock';
import { jsonResponses } from '../docs';
import * as h from './stock.handlers';
import type { ApiApp } from '../../types';

/** Registers GET /api/v1/stock/{pk}/ (never cached: `Cache-Control: no-store` on every answer). */
export function registerStockRoutes(app: ApiApp) {
  app.openAPIRegistry.registerPath({
    method: 'get',
    path: '/api/v1/stock/{pk}/',
    tags: ['Каталог'],
    description: 'Текущие остатки размеров товара; не кэшируется (Cache-Control: no-store).',
    request: {
      params: z.object({
        pk: z
          .string()
          .regex(/^[1-9]\d{0,9}$/)
          .describe('id товара'),
      }),
    },
    responses: jsonResponses(StockResponse, 'Остатки размеров по цветам', [400, 404]),
  });
  // Errors too: a cached 404 would hide a product that appears a moment later.
  app.use('/api/v1/stock/*', async (c, next) => {
    await next();
    c.res.headers.set('Cache-Control', 'no-store');
  });
  app.get('/api/v1/stock/:pk', h.stock);
}
