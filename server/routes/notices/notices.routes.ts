/**
 * Back in stock for a size, buy in one click (issue #33 items 2 and 4; lib/api/contract/notices.ts),
 * one declaration per route (routes/openapi.ts). The price-drop mail (item 3) has no endpoint: it is
 * a daily job of the API process (server/services/notices/price-drop.ts).
 */
import { z } from 'zod';
import { SuccessMessage } from '@/lib/api/contract/feedback';
import {
  OneClickBody,
  OneClickResponse,
  StockNoticeBody,
  StockNoticeList,
  StockNoticeResponse,
  StockNoticeTokenBody,
} from '@/lib/api/contract/notices';
import { jsonResponses } from '../docs';
import { openapiRoute, routeGroup } from '../openapi';
import * as h from './notices.handlers';
import type { ApiApp } from '../../types';

const open = routeGroup({ tags: ['Сообщения покупателю'] });
const withToken = routeGroup({ tags: ['Сообщения покупателю'], security: [{ Token: [] }] });

export const subscribe = open.post(
  '/api/v1/stock-notices/',
  { body: StockNoticeBody },
  jsonResponses(StockNoticeResponse, 'Подписка на поступление размера принята', [400, 409, 429, 503]),
  {
    description:
      'Сообщить о поступлении распроданного размера (`feature` — ext_id размера). Свой адрес вошедшего покупателя подтверждён сразу; любой другой получает письмо со ссылкой /notify/confirm/{token} (двойное подтверждение).',
  },
);
export const confirm = open.post(
  '/api/v1/stock-notices/confirm/',
  { body: StockNoticeTokenBody },
  jsonResponses(SuccessMessage, 'Адрес подтверждён', [400, 429]),
);
export const list = withToken.get(
  '/api/v1/stock-notices/',
  {},
  jsonResponses(StockNoticeList, 'Ожидаю поступления: открытые подписки покупателя', [401]),
);
export const remove = withToken.delete(
  '/api/v1/stock-notices/{id}/',
  { params: z.object({ id: z.string() }) },
  jsonResponses(StockNoticeList, 'Подписка удалена; оставшиеся подписки', [400, 401]),
);
export const oneClick = open.post(
  '/api/v1/one-click/',
  {
    headers: z.object({
      'idempotency-key': z
        .string()
        .optional()
        .describe('Ключ повтора: повтор с тем же ключом и тем же телом вернёт тот же заказ'),
    }),
    body: OneClickBody,
  },
  jsonResponses(OneClickResponse, 'Заказ в 1 клик оформлен (или возвращён повтор)', [400, 404, 409, 429]),
  {
    description:
      'Имя и телефон; товар из `item` (страница товара) или строки корзины (cookie cart_id). Остаток резервируется как у любого заказа, заказ уходит в 1С тем же обменом (sale query).',
  },
);

/** Registers the back-in-stock and one-click routes. */
export function registerNoticeRoutes(app: ApiApp) {
  openapiRoute(app, subscribe, h.subscribe);
  openapiRoute(app, confirm, h.confirm);
  openapiRoute(app, list, h.list);
  openapiRoute(app, remove, h.remove);
  openapiRoute(app, oneClick, h.oneClick);
}
