/**
 * Routes of one plain console resource (issue #32, the console API contract "List", "One",
 * "Create", "Update", "Delete"): `GET /api/admin/{name}` (sort, range, filter; `Content-Range`),
 * `GET|PUT|DELETE /api/admin/{name}/{id}`, `POST /api/admin/{name}`, each declared in the OpenAPI
 * document (tag «Консоль», security `AdminSession`) and behind `requireStaff(...roles)`.
 */
import { z } from 'zod';
import { parseOr400, readJson } from '../../../http';
import { recordAudit } from '../../../services/admin/audit';
import {
  createRecord,
  deleteRecord,
  getRecord,
  listRecords,
  updateRecord,
  type Audit,
  type CrudResource,
} from '../../../services/admin/content-crud';
import { jsonResponses } from '../../docs';
import { openapiRoute, routeGroup } from '../../openapi';
import { ADMIN_TAG } from '../core/auth';
import { currentStaff, requireStaff, type StaffRole } from '../guard';
import { IdFilter, ListQueryParams, parseListQuery, setContentRange } from '../list-query';
import type { ApiApp, AppEnv } from '../../../types';
import type { Context } from 'hono';

/** The console's route group: tag «Консоль», cookie `admin_session`. */
export const adminGroup = routeGroup({ tags: [ADMIN_TAG], security: [{ AdminSession: [] }] });

/** Path parameter `{id}`: a positive int4. */
export const IdParams = z.object({
  id: z.coerce
    .number({ error: 'Номер записи — число' })
    .int('Номер записи — целое число')
    .positive('Номер записи — положительное число')
    .max(2_147_483_647, 'Номер записи слишком большой'),
});

/** Filter of every list: `q` (search), `id` (getMany), other fields as the resource defines. */
export const BaseFilter = z.looseObject({
  q: z.string({ error: 'Поиск — строка' }).max(200, 'Поиск: не более 200 символов').optional(),
  id: IdFilter,
});

/** The audit writer of a request: entries are signed by the staff member of the session. */
export function auditOf(c: Context): Audit {
  const staffId = currentStaff(c).id;
  return async (tx, entry) => {
    await recordAudit(tx, { staffId, ...entry });
  };
}

/** Guards `/api/admin/{name}` and everything under it with `requireStaff(...roles)`. */
export function guard(app: ApiApp, name: string, roles: StaffRole[]): void {
  for (const path of [`/api/admin/${name}`, `/api/admin/${name}/*`]) app.use(path, requireStaff(...roles));
}

/** Declares and registers the five routes of a resource. */
export function registerCrud<Row extends { id: number }, Rec, Input>(
  app: ApiApp,
  options: {
    name: string;
    title: string;
    roles: StaffRole[];
    resource: CrudResource<Row, Rec, Input>;
    input: z.ZodType<Input>;
    record: z.ZodType;
  },
): void {
  const { name, title, resource, input, record } = options;
  const base = `/api/admin/${name}`;
  const errs = [400, 401, 403, 404];
  const list = adminGroup.get(
    base,
    { query: ListQueryParams },
    jsonResponses(z.array(record), `${title}: список (Content-Range)`, errs),
  );
  const one = adminGroup.get(`${base}/{id}`, { params: IdParams }, jsonResponses(record, title, errs));
  const create = adminGroup.post(
    base,
    { body: input },
    jsonResponses(record, `${title}: создано`, [...errs, 409, 413]),
  );
  const update = adminGroup.put(
    `${base}/{id}`,
    { params: IdParams, body: input },
    jsonResponses(record, `${title}: сохранено`, [...errs, 409, 413]),
  );
  const remove = adminGroup.delete(
    `${base}/{id}`,
    { params: IdParams },
    jsonResponses(record, `${title}: удалено`, [...errs, 409]),
  );

  guard(app, name, options.roles);
  openapiRoute(app, list, (async (c: Context<AppEnv>) => {
    const query = parseListQuery(c, BaseFilter, Object.keys(resource.sortable));
    const { records, total } = await listRecords(c.var.db, resource, query);
    setContentRange(c, name, query.offset, records.length, total);
    return c.json(records, 200);
  }) as never);
  const idOf = (c: Context<AppEnv>) => parseOr400(IdParams, { id: c.req.param('id') }, 'Некорректный номер записи').id;
  openapiRoute(app, one, (async (c: Context<AppEnv>) =>
    c.json(await getRecord(c.var.db, resource, idOf(c)), 200)) as never);
  openapiRoute(app, create, (async (c: Context<AppEnv>) => {
    const body = parseOr400(input, await readJson(c), 'Проверьте поля');
    return c.json(await createRecord(c.var.db, resource, auditOf(c), body), 200);
  }) as never);
  openapiRoute(app, update, (async (c: Context<AppEnv>) => {
    const id = idOf(c);
    const body = parseOr400(input, await readJson(c), 'Проверьте поля');
    return c.json(await updateRecord(c.var.db, resource, auditOf(c), id, body), 200);
  }) as never);
  openapiRoute(app, remove, (async (c: Context<AppEnv>) =>
    c.json(await deleteRecord(c.var.db, resource, auditOf(c), idOf(c)), 200)) as never);
}
