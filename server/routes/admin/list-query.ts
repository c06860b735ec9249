/**
 * List queries of react-admin's `ra-data-simple-rest` (the console API contract "List"):
 * `?sort=["field","ASC"]&range=[0,24]&filter={"q":"…"}`, each value JSON. {@link parseListQuery}
 * reads and checks them (bad JSON or shape → 400 with a Russian message, never a 500);
 * {@link setContentRange} writes the `Content-Range: {resource} 0-24/319` header react-admin
 * reads the total from. Every console list (A1's and A2's) goes through these two.
 */
import { asc, desc, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { ApiHttpError, badRequest } from '../../http';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Context } from 'hono';

/** Largest page a list answers (react-admin asks 10–100; exports page through). */
export const MAX_PAGE = 500;

/** The three list parameters, as documented in the OpenAPI document (`query` of a list route). */
export const ListQueryParams = z.object({
  sort: z.string().optional().describe('JSON: ["поле","ASC"|"DESC"]'),
  range: z.string().optional().describe('JSON: [первый, последний] (включительно)'),
  filter: z.string().optional().describe('JSON: {"q":"…", "id":[1,2], …}'),
});

/** A parsed list query: sort field and order, offset and limit, and the filter object. */
export interface ListQuery<F> {
  sort: { field: string; order: 'ASC' | 'DESC' } | null;
  offset: number;
  limit: number;
  filter: F;
}

const SortSchema = z.tuple([
  z.string().regex(/^[A-Za-z_][A-Za-z0-9_.]{0,60}$/, 'сортировка: неизвестное поле'),
  z
    .string()
    .transform((v) => v.toUpperCase())
    .pipe(z.enum(['ASC', 'DESC'], { error: 'сортировка: ASC или DESC' })),
]);
const RangeSchema = z
  .tuple([z.number().int().min(0).max(1_000_000), z.number().int().min(0).max(1_000_000)], {
    error: 'диапазон: [первый, последний]',
  })
  .refine(([from, to]) => to >= from, 'диапазон: последний меньше первого');

function jsonParam(value: string | undefined, what: string): unknown {
  if (value === undefined || value === '') return undefined;
  try {
    return JSON.parse(value);
  } catch {
    throw new ApiHttpError(400, `Некорректный параметр «${what}»: ожидается JSON`);
  }
}

/**
 * Parses `sort`, `range` and `filter` of the request.
 * @param filterSchema zod schema of the resource's filter (unknown keys should be stripped, not refused:
 *   react-admin adds its own); `{}` when absent.
 * @param sortable the fields the list may be sorted by; another → 400.
 * @param defaultLimit page size without `range` (default 25).
 * @throws ApiHttpError 400 «Некорректный параметр …» for bad JSON, shape or field.
 */
export function parseListQuery<S extends z.ZodType>(
  c: Context,
  filterSchema: S,
  sortable: readonly string[] = [],
  defaultLimit = 25,
): ListQuery<z.infer<S>> {
  const rawSort = jsonParam(c.req.query('sort'), 'sort');
  const rawRange = jsonParam(c.req.query('range'), 'range');
  const rawFilter = jsonParam(c.req.query('filter'), 'filter') ?? {};

  let sort: ListQuery<unknown>['sort'] = null;
  if (rawSort !== undefined) {
    const parsed = SortSchema.safeParse(rawSort);
    if (!parsed.success) throw badRequest(parsed.error, 'Некорректный параметр «sort»');
    const [field, order] = parsed.data;
    if (!sortable.includes(field))
      throw new ApiHttpError(400, `Некорректный параметр «sort»: по полю «${field}» не сортируется`);
    sort = { field, order };
  }
  let offset = 0;
  let limit = defaultLimit;
  if (rawRange !== undefined) {
    const parsed = RangeSchema.safeParse(rawRange);
    if (!parsed.success) throw badRequest(parsed.error, 'Некорректный параметр «range»');
    offset = parsed.data[0];
    limit = Math.min(parsed.data[1] - parsed.data[0] + 1, MAX_PAGE);
  }
  if (!rawFilter || typeof rawFilter !== 'object' || Array.isArray(rawFilter)) {
    throw new ApiHttpError(400, 'Некорректный параметр «filter»: ожидается объект');
  }
  const filter = filterSchema.safeParse(rawFilter);
  if (!filter.success) throw badRequest(filter.error, 'Некорректный параметр «filter»');
  return { sort, offset, limit, filter: filter.data };
}

/**
 * The `ORDER BY` of a parsed sort: `columns` maps the sortable field names to columns; without a
 * sort, `fallback` (e.g. `desc(table.id)`).
 */
export function orderByOf(
  sort: ListQuery<unknown>['sort'],
  columns: Record<string, AnyPgColumn | SQL>,
  fallback: SQL,
): SQL {
  if (!sort) return fallback;
  const column = columns[sort.field];
  if (!column) return fallback;
  return sort.order === 'ASC' ? asc(column) : desc(column);
}

/**
 * Writes `Content-Range: {resource} {first}-{last}/{total}` (and exposes it), as
 * `ra-data-simple-rest` reads the total from it. An empty page is written `{offset}-{offset}/{total}`
 * so the header always parses.
 */
export function setContentRange(c: Context, resource: string, offset: number, count: number, total: number): void {
  const last = count > 0 ? offset + count - 1 : offset;
  c.header('Content-Range', `${resource} ${offset}-${last}/${total}`);
  c.header('Access-Control-Expose-Headers', 'Content-Range');
}

/** Filter helper: `id` of a getMany (`filter={"id":[1,2]}`) or a single id; numbers only. */
export const IdFilter = z
  .union([
    z.coerce.number().int().positive().max(2_147_483_647),
    z.array(z.coerce.number().int().positive().max(2_147_483_647)).max(500),
  ])
  .transform((v) => (Array.isArray(v) ? v : [v]))
  .optional();
