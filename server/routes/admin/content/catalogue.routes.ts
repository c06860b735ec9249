/**
 * The console's catalogue view (issue #32): `GET /api/admin/products` (q: name, article, 1C id or
 * number; filter hidden), `GET /api/admin/products/{id}` (sizes, stock, price), `PUT
 * /api/admin/products/{id}` ({hidden}: manager). Editors may look too.
 */
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
import { jsonResponses } from '../../docs';
import { openapiRoute } from '../../openapi';
import { currentStaff } from '../guard';
import { ADMIN_ERRORS, adminGroup, auditOf, recordId, registerCrud } from './crud-routes';
import type { ApiApp, AppEnv } from '../../../types';
import type { Context } from 'hono';

const runYml = adminGroup.post(
  '/api/admin/imports/yml',
  { body: AdminYmlImportInput },
  jsonResponses(AdminImportRun, 'Импорт YML по адресу выполнен (или отчёт об ошибке)', [400, 401, 403]),
);

/** Registers the products view (manager and editor read; manager hides and shows). */
export function registerAdminCatalogueRoutes(app: ApiApp) {
  registerCrud(app, {
    name: 'products',
    title: 'Товар',
    roles: ['manager', 'editor'],
    record: AdminProduct,
    resource: productResource,
    list: { description: 'Товары: размеры, остатки, цены (Content-Range)' },
    update: {
      body: AdminProductUpdate,
      description: 'Товар скрыт или показан',
      errors: ADMIN_ERRORS,
      handler: async (c) => {
        if (currentStaff(c).role === 'editor') throw new ApiHttpError(403, 'Недостаточно прав');
        const id = recordId(c);
        const body = parseOr400(AdminProductUpdate, await readJson(c), 'Проверьте поля');
        return c.json(await setProductHidden(c.var.db, auditOf(c), id, body), 200);
      },
    },
    create: false,
    remove: false,
  });
}

/** Registers import runs and the YML import by URL (manager). */
export function registerAdminImportRoutes(app: ApiApp) {
  registerCrud(app, {
    name: 'imports',
    title: 'Запуск импорта',
    roles: ['manager'],
    record: AdminImportRun,
    resource: importRunResource,
    list: { description: 'Запуски импорта и их отчёты (Content-Range)' },
    create: false,
    update: false,
    remove: false,
    routes: (app) =>
      openapiRoute(app, runYml, (async (c: Context<AppEnv>) => {
        const { url } = parseOr400(AdminYmlImportInput, await readJson(c), 'Проверьте адрес');
        return c.json(await runYmlImport(c.var.db, auditOf(c), readServerEnv(), url), 200);
      }) as never),
  });
}
