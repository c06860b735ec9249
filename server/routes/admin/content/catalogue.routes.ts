/**
 * The console's catalogue view (issue #32): `GET /api/admin/products` (q: name, article, 1C id or
 * number; filter hidden), `GET /api/admin/products/{id}` (sizes, stock, price), `PUT
 * /api/admin/products/{id}` ({hidden}: manager). Editors may look too.
 */
import { z } from 'zod';
import {
  AdminImportRun,
  AdminProduct,
  AdminProductUpdate,
  AdminYmlImportInput,
} from '@/lib/api/contract/admin/catalogue';
import { readServerEnv } from '../../../env';
import { ApiHttpError, parseOr400, readJson } from '../../../http';
import { importRunResource, runYmlImport } from '../../../services/admin/catalogue-imports';
import { setProductHidden, productResource } from '../../../services/admin/catalogue-products';
import { getRecord, listRecords } from '../../../services/admin/content-crud';
import { jsonResponses } from '../../docs';
import { openapiRoute } from '../../openapi';
import { currentStaff } from '../guard';
import { ListQueryParams, parseListQuery, setContentRange } from '../list-query';
import { adminGroup, auditOf, BaseFilter, guard, IdParams } from './crud-routes';
import type { ApiApp, AppEnv } from '../../../types';
import type { Context } from 'hono';

const errs = [400, 401, 403, 404];
const listProducts = adminGroup.get(
  '/api/admin/products',
  { query: ListQueryParams },
  jsonResponses(z.array(AdminProduct), 'Товары: размеры, остатки, цены (Content-Range)', errs),
);
const oneProduct = adminGroup.get(
  '/api/admin/products/{id}',
  { params: IdParams },
  jsonResponses(AdminProduct, 'Товар', errs),
);
const updateProduct = adminGroup.put(
  '/api/admin/products/{id}',
  { params: IdParams, body: AdminProductUpdate },
  jsonResponses(AdminProduct, 'Товар скрыт или показан', errs),
);

const idOf = (c: Context<AppEnv>) => parseOr400(IdParams, { id: c.req.param('id') }, 'Некорректный номер записи').id;

/** Registers the products view (manager and editor read; manager hides and shows). */
export function registerAdminCatalogueRoutes(app: ApiApp) {
  guard(app, 'products', ['manager', 'editor']);
  openapiRoute(app, listProducts, (async (c: Context<AppEnv>) => {
    const query = parseListQuery(c, BaseFilter, Object.keys(productResource.sortable));
    const { records, total } = await listRecords(c.var.db, productResource, query);
    setContentRange(c, 'products', query.offset, records.length, total);
    return c.json(records, 200);
  }) as never);
  openapiRoute(app, oneProduct, (async (c: Context<AppEnv>) =>
    c.json(await getRecord(c.var.db, productResource, idOf(c)), 200)) as never);
  openapiRoute(app, updateProduct, (async (c: Context<AppEnv>) => {
    if (currentStaff(c).role === 'editor') throw new ApiHttpError(403, 'Недостаточно прав');
    const id = idOf(c);
    const body = parseOr400(AdminProductUpdate, await readJson(c), 'Проверьте поля');
    return c.json(await setProductHidden(c.var.db, auditOf(c), id, body), 200);
  }) as never);
}

const listRuns = adminGroup.get(
  '/api/admin/imports',
  { query: ListQueryParams },
  jsonResponses(z.array(AdminImportRun), 'Запуски импорта и их отчёты (Content-Range)', errs),
);
const oneRun = adminGroup.get(
  '/api/admin/imports/{id}',
  { params: IdParams },
  jsonResponses(AdminImportRun, 'Запуск импорта', errs),
);
const runYml = adminGroup.post(
  '/api/admin/imports/yml',
  { body: AdminYmlImportInput },
  jsonResponses(AdminImportRun, 'Импорт YML по адресу выполнен (или отчёт об ошибке)', [400, 401, 403]),
);

/** Registers import runs and the YML import by URL (manager). */
export function registerAdminImportRoutes(app: ApiApp) {
  guard(app, 'imports', ['manager']);
  openapiRoute(app, runYml, (async (c: Context<AppEnv>) => {
    const { url } = parseOr400(AdminYmlImportInput, await readJson(c), 'Проверьте адрес');
    return c.json(await runYmlImport(c.var.db, auditOf(c), readServerEnv(), url), 200);
  }) as never);
  openapiRoute(app, listRuns, (async (c: Context<AppEnv>) => {
    const query = parseListQuery(c, BaseFilter, Object.keys(importRunResource.sortable));
    const { records, total } = await listRecords(c.var.db, importRunResource, query);
    setContentRange(c, 'imports', query.offset, records.length, total);
    return c.json(records, 200);
  }) as never);
  openapiRoute(app, oneRun, (async (c: Context<AppEnv>) =>
    c.json(await getRecord(c.var.db, importRunResource, idOf(c)), 200)) as never);
}
