/**
 * A product's SEO text (issue #32 "Catalogue view: fix its SEO text"): `GET
 * /api/admin/products/{id}/seo` (every role that sees products) and `PUT` (editor; the owner always
 * passes) read and write the SEO record of the product page's canonical URL
 * (server/services/admin/catalogue-product-seo.ts). Registered after the catalogue routes, whose
 * `products` guard covers these paths.
 */
import { AdminProductSeo, AdminProductSeoInput } from '@/lib/api/contract/admin/catalogue';
import { ApiHttpError, parseOr400, readJson } from '../../../http';
import { getProductSeo, putProductSeo } from '../../../services/admin/catalogue-product-seo';
import { jsonResponses } from '../../docs';
import { openapiRoute } from '../../openapi';
import { currentStaff } from '../guard';
import { adminGroup, auditOf, IdParams, recordId } from './crud-routes';
import type { ApiApp, AppEnv } from '../../../types';
import type { Context } from 'hono';

const errs = [400, 401, 403, 404];
const readSeo = adminGroup.get(
  '/api/admin/products/{id}/seo',
  { params: IdParams },
  jsonResponses(AdminProductSeo, 'SEO-текст страницы товара (пустые строки: текст по умолчанию)', errs),
);
const writeSeo = adminGroup.put(
  '/api/admin/products/{id}/seo',
  { params: IdParams, body: AdminProductSeoInput },
  jsonResponses(AdminProductSeo, 'SEO-текст сохранён (все поля пустые: запись удалена)', errs),
);

/** Registers the product SEO routes (call after `registerAdminCatalogueRoutes`). */
export function registerAdminProductSeoRoutes(app: ApiApp) {
  openapiRoute(app, readSeo, (async (c: Context<AppEnv>) =>
    c.json(await getProductSeo(c.var.db, recordId(c)), 200)) as never);
  openapiRoute(app, writeSeo, (async (c: Context<AppEnv>) => {
    // SEO text is the editor's (the roles matrix); a manager only hides and shows.
    if (currentStaff(c).role === 'manager') throw new ApiHttpError(403, 'Недостаточно прав');
    const id = recordId(c);
    const body = parseOr400(AdminProductSeoInput, await readJson(c), 'Проверьте поля');
    return c.json(await putProductSeo(c.var.db, auditOf(c), id, body), 200);
  }) as never);
}
