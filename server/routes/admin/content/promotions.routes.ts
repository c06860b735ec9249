/**
 * The console's promotions (issue #32, manager): `promo-codes` (the five resource routes; a used
 * code cannot be deleted) and `gift-cards` (list, one, issue, `PUT` end date / block,
 * `POST /gift-cards/{id}/block`; no delete: a certificate is money a customer holds).
 */
import {
  AdminGiftCard,
  AdminGiftCardInput,
  AdminGiftCardUpdate,
  AdminPromoCode,
  AdminPromoCodeInput,
} from '@/lib/api/contract/admin/promotions';
import { parseOr400, readJson } from '../../../http';
import { promoCodeResource } from '../../../services/admin/promotions-codes';
import {
  blockGiftCard,
  giftCardResource,
  issueGiftCard,
  updateGiftCard,
} from '../../../services/admin/promotions-gift-cards';
import { jsonResponses } from '../../docs';
import { openapiRoute } from '../../openapi';
import { ADMIN_ERRORS, adminGroup, auditOf, IdParams, recordId, registerCrud } from './crud-routes';
import type { ApiApp, AppEnv } from '../../../types';
import type { Context } from 'hono';

const blockCard = adminGroup.post(
  '/api/admin/gift-cards/{id}/block',
  { params: IdParams },
  jsonResponses(AdminGiftCard, 'Сертификат заблокирован', ADMIN_ERRORS),
);

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

  registerCrud(app, {
    name: 'gift-cards',
    title: 'Сертификат',
    roles: ['manager'],
    record: AdminGiftCard,
    resource: giftCardResource,
    list: { description: 'Подарочные сертификаты (Content-Range)' },
    one: { description: 'Сертификат: баланс и история' },
    create: {
      body: AdminGiftCardInput,
      description: 'Сертификат выпущен',
      errors: ADMIN_ERRORS,
      handler: async (c) => {
        const body = parseOr400(AdminGiftCardInput, await readJson(c), 'Проверьте поля');
        return c.json(await issueGiftCard(c.var.db, auditOf(c), body), 200);
      },
    },
    update: {
      body: AdminGiftCardUpdate,
      description: 'Сертификат изменён',
      errors: ADMIN_ERRORS,
      handler: async (c) => {
        const id = recordId(c);
        const body = parseOr400(AdminGiftCardUpdate, await readJson(c), 'Проверьте поля');
        return c.json(await updateGiftCard(c.var.db, auditOf(c), id, body), 200);
      },
    },
    remove: false,
  });
  openapiRoute(app, blockCard, (async (c: Context<AppEnv>) =>
    c.json(await blockGiftCard(c.var.db, auditOf(c), recordId(c)), 200)) as never);
}
