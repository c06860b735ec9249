/**
 * The console's plain resources (issue #32: banners, articles, info pages, SEO records, landing
 * pages, promo codes) share one shape of work, written once here: a list with sort, range and
 * filter (react-admin's `ra-data-simple-rest`, parsed by the route), one record, and create /
 * update / delete each in ONE transaction with its audit entry (who, what, before/after) and its
 * content change event (server/services/admin/content-events.ts), so nothing is half-written and
 * the storefront shows the change within the freshness bound (docs/caching.md).
 */
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { ApiHttpError, sqlStateOf } from '../../http';
import { noteContentChanged } from './content-events';
import type { Db, Tx } from '../../db/client';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/** A list request as server/routes/admin/list-query.ts parses it: sort, offset, limit, filter (`q`, `id: [...]`, fields). */
export interface ListParams {
  sort: { field: string; order: 'ASC' | 'DESC' } | null;
  offset: number;
  limit: number;
  filter: Record<string, unknown>;
}

/** One page of a list and the number of rows matching the filter (for Content-Range). */
export interface ListResult<R> {
  records: R[];
  total: number;
}

/** One entry of the audit log as the services know it; the route adds who and when. */
export interface AuditEntry {
  /** "create", "update", "delete" or a resource's own verb ("block", "hide"). */
  action: string;
  /** The resource name of the contract ("banners"). */
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
}

/** Writes an audit entry in the change's transaction (the route binds it to the staff member). */
export type Audit = (tx: Tx, entry: AuditEntry) => Promise<void>;

/** How a resource maps to its table. `Row` is the table's select type. */
export interface CrudResource<Row extends { id: number }, Rec, Input> {
  /** Contract resource name, also the audit entity ("banners"). */
  entity: string;
  table: PgTable;
  idColumn: PgColumn;
  toRecord: (row: Row) => Rec;
  /** Table values of a validated input (full update: every editable column). */
  toValues: (input: Input) => Record<string, unknown>;
  /** Sortable fields of the record → column; the first is the default (ascending id if none). */
  sortable: Record<string, PgColumn>;
  /** Columns the `q` filter searches (case-insensitive substring). */
  search: PgColumn[];
  /** Filters other than q and id: field → condition of a value. */
  filters?: Record<string, (value: unknown) => SQL | undefined>;
  /** Storefront cache tags a change of these records concerns (before and/or after). */
  tags: (records: Rec[]) => string[];
  /** Russian "not found" message. */
  notFound: string;
  /** Russian message for a unique-key conflict (e.g. the slug is taken). */
  conflict: string;
  /** Optional extra check inside the transaction before a write (e.g. limits). */
  validate?: (tx: Tx, input: Input, id: number | null) => Promise<void>;
  /** Optional: fills fields computed from other tables (a promo code's use count) into records. */
  enrich?: (db: Pick<Db, 'execute'> | Tx, records: Rec[]) => Promise<Rec[]>;
  /** Optional refusal of a delete (e.g. a promo code already used: switch it off instead). */
  beforeDelete?: (tx: Tx, row: Row) => Promise<void>;
}

/** Largest page a list returns at once. */
export const MAX_PAGE = 500;

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (m) => `\\${m}`);
}

/** The WHERE of a list filter; unknown filter fields are ignored (react-admin sends its own). */
function whereOf<Row extends { id: number }, Rec, Input>(
  res: CrudResource<Row, Rec, Input>,
  filter: Record<string, unknown> = {},
): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  const q = typeof filter.q === 'string' ? filter.q.trim() : '';
  if (q && res.search.length > 0) {
    const pattern = `%${escapeLike(q.slice(0, 200))}%`;
    // A resource's own `q` condition (a product's number) widens the search, never narrows it.
    parts.push(or(...res.search.map((c) => ilike(c, pattern)), res.filters?.q?.(q)));
  }
  if (filter.id !== undefined) {
    const ids = (Array.isArray(filter.id) ? filter.id : [filter.id])
      .map(Number)
      .filter((n) => Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647);
    parts.push(ids.length ? inArray(res.idColumn, ids) : eq(res.idColumn, -1));
  }
  for (const [field, condition] of Object.entries(res.filters ?? {})) {
    if (field === 'q') continue;
    const value = filter[field];
    if (value !== undefined && value !== '' && value !== null) parts.push(condition(value));
  }
  const defined = parts.filter((p): p is SQL => p !== undefined);
  return defined.length ? and(...defined) : undefined;
}

/** A page of records: sort (unknown fields fall back to ascending id), offset and limit (at most {@link MAX_PAGE}). */
export async function listRecords<Row extends { id: number }, Rec, Input>(
  db: Db,
  res: CrudResource<Row, Rec, Input>,
  params: ListParams,
): Promise<ListResult<Rec>> {
  const where = whereOf(res, params.filter);
  const column = (params.sort && res.sortable[params.sort.field]) || res.idColumn;
  const order = params.sort?.order === 'DESC' ? desc(column) : asc(column);
  const [rowsOut, [total]] = await Promise.all([
    db
      .select()
      .from(res.table)
      .where(where)
      .orderBy(order, asc(res.idColumn))
      .limit(Math.max(1, Math.min(params.limit, MAX_PAGE)))
      .offset(params.offset),
    db.select({ n: count() }).from(res.table).where(where),
  ]);
  const records = (rowsOut as Row[]).map(res.toRecord);
  return { records: res.enrich ? await res.enrich(db, records) : records, total: Number(total?.n ?? 0) };
}

async function rowById<Row extends { id: number }>(
  db: Pick<Db, 'select'> | Tx,
  res: { table: PgTable; idColumn: PgColumn },
  id: number,
  lock = false,
) {
  const query = db.select().from(res.table).where(eq(res.idColumn, id)).limit(1);
  const [row] = (lock ? await query.for('update') : await query) as Row[];
  return row;
}

/** One record. @throws ApiHttpError 404 with the resource's message. */
export async function getRecord<Row extends { id: number }, Rec, Input>(
  db: Db,
  res: CrudResource<Row, Rec, Input>,
  id: number,
): Promise<Rec> {
  const row = await rowById<Row>(db, res, id);
  if (!row) throw new ApiHttpError(404, res.notFound);
  const record = res.toRecord(row);
  return res.enrich ? (await res.enrich(db, [record]))[0]! : record;
}

/** Runs a write, turning a unique-key conflict into 409 with the resource's message. */
async function guarded<T>(res: { conflict: string }, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (sqlStateOf(error) === '23505') throw new ApiHttpError(409, res.conflict);
    if (sqlStateOf(error) === '23514') throw new ApiHttpError(400, 'Значения полей противоречат друг другу');
    throw error;
  }
}

/** Creates a record (audit "create", change event). @throws ApiHttpError 409 on a taken unique key. */
export async function createRecord<Row extends { id: number }, Rec, Input>(
  db: Db,
  res: CrudResource<Row, Rec, Input>,
  audit: Audit,
  input: Input,
): Promise<Rec> {
  return guarded(res, () =>
    db.transaction(async (tx) => {
      await res.validate?.(tx, input, null);
      const [row] = (await tx.insert(res.table).values(res.toValues(input)).returning()) as Row[];
      const plain = res.toRecord(row!);
      const record = res.enrich ? (await res.enrich(tx, [plain]))[0]! : plain;
      await audit(tx, { action: 'create', entity: res.entity, entityId: String(row!.id), before: null, after: record });
      await noteContentChanged(tx, res.tags([record]));
      return record;
    }),
  );
}

/** Replaces a record's editable fields (audit "update" with before/after, change event). @throws 404, 409. */
export async function updateRecord<Row extends { id: number }, Rec, Input>(
  db: Db,
  res: CrudResource<Row, Rec, Input>,
  audit: Audit,
  id: number,
  input: Input,
): Promise<Rec> {
  return guarded(res, () =>
    db.transaction(async (tx) => {
      const old = await rowById<Row>(tx, res, id, true);
      if (!old) throw new ApiHttpError(404, res.notFound);
      await res.validate?.(tx, input, id);
      const [row] = (await tx
        .update(res.table)
        .set(res.toValues(input))
        .where(eq(res.idColumn, id))
        .returning()) as Row[];
      const both = [res.toRecord(old), res.toRecord(row!)];
      const [before, after] = (res.enrich ? await res.enrich(tx, both) : both) as [Rec, Rec];
      await audit(tx, { action: 'update', entity: res.entity, entityId: String(id), before, after });
      await noteContentChanged(tx, res.tags([before, after]));
      return after;
    }),
  );
}

/** Deletes a record (audit "delete", change event). @returns the deleted record. @throws 404. */
export async function deleteRecord<Row extends { id: number }, Rec, Input>(
  db: Db,
  res: CrudResource<Row, Rec, Input>,
  audit: Audit,
  id: number,
): Promise<Rec> {
  return guarded(res, () =>
    db.transaction(async (tx) => {
      const old = await rowById<Row>(tx, res, id, true);
      if (!old) throw new ApiHttpError(404, res.notFound);
      await res.beforeDelete?.(tx, old);
      await tx.delete(res.table).where(eq(res.idColumn, id));
      const before = res.toRecord(old);
      await audit(tx, { action: 'delete', entity: res.entity, entityId: String(id), before, after: null });
      await noteContentChanged(tx, res.tags([before]));
      return before;
    }),
  );
}
