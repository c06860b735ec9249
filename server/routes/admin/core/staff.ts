/**
 * The `staff` and `audit-log` resources of the console (issue #32, the console API contract; owner
 * only). Staff: list, one, create (login, name, role, initial password), update (name, role,
 * disabled, a new password), delete = disable (the row stays: the audit log names it). The last
 * enabled owner can be neither disabled nor demoted. Audit log: read-only list and one record.
 */
import { and, count, desc, eq, gte, ilike, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  ADMIN_MESSAGES,
  AuditRecord,
  StaffCreateBody,
  StaffRecord,
  StaffRoleSchema,
  StaffUpdateBody,
} from '@/lib/api/contract/admin/auth';
import { safeString } from '@/lib/api/contract/common';
import { auditLog, staff } from '../../../db/schema';
import { ApiHttpError, parseOr400, readJson } from '../../../http';
import { recordAudit } from '../../../services/admin/audit';
import { closeOtherSessions, type StaffRow } from '../../../services/admin/sessions';
import { createStaff, toStaffRecord } from '../../../services/admin/staff';
import { hashPassword } from '../../../services/auth';
import { ADMIN_ERRORS, recordId, registerCrud } from '../content/crud-routes';
import { currentStaff } from '../guard';
import { IdFilter, orderByOf, parseListQuery, setContentRange } from '../list-query';
import type { Tx } from '../../../db/client';
import type { ApiApp, AppEnv } from '../../../types';
import type { Context } from 'hono';

const StaffFilter = z.object({
  q: safeString().max(100).optional(),
  role: StaffRoleSchema.optional(),
  disabled: z.boolean().optional(),
  id: IdFilter,
});

async function staffById(c: Context<AppEnv>, id: number): Promise<StaffRow> {
  const [row] = await c.var.db.select().from(staff).where(eq(staff.id, id)).limit(1);
  if (!row) throw new ApiHttpError(404, ADMIN_MESSAGES.notFound);
  return row;
}

/** Throws 409 when `row` is the last enabled owner and the change would leave none. */
async function keepAnOwner(tx: Tx, row: StaffRow, after: { role: string; disabled: boolean }) {
  if (row.role !== 'owner' || row.disabled || (after.role === 'owner' && !after.disabled)) return;
  const [other] = await tx
    .select({ n: count() })
    .from(staff)
    .where(and(eq(staff.role, 'owner'), eq(staff.disabled, false), ne(staff.id, row.id)));
  if (!other || other.n === 0) throw new ApiHttpError(409, ADMIN_MESSAGES.lastOwner);
}

// The last login of a staff member: the newest "login" record of the audit log.
// Spelled out: drizzle renders a column in raw SQL unqualified, and "id" would be audit_log's.
const lastLogin = sql<
  string | null
>`(select max(a.at) from audit_log a where a.staff_id = "staff"."id" and a.action = 'login')`;
const withLastLogin = (row: StaffRow, at: string | Date | null) => ({
  ...toStaffRecord(row),
  lastLoginAt: at ? new Date(at).toISOString() : null,
});

async function handleListStaff(c: Context<AppEnv>) {
  const q = parseListQuery(c, StaffFilter, ['id', 'login', 'name', 'role', 'createdAt']);
  const where: SQL[] = [];
  if (q.filter.q) {
    const like = `%${q.filter.q.replace(/[%_\\]/g, (m) => `\\${m}`)}%`;
    where.push(or(ilike(staff.login, like), ilike(staff.name, like))!);
  }
  if (q.filter.role) where.push(eq(staff.role, q.filter.role));
  if (q.filter.disabled !== undefined) where.push(eq(staff.disabled, q.filter.disabled));
  if (q.filter.id) where.push(inArray(staff.id, q.filter.id));
  const cond = where.length ? and(...where) : undefined;
  const order = orderByOf(
    q.sort,
    { id: staff.id, login: staff.login, name: staff.name, role: staff.role, createdAt: staff.createdAt },
    sql`${staff.id} asc`,
  );
  const rows = await c.var.db
    .select({ row: staff, lastLogin })
    .from(staff)
    .where(cond)
    .orderBy(order)
    .limit(q.limit)
    .offset(q.offset);
  const [total] = await c.var.db.select({ n: count() }).from(staff).where(cond);
  setContentRange(c, 'staff', q.offset, rows.length, total?.n ?? 0);
  return c.json(
    rows.map((r) => withLastLogin(r.row, r.lastLogin)),
    200,
  );
}

async function handleCreateStaff(c: Context<AppEnv>) {
  const body = parseOr400(StaffCreateBody, await readJson(c), 'Новый сотрудник');
  const row = await createStaff(c.var.db, body, currentStaff(c).id);
  if (!row) throw new ApiHttpError(409, ADMIN_MESSAGES.loginTaken, { login: ADMIN_MESSAGES.loginTaken });
  return c.json(toStaffRecord(row), 200);
}

async function handleUpdateStaff(c: Context<AppEnv>) {
  const id = recordId(c);
  const body = parseOr400(StaffUpdateBody, await readJson(c), 'Сотрудник');
  const before = await staffById(c, id);
  const passwordHash = body.password ? await hashPassword(body.password) : undefined;
  const disabled = body.disabled ?? before.disabled;
  const row = await c.var.db.transaction(async (tx) => {
    await keepAnOwner(tx, before, { role: body.role, disabled });
    const [updated] = await tx
      .update(staff)
      .set({ name: body.name, role: body.role, disabled, ...(passwordHash ? { passwordHash } : {}) })
      .where(eq(staff.id, id))
      .returning();
    await recordAudit(tx, {
      staffId: currentStaff(c).id,
      action: passwordHash ? 'update+password' : 'update',
      entity: 'staff',
      entityId: id,
      before: toStaffRecord(before),
      after: toStaffRecord(updated!),
    });
    return updated!;
  });
  // A disabled account or a reset password ends the account's open sessions.
  if (row.disabled || passwordHash) await closeOtherSessions(c.var.db, id);
  return c.json(toStaffRecord(row), 200);
}

async function handleDisableStaff(c: Context<AppEnv>) {
  const id = recordId(c);
  const before = await staffById(c, id);
  const row = await c.var.db.transaction(async (tx) => {
    await keepAnOwner(tx, before, { role: before.role, disabled: true });
    const [updated] = await tx.update(staff).set({ disabled: true }).where(eq(staff.id, id)).returning();
    await recordAudit(tx, {
      staffId: currentStaff(c).id,
      action: 'disable',
      entity: 'staff',
      entityId: id,
      before: toStaffRecord(before),
      after: toStaffRecord(updated!),
    });
    return updated!;
  });
  await closeOtherSessions(c.var.db, id);
  return c.json(toStaffRecord(row), 200);
}

const AuditFilter = z.object({
  q: safeString().max(100).optional(),
  entity: safeString().max(60).optional(),
  entityId: safeString().max(60).optional(),
  action: safeString().max(60).optional(),
  staffId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  staffLogin: safeString().trim().max(60).optional(),
  dateFrom: z.iso.date({ error: 'Дата: ГГГГ-ММ-ДД' }).optional(),
  dateTo: z.iso.date({ error: 'Дата: ГГГГ-ММ-ДД' }).optional(),
  id: IdFilter,
});

const auditSelect = {
  id: auditLog.id,
  at: auditLog.at,
  staffId: auditLog.staffId,
  staffLogin: staff.login,
  action: auditLog.action,
  entity: auditLog.entity,
  entityId: auditLog.entityId,
  before: auditLog.before,
  after: auditLog.after,
};
type AuditRow = { at: Date } & Omit<AuditRecord, 'at'>;
const toAuditRecord = (row: AuditRow): AuditRecord => ({ ...row, at: row.at.toISOString() });

async function handleListAudit(c: Context<AppEnv>) {
  const q = parseListQuery(c, AuditFilter, ['id', 'at', 'entity', 'action']);
  const where: SQL[] = [];
  const f = q.filter;
  if (f.q) {
    const like = `%${f.q.replace(/[%_\\]/g, (m) => `\\${m}`)}%`;
    where.push(
      or(
        ilike(auditLog.entity, like),
        ilike(auditLog.action, like),
        ilike(auditLog.entityId, like),
        ilike(staff.login, like),
      )!,
    );
  }
  if (f.entity) where.push(eq(auditLog.entity, f.entity));
  if (f.entityId) where.push(eq(auditLog.entityId, f.entityId));
  if (f.action) where.push(eq(auditLog.action, f.action));
  if (f.staffId) where.push(eq(auditLog.staffId, f.staffId));
  if (f.staffLogin) where.push(ilike(staff.login, `%${f.staffLogin.replace(/[%_\\]/g, (m) => `\\${m}`)}%`));
  if (f.dateFrom) where.push(gte(auditLog.at, new Date(`${f.dateFrom}T00:00:00+03:00`)));
  if (f.dateTo) where.push(lte(auditLog.at, new Date(`${f.dateTo}T23:59:59.999+03:00`)));
  if (f.id) where.push(inArray(auditLog.id, f.id));
  const cond = where.length ? and(...where) : undefined;
  const order = orderByOf(
    q.sort,
    { id: auditLog.id, at: auditLog.at, entity: auditLog.entity, action: auditLog.action },
    desc(auditLog.id),
  );
  const rows = await c.var.db
    .select(auditSelect)
    .from(auditLog)
    .leftJoin(staff, eq(staff.id, auditLog.staffId))
    .where(cond)
    .orderBy(order)
    .limit(q.limit)
    .offset(q.offset);
  const [total] = await c.var.db
    .select({ n: count() })
    .from(auditLog)
    .leftJoin(staff, eq(staff.id, auditLog.staffId))
    .where(cond);
  setContentRange(c, 'audit-log', q.offset, rows.length, total?.n ?? 0);
  return c.json(rows.map(toAuditRecord), 200);
}

async function handleOneAudit(c: Context<AppEnv>) {
  const [row] = await c.var.db
    .select(auditSelect)
    .from(auditLog)
    .leftJoin(staff, eq(staff.id, auditLog.staffId))
    .where(eq(auditLog.id, recordId(c)))
    .limit(1);
  if (!row) throw new ApiHttpError(404, ADMIN_MESSAGES.notFound);
  return c.json(toAuditRecord(row), 200);
}

/** Registers `staff` and `audit-log` (owner only). */
export function registerAdminStaffRoutes(app: ApiApp) {
  registerCrud(app, {
    name: 'staff',
    title: 'Сотрудник',
    roles: ['owner'],
    record: StaffRecord,
    list: { description: 'Сотрудники', handler: handleListStaff },
    one: {
      handler: async (c) => {
        const [found] = await c.var.db
          .select({ row: staff, lastLogin })
          .from(staff)
          .where(eq(staff.id, recordId(c)))
          .limit(1);
        if (!found) throw new ApiHttpError(404, ADMIN_MESSAGES.notFound);
        return c.json(withLastLogin(found.row, found.lastLogin), 200);
      },
    },
    create: {
      body: StaffCreateBody,
      description: 'Сотрудник создан',
      errors: [400, 401, 403, 409],
      handler: handleCreateStaff,
    },
    update: {
      body: StaffUpdateBody,
      description: 'Сотрудник изменён',
      errors: [...ADMIN_ERRORS, 409],
      handler: handleUpdateStaff,
    },
    remove: { description: 'Сотрудник отключён (запись остаётся)', handler: handleDisableStaff },
  });
  registerCrud(app, {
    name: 'audit-log',
    title: 'Запись журнала',
    roles: ['owner'],
    record: AuditRecord,
    list: { description: 'Журнал изменений', handler: handleListAudit },
    one: { handler: handleOneAudit },
    create: false,
    update: false,
    remove: false,
  });
}
