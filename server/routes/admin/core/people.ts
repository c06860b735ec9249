/**
 * People in the console (issue #32 "People"; owner and manager): `customers` (find, see orders,
 * anonymise on request — 152-ФЗ art. 21 — through the shop's own account deletion,
 * server/services/account-data.ts), `subscribers` (read-only) and `consents` (the consent log,
 * read-only: 152-ФЗ art. 9, 38-ФЗ art. 18; nobody edits evidence).
 */
import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { ADMIN_MESSAGES } from '@/lib/api/contract/admin/auth';
import { AdminConsent, AdminCustomer, AdminSubscriber } from '@/lib/api/contract/admin/core';
import { safeString } from '@/lib/api/contract/common';
import { consents, orders, subscriptions, users } from '../../../db/schema';
import { ApiHttpError } from '../../../http';
import { deleteAccount } from '../../../services/account-data';
import { recordAudit } from '../../../services/admin/audit';
import { likeOf, toOrderSummary } from '../../../services/admin/orders';
import { jsonResponses } from '../../docs';
import { openapiRoute } from '../../openapi';
import { ADMIN_ERRORS, adminGroup, IdParams, recordId, registerCrud } from '../content/crud-routes';
import { currentStaff } from '../guard';
import { IdFilter, orderByOf, parseListQuery, setContentRange } from '../list-query';
import type { Db } from '../../../db/client';
import type { ApiApp, AppEnv } from '../../../types';
import type { Context } from 'hono';

const anonymise = adminGroup.post(
  '/api/admin/customers/{id}/anonymise',
  { params: IdParams },
  jsonResponses(AdminCustomer, 'Персональные данные обезличены (152-ФЗ ст. 21), заказы сохранены', [
    ...ADMIN_ERRORS,
    409,
  ]),
);

const text = (max: number) => safeString().trim().max(max, `Не более ${max} символов`);
const day = z.iso.date({ error: 'Дата: ГГГГ-ММ-ДД' });

// ---- customers

type UserRow = typeof users.$inferSelect;
const ordersCount = sql<number>`(select count(*)::int from ${orders} where ${orders.userId} = ${users.id})`;

function toCustomer(u: UserRow, n: number): AdminCustomer {
  return {
    id: u.id,
    name: [u.lastName, u.firstName, u.middleName].filter(Boolean).join(' '),
    email: u.email,
    phone: u.phone,
    subscribed: u.subscribed,
    bonusBalance: u.bonusBalance,
    createdAt: u.createdAt.toISOString(),
    anonymisedAt: u.deletedAt?.toISOString() ?? null,
    ordersCount: Number(n),
  };
}

const CustomerFilter = z.object({ q: text(100).optional(), anonymised: z.boolean().optional(), id: IdFilter });

async function handleListCustomers(c: Context<AppEnv>) {
  const q = parseListQuery(c, CustomerFilter, ['id', 'createdAt', 'email']);
  const where: SQL[] = [];
  const f = q.filter;
  if (f.q) {
    const digits = f.q.replace(/\D/g, '');
    const alt: SQL[] = [
      ilike(users.email, likeOf(f.q)),
      ilike(sql`${users.lastName} || ' ' || ${users.firstName} || ' ' || ${users.middleName}`, likeOf(f.q)),
    ];
    if (digits.length >= 4 && !f.q.includes('@')) {
      alt.push(ilike(users.phone, likeOf(digits.length === 11 && /^[78]/.test(digits) ? digits.slice(1) : digits)));
    }
    where.push(or(...alt)!);
  }
  if (f.anonymised !== undefined) where.push(f.anonymised ? isNotNull(users.deletedAt) : isNull(users.deletedAt));
  if (f.id) where.push(inArray(users.id, f.id));
  const cond = where.length ? and(...where) : undefined;
  const rows = await c.var.db
    .select({ user: users, n: ordersCount })
    .from(users)
    .where(cond)
    .orderBy(orderByOf(q.sort, { id: users.id, createdAt: users.createdAt, email: users.email }, desc(users.id)))
    .limit(q.limit)
    .offset(q.offset);
  const [total] = await c.var.db.select({ n: count() }).from(users).where(cond);
  setContentRange(c, 'customers', q.offset, rows.length, total?.n ?? 0);
  return c.json(
    rows.map((r) => toCustomer(r.user, r.n)),
    200,
  );
}

async function customerRecord(db: Db, id: number): Promise<AdminCustomer> {
  const [row] = await db.select({ user: users, n: ordersCount }).from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw new ApiHttpError(404, ADMIN_MESSAGES.notFound);
  const own = await db.select().from(orders).where(eq(orders.userId, id)).orderBy(desc(orders.id)).limit(200);
  return { ...toCustomer(row.user, row.n), orders: own.map(toOrderSummary) };
}

/**
 * POST /customers/{id}/anonymise: the account is deleted as its owner could do it (name, e-mail,
 * phone, addresses, subscription removed; consents withdrawn; orders kept without contacts) and the
 * audit log records who did it, in one transaction. 409 while an order is still open.
 */
async function handleAnonymise(c: Context<AppEnv>) {
  const id = recordId(c);
  const { db } = c.var;
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!user) throw new ApiHttpError(404, ADMIN_MESSAGES.notFound);
  if (user.deletedAt) throw new ApiHttpError(409, 'Данные покупателя уже обезличены');
  const before = await customerRecord(db, id);
  await db.transaction(async (tx) => {
    await deleteAccount(tx as unknown as Db, user, null);
    await recordAudit(tx, {
      staffId: currentStaff(c).id,
      action: 'anonymise',
      entity: 'customers',
      entityId: id,
      before: { ...before, orders: undefined },
      after: { anonymised: true },
    });
  });
  return c.json(await customerRecord(db, id), 200);
}

// ---- subscribers

type SubscriptionRow = typeof subscriptions.$inferSelect;
function toSubscriber(s: SubscriptionRow) {
  return {
    id: s.id,
    email: s.email,
    active: s.active,
    // Double opt-in (38-ФЗ art. 18): not confirmed yet, confirmed and active, or unsubscribed.
    status: s.active ? 'Подписан' : s.confirmedAt ? 'Отписался' : 'Не подтвердил',
    createdAt: s.createdAt.toISOString(),
    confirmedAt: s.confirmedAt?.toISOString() ?? null,
  };
}
const SubscriberFilter = z.object({ q: text(100).optional(), active: z.boolean().optional(), id: IdFilter });

async function handleListSubscribers(c: Context<AppEnv>) {
  const q = parseListQuery(c, SubscriberFilter, ['id', 'email', 'createdAt', 'confirmedAt']);
  const where: SQL[] = [];
  if (q.filter.q) where.push(ilike(subscriptions.email, likeOf(q.filter.q)));
  if (q.filter.active !== undefined) where.push(eq(subscriptions.active, q.filter.active));
  if (q.filter.id) where.push(inArray(subscriptions.id, q.filter.id));
  const cond = where.length ? and(...where) : undefined;
  const cols = {
    id: subscriptions.id,
    email: subscriptions.email,
    createdAt: subscriptions.createdAt,
    confirmedAt: subscriptions.confirmedAt,
  };
  const rows = await c.var.db
    .select()
    .from(subscriptions)
    .where(cond)
    .orderBy(orderByOf(q.sort, cols, desc(subscriptions.id)))
    .limit(q.limit)
    .offset(q.offset);
  const [total] = await c.var.db.select({ n: count() }).from(subscriptions).where(cond);
  setContentRange(c, 'subscribers', q.offset, rows.length, total?.n ?? 0);
  return c.json(rows.map(toSubscriber), 200);
}

// ---- consents

type ConsentRow = typeof consents.$inferSelect;
/** A consent with the account's current e-mail and phone when it was given by an account. */
function toConsent({ consent: r, email, phone }: { consent: ConsentRow; email: string | null; phone: string | null }) {
  const [kind, ...rest] = r.subject.split(':');
  const value = rest.join(':');
  return {
    id: r.id,
    at: r.givenAt.toISOString(),
    kind: r.document,
    form: r.form,
    subject: r.subject,
    userId: r.userId,
    email: kind === 'email' ? value : email,
    phone: kind === 'phone' ? value : phone,
    documentVersion: r.documentVersion,
    ip: r.clientAddress,
    withdrawnAt: r.withdrawnAt?.toISOString() ?? null,
    withdrawnVia: r.withdrawnVia,
  };
}
const consentSelect = { consent: consents, email: users.email, phone: users.phone };
const ConsentFilter = z.object({
  q: text(100).optional(),
  kind: z.enum(['personal-data', 'advertising'], { error: 'Вид согласия: personal-data или advertising' }).optional(),
  userId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  withdrawn: z.boolean().optional(),
  dateFrom: day.optional(),
  dateTo: day.optional(),
  id: IdFilter,
});

async function handleListConsents(c: Context<AppEnv>) {
  const q = parseListQuery(c, ConsentFilter, ['id', 'at']);
  const f = q.filter;
  const where: SQL[] = [];
  if (f.q) {
    where.push(
      or(
        ilike(consents.subject, likeOf(f.q)),
        ilike(consents.clientAddress, likeOf(f.q)),
        ilike(users.email, likeOf(f.q)),
        ilike(users.phone, likeOf(f.q)),
      )!,
    );
  }
  if (f.kind) where.push(eq(consents.document, f.kind));
  if (f.userId) where.push(eq(consents.userId, f.userId));
  if (f.withdrawn !== undefined)
    where.push(f.withdrawn ? isNotNull(consents.withdrawnAt) : isNull(consents.withdrawnAt));
  if (f.dateFrom) where.push(sql`${consents.givenAt} >= ${new Date(`${f.dateFrom}T00:00:00+03:00`)}`);
  if (f.dateTo)
    where.push(sql`${consents.givenAt} < ${new Date(new Date(`${f.dateTo}T00:00:00+03:00`).getTime() + 86_400_000)}`);
  if (f.id) where.push(inArray(consents.id, f.id));
  const cond = where.length ? and(...where) : undefined;
  const rows = await c.var.db
    .select(consentSelect)
    .from(consents)
    .leftJoin(users, eq(users.id, consents.userId))
    .where(cond)
    .orderBy(orderByOf(q.sort, { id: consents.id, at: consents.givenAt }, desc(consents.id)))
    .limit(q.limit)
    .offset(q.offset);
  const [total] = await c.var.db
    .select({ n: count() })
    .from(consents)
    .leftJoin(users, eq(users.id, consents.userId))
    .where(cond);
  setContentRange(c, 'consents', q.offset, rows.length, total?.n ?? 0);
  return c.json(rows.map(toConsent), 200);
}

/** The first row of `rows` as its record. @throws ApiHttpError 404 when there is none. */
async function oneRecord<T, R>(rows: PromiseLike<T[]>, toRecord: (row: T) => R): Promise<R> {
  const [row] = await rows;
  if (!row) throw new ApiHttpError(404, ADMIN_MESSAGES.notFound);
  return toRecord(row);
}

/** Registers `customers`, `subscribers` and `consents` (owner, manager): list and one each. */
export function registerAdminPeopleRoutes(app: ApiApp) {
  const resources = [
    {
      name: 'customers',
      title: 'Покупатель',
      record: AdminCustomer,
      list: { description: 'Покупатели', handler: handleListCustomers },
      one: {
        description: 'Покупатель с заказами',
        handler: async (c: Context<AppEnv>) => c.json(await customerRecord(c.var.db, recordId(c)), 200),
      },
      // 152-ФЗ art. 21: the one change the console makes to a customer.
      routes: (app: ApiApp) => openapiRoute(app, anonymise, handleAnonymise as never),
    },
    {
      name: 'subscribers',
      title: 'Подписчик',
      record: AdminSubscriber,
      list: { description: 'Подписчики', handler: handleListSubscribers },
      one: {
        handler: async (c: Context<AppEnv>) =>
          c.json(
            await oneRecord(
              c.var.db
                .select()
                .from(subscriptions)
                .where(eq(subscriptions.id, recordId(c))),
              toSubscriber,
            ),
            200,
          ),
      },
    },
    {
      name: 'consents',
      title: 'Согласие',
      record: AdminConsent,
      list: { description: 'Журнал согласий', handler: handleListConsents },
      one: {
        handler: async (c: Context<AppEnv>) => {
          const rows = c.var.db
            .select(consentSelect)
            .from(consents)
            .leftJoin(users, eq(users.id, consents.userId))
            .where(eq(consents.id, recordId(c)));
          return c.json(await oneRecord(rows, toConsent), 200);
        },
      },
    },
  ];
  // Read-only: nobody creates, edits or deletes people or their consents here.
  for (const r of resources)
    registerCrud(app, { ...r, roles: ['manager'], create: false, update: false, remove: false });
}
