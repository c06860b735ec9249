/**
 * The `orders` resource of the console (issue #32, the console API contract; owner and manager):
 * list with filters, one order, `POST /orders/{id}/status`, `/refund`, `/resend-confirmation`,
 * and `GET /orders/export.csv?filter=…` (csv-stringify; `;`-separated with a BOM so Excel opens
 * it in Russian).
 */
import { stringify } from 'csv-stringify/sync';
import { desc } from 'drizzle-orm';
import { z } from 'zod';
import {
  AdminOrder,
  AdminOrderSummary,
  OrderFilter,
  OrderRefundBody,
  OrderStatusBody,
} from '@/lib/api/contract/admin/core';
import { ORDER_STATUS_NAMES, PAYMENT_STATUS_NAMES } from '@/lib/api/contract/orders';
import { orders } from '../../../db/schema';
import { ApiHttpError, parseOr400, readJson } from '../../../http';
import {
  adminOrder,
  listOrders,
  refundOrder,
  resendConfirmation,
  setOrderStatus,
  toOrderSummary,
} from '../../../services/admin/orders';
import { jsonResponses } from '../../docs';
import { openapiRoute } from '../../openapi';
import { ADMIN_ERRORS, adminGroup, IdParams, recordId, registerCrud } from '../content/crud-routes';
import { currentStaff } from '../guard';
import { ListQueryParams, orderByOf, parseListQuery, setContentRange } from '../list-query';
import type { ApiApp, AppEnv } from '../../../types';
import type { Context } from 'hono';

const errors = ADMIN_ERRORS;
const SORTABLE = ['id', 'number', 'createdAt', 'total', 'status', 'paymentStatus'];
/** Most rows of one CSV export. */
const EXPORT_LIMIT = 50_000;

const exportCsv = adminGroup.get(
  '/api/admin/orders/export.csv',
  { query: ListQueryParams.pick({ filter: true }) },
  {
    200: {
      description: 'Заказы в CSV (UTF-8 с BOM, разделитель «;»)',
      content: { 'text/csv': { schema: z.string() } },
    },
    ...jsonResponses(z.unknown(), '', [400, 401, 403]),
  },
);
const status = adminGroup.post(
  '/api/admin/orders/{id}/status',
  { params: IdParams, body: OrderStatusBody },
  jsonResponses(AdminOrder, 'Статус изменён (и письмо покупателю, если notify)', [...errors, 409, 502]),
);
const refund = adminGroup.post(
  '/api/admin/orders/{id}/refund',
  { params: IdParams, body: OrderRefundBody },
  jsonResponses(AdminOrder, 'Возврат через платёжную систему с чеком возврата прихода (54-ФЗ)', [...errors, 409, 502]),
);
const resend = adminGroup.post(
  '/api/admin/orders/{id}/resend-confirmation',
  { params: IdParams },
  jsonResponses(AdminOrder, 'Письмо с подтверждением отправлено снова', [...errors, 409]),
);

const sortColumns = {
  id: orders.id,
  number: orders.number,
  createdAt: orders.createdAt,
  total: orders.total,
  status: orders.status,
  paymentStatus: orders.paymentStatus,
};

async function handleList(c: Context<AppEnv>) {
  const q = parseListQuery(c, OrderFilter, SORTABLE);
  const { rows, total } = await listOrders(c.var.db, q.filter, {
    offset: q.offset,
    limit: q.limit,
    order: orderByOf(q.sort, sortColumns, desc(orders.id)),
  });
  setContentRange(c, 'orders', q.offset, rows.length, total);
  return c.json(rows.map(toOrderSummary), 200);
}

async function handleExport(c: Context<AppEnv>) {
  const q = parseListQuery(c, OrderFilter, SORTABLE);
  const { rows, total } = await listOrders(c.var.db, q.filter, {
    offset: 0,
    limit: EXPORT_LIMIT,
    order: desc(orders.id),
  });
  if (total > EXPORT_LIMIT)
    throw new ApiHttpError(400, `Слишком много заказов для выгрузки (${total}): сузьте фильтр до ${EXPORT_LIMIT}`);
  const csv = stringify(
    rows.map((o) => [
      o.number,
      o.createdAt.toISOString(),
      ORDER_STATUS_NAMES[o.status] ?? o.status,
      PAYMENT_STATUS_NAMES[o.paymentStatus] ?? o.paymentStatus,
      o.contactFio,
      o.contactEmail,
      o.contactPhone,
      o.deliveryMethod,
      o.deliveryAddress,
      o.itemsTotal.toFixed(2),
      o.discount.toFixed(2),
      o.deliveryCost.toFixed(2),
      o.total.toFixed(2),
      o.promoCode ?? '',
    ]),
    {
      delimiter: ';',
      bom: true,
      header: true,
      columns: [
        'Номер',
        'Создан',
        'Статус',
        'Оплата',
        'Покупатель',
        'E-mail',
        'Телефон',
        'Доставка',
        'Адрес',
        'Товары, ₽',
        'Скидка, ₽',
        'Доставка, ₽',
        'Итого, ₽',
        'Промокод',
      ],
      // A cell starting with = + - @ would be a formula in Excel (CSV injection, OWASP).
      cast: { string: (v) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v) },
    },
  );
  const stamp = new Date().toISOString().slice(0, 10);
  return c.body(csv, 200, {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="orders-${stamp}.csv"`,
    'cache-control': 'private, no-store',
  });
}

async function handleStatus(c: Context<AppEnv>) {
  const id = recordId(c);
  const body = parseOr400(OrderStatusBody, await readJson(c), 'Статус');
  await setOrderStatus(c.var.db, id, body, currentStaff(c));
  return c.json(await adminOrder(c.var.db, id), 200);
}

async function handleRefund(c: Context<AppEnv>) {
  const id = recordId(c);
  const body = parseOr400(OrderRefundBody, await readJson(c), 'Возврат');
  const refunds = await refundOrder(c.var.db, id, body, currentStaff(c));
  const failed = refunds.find((r) => r.status === 'failed');
  if (failed)
    throw new ApiHttpError(502, `Платёжная система отказала в возврате: ${failed.message || 'без пояснений'}`);
  return c.json(await adminOrder(c.var.db, id), 200);
}

async function handleResend(c: Context<AppEnv>) {
  const id = recordId(c);
  await resendConfirmation(c.var.db, id, currentStaff(c).id);
  return c.json(await adminOrder(c.var.db, id), 200);
}

/** Registers `orders` (owner, manager): list and one order, the CSV export and the actions. */
export function registerAdminOrderRoutes(app: ApiApp) {
  registerCrud(app, {
    name: 'orders',
    title: 'Заказ',
    roles: ['manager'],
    record: AdminOrder,
    // The list has the summaries; one order comes with its lines, payments and history.
    list: { description: 'Заказы', record: AdminOrderSummary, handler: handleList },
    one: { handler: async (c) => c.json(await adminOrder(c.var.db, recordId(c)), 200) },
    create: false,
    update: false,
    remove: false,
    routes: (app) => openapiRoute(app, exportCsv, handleExport as never),
  });
  openapiRoute(app, status, handleStatus as never);
  openapiRoute(app, refund, handleRefund as never);
  openapiRoute(app, resend, handleResend as never);
}
