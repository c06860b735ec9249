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

/** Error statuses every console route may answer: bad input, no session, no right, no record. */
export const ADMIN_ERRORS = [400, 401, 403, 404];

/**
 * The `{id}` of a console route's path, a positive int4.
 * @throws ApiHttpError 400 «Некорректный номер записи: …» (the route's params check answers first)
 */
export function recordId(c: Context): number {
  return parseOr400(IdParams, { id: c.req.param('id') }, 'Некорректный номер записи').id;
}

type Handler = (c: Context<AppEnv>) => Promise<Response>;

/**
 * One of the five routes of {@link registerCrud}: what the OpenAPI document says of its answer
 * (`description`, the error statuses `errors`, a `record` schema in place of the resource's, e.g.
 * a list of summaries) and a `handler` in place of the resource's own.
 */
export interface CrudRoute {
  description?: string;
  record?: z.ZodType;
  errors?: number[];
  handler?: Handler;
}

/** A create or update route: also its JSON body schema, in place of the resource's `input`. */
export interface CrudBodyRoute extends CrudRoute {
  body?: z.ZodType;
}

/** The resource's own handlers of the five routes (server/services/admin/content-crud.ts). */
function crudHandlers<Row extends { id: number }, Rec, Input>(
  name: string,
  resource: CrudResource<Row, Rec, Input>,
  input: z.ZodType<Input> | undefined,
): Record<'list' | 'one' | 'create' | 'update' | 'remove', Handler> {
  const bodyOf = async (c: Context<AppEnv>) => {
    if (!input) throw new Error(`registerCrud(${name}): no input schema`);
    return parseOr400(input, await readJson(c), 'Проверьте поля');
  };
  return {
    list: async (c) => {
      const query = parseListQuery(c, BaseFilter, Object.keys(resource.sortable));
      const { records, total } = await listRecords(c.var.db, resource, query);
      setContentRange(c, name, query.offset, records.length, total);
      return c.json(records, 200);
    },
    one: async (c) => c.json(await getRecord(c.var.db, resource, recordId(c)), 200),
    create: async (c) => {
      const body = await bodyOf(c);
      return c.json(await createRecord(c.var.db, resource, auditOf(c), body), 200);
    },
    update: async (c) => {
      const id = recordId(c);
      const body = await bodyOf(c);
      return c.json(await updateRecord(c.var.db, resource, auditOf(c), id, body), 200);
    },
    remove: async (c) => c.json(await deleteRecord(c.var.db, resource, auditOf(c), recordId(c)), 200),
  };
}

/**
 * Declares and registers the routes of a resource, behind `guard(name, roles)`: list
 * (`GET /api/admin/{name}`, `Content-Range`), one, create, update and delete, in the OpenAPI
 * document with the `record` schema. Each is answered by `resource` with `input` as its body
 * unless its option gives a handler (and body) of its own; `false` leaves a route out. `routes`
 * registers further routes of the resource first, after the guard (a static path such as
 * `…/export.csv` must precede `{id}`).
 * @throws Error at start-up when a route has neither a handler nor `resource`, or no body schema
 */
export function registerCrud<Row extends { id: number }, Rec, Input>(
  app: ApiApp,
  options: {
    name: string;
    title: string;
    roles: StaffRole[];
    record: z.ZodType;
    resource?: CrudResource<Row, Rec, Input>;
    input?: z.ZodType<Input>;
    list?: CrudRoute | false;
    one?: CrudRoute | false;
    create?: CrudBodyRoute | false;
    update?: CrudBodyRoute | false;
    remove?: CrudRoute | false;
    routes?: (app: ApiApp) => void;
  },
): void {
  const { name, title, resource, input, record } = options;
  const base = `/api/admin/${name}`;
  const errs = ADMIN_ERRORS;
  const own = resource ? crudHandlers(name, resource, input) : null;
  const handlerOf = (op: keyof NonNullable<typeof own>, route: CrudRoute | undefined): Handler => {
    const handler = route?.handler ?? own?.[op];
    if (!handler) throw new Error(`registerCrud(${name}): ${op} needs a handler or the resource`);
    return handler;
  };
  const bodyOf = (op: string, route: CrudBodyRoute | undefined): z.ZodType => {
    const body = route?.body ?? input;
    if (!body) throw new Error(`registerCrud(${name}): ${op} needs a body schema`);
    return body;
  };

  guard(app, name, options.roles);
  options.routes?.(app);
  const { list, one, create, update, remove } = options;
  if (list !== false) {
    const description = list?.description ?? `${title}: список (Content-Range)`;
    const route = adminGroup.get(
      base,
      { query: ListQueryParams },
      jsonResponses(z.array(list?.record ?? record), description, list?.errors ?? errs),
    );
    openapiRoute(app, route, handlerOf('list', list) as never);
  }
  if (one !== false) {
    const route = adminGroup.get(
      `${base}/{id}`,
      { params: IdParams },
      jsonResponses(one?.record ?? record, one?.description ?? title, one?.errors ?? errs),
    );
    openapiRoute(app, route, handlerOf('one', one) as never);
  }
  if (create !== false) {
    const route = adminGroup.post(
      base,
      { body: bodyOf('create', create) },
      jsonResponses(
        create?.record ?? record,
        create?.description ?? `${title}: создано`,
        create?.errors ?? [...errs, 409, 413],
      ),
    );
    openapiRoute(app, route, handlerOf('create', create) as never);
  }
  if (update !== false) {
    const route = adminGroup.put(
      `${base}/{id}`,
      { params: IdParams, body: bodyOf('update', update) },
      jsonResponses(
        update?.record ?? record,
        update?.description ?? `${title}: сохранено`,
        update?.errors ?? [...errs, 409, 413],
      ),
    );
    openapiRoute(app, route, handlerOf('update', update) as never);
  }
  if (remove !== false) {
    const route = adminGroup.delete(
      `${base}/{id}`,
      { params: IdParams },
      jsonResponses(
        remove?.record ?? record,
        remove?.description ?? `${title}: удалено`,
        remove?.errors ?? [...errs, 409],
      ),
    );
    openapiRoute(app, route, handlerOf('remove', remove) as never);
  }
}
