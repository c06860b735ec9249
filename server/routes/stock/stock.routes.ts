/** Live stock of a product's sizes (lib/api/contract/stock.ts), one declaration per route (routes/openapi.ts). */
import { z } from 'zod';
import { StockResponse } from '@/lib/api/contract/stock';
import { jsonResponses } from '../docs';
import { openapiRoute, routeGroup } from '../openapi';
import * as h from './stock.handlers';
import type { ApiApp } from '../../types';

export const stock = routeGroup({ tags: ['Каталог'] }).get(
  '/api/v1/stock/{pk}/',
  {
    params: z.object({
      pk: z
        .string()
        // The contract's message (StockParams), so the hook's 400 reads as the handler's would.
        .regex(/^[1-9]\d{0,9}$/, 'Некорректный номер товара')
        .describe('id товара'),
    }),
  },
  jsonResponses(StockResponse, 'Остатки размеров по цветам', [400, 404]),
  { description: 'Текущие остатки размеров товара; не кэшируется (Cache-Control: no-store).' },
);

/** Registers GET /api/v1/stock/{pk}/ (never cached: `Cache-Control: no-store` on every answer). */
export function registerStockRoutes(app: ApiApp) {
  // Errors too: a cached 404 would hide a product that appears a moment later.
  app.use('/api/v1/stock/*', async (c, next) => {
    await next();
    c.res.headers.set('Cache-Control', 'no-store');
  });
  openapiRoute(app, stock, h.stock, { what: 'Некорректный товар' });
}
