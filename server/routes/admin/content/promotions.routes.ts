/**
 * The console's promotions (issue #32, manager): `promo-codes` (the five resource routes; a used
 * code cannot be deleted) and `gift-cards` (list, one, issue, `PUT` end date / block,
 * `POST /gift-cards/{id}/block`; no delete: a certificate is money a customer holds).
 */
import { z } from 'zod';
import {
  AdminGiftCard,
  AdminGiftCardInput,
  AdminGiftCardUpdate,
  AdminPromoCode,
  AdminPromoCodeInput,
} from '@/lib/api/contract/admin/promotions';
import { parseOr400, readJson } from '../../../http';
import { getRecord, listRecords } from '../../../services/admin/content-crud';
import { promoCodeResource } from '../../../services/admin/promotions-codes';
import {
  blockGiftCard,
  giftCardResource,
  issueGiftCard,
  updateGiftCard,
} from '../../../services/admin/promotions-gift-cards';
import { jsonResponses } from '../../docs';
import { openapiRoute } from '../../openapi';
import { ListQueryParams, parseListQuery, setContentRange } from '../list-query';
import { adminGroup, auditOf, BaseFilter, guard, IdParams, registerCrud } from './crud-routes';
import type { ApiApp, AppEnv } from '../../../types';
import type { Context } from 'hono';

const errs = [400, 401, 403, 404];
const listCards = adminGroup.get(
  '/api/admin/gift-cards',
  { query: ListQueryParams },
  jsonResponses(z.array(AdminGiftCard), 'Подарочные сертификаты (Content-Range)', errs),
);
const oneCard = adminGroup.get(
  '/api/admin/gift-cards/{id}',
  { params: IdParams },
  jsonResponses(AdminGiftCard, 'Сертификат: баланс и история', errs),
);
const issueCard = adminGroup.post(
  '/api/admin/gift-cards',
  { body: AdminGiftCardInput },
  jsonResponses(AdminGiftCard, 'Сертификат выпущен', errs),
);
const updateCard = adminGroup.put(
  '/api/admin/gift-cards/{id}',
  { params: IdParams, body: AdminGiftCardUpdate },
  jsonResponses(AdminGiftCard, 'Сертификат изменён', errs),
);
const blockCard = adminGroup.post(
  '/api/admin/gift-cards/{id}/block',
  { params: IdParams },
  jsonResponses(AdminGiftCard, 'Сертификат заблокирован', errs),
);

const idOf = (c: Context<AppEnv>) => parseOr400(IdParams, { id: c.req.param('id') }, 'Некорректный номер записи').id;

/** Registers promo codes and gift certificates (manager; owner too). */
export function registerAdminPromotionRoutes(app: ApiApp) {
  registerCrud(app, {
    name: 'promo-codes',
    title: 'Промокоды',
    roles: ['manager'],
    resource: promoCodeResource,
    input: AdminPromoCodeInput,
    record: AdminPromoCode,
  });

  guard(app, 'gift-cards', ['manager']);
  openapiRoute(app, listCards, (async (c: Context<AppEnv>) => {
    const query = parseListQuery(c, BaseFilter, Object.keys(giftCardResource.sortable));
    const { records, total } = await listRecords(c.var.db, giftCardResource, query);
    setContentRange(c, 'gift-cards', query.offset, records.length, total);
    return c.json(records, 200);
  }) as never);
  openapiRoute(app, oneCard, (async (c: Context<AppEnv>) =>
    c.json(await getRecord(c.var.db, giftCardResource, idOf(c)), 200)) as never);
  openapiRoute(app, issueCard, (async (c: Context<AppEnv>) => {
    const body = parseOr400(AdminGiftCardInput, await readJson(c), 'Проверьте поля');
    return c.json(await issueGiftCard(c.var.db, auditOf(c), body), 200);
  }) as never);
  openapiRoute(app, updateCard, (async (c: Context<AppEnv>) => {
    const id = idOf(c);
    const body = parseOr400(AdminGiftCardUpdate, await readJson(c), 'Проверьте поля');
    return c.json(await updateGiftCard(c.var.db, auditOf(c), id, body), 200);
  }) as never);
  openapiRoute(app, blockCard, (async (c: Context<AppEnv>) =>
    c.json(await blockGiftCard(c.var.db, auditOf(c), idOf(c)), 200)) as never);
}
