/**
 * The console's `orders` resource (issue #32) through the API on the sandbox provider: filters,
 * the order record, a status change with the shopper's mail, a refund of one line with its 54-ФЗ
 * refund receipt (once for a double click), the full refund, the confirmation again, the CSV export,
 * and the audit log of each.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateOrderResponse, OrderPaymentResponse } from '@/lib/api/contract/checkout';
import { call, createTestApi, oneItemOrder, orderFixture, type OrderFixture, type TestApi } from '../../../test-utils';
import { adminCall, adminRequest, staffSession, type TestStaff } from '../test-utils';

let api: TestApi;
let fixture: OrderFixture;
let manager: TestStaff;
let editor: TestStaff;
let owner: TestStaff;

beforeAll(async () => {
  api = await createTestApi(20);
  fixture = await orderFixture(api, 500);
  manager = await staffSession(api, 'manager');
  editor = await staffSession(api, 'editor');
  owner = await staffSession(api, 'owner');
}, 120_000);
afterAll(async () => api?.close());

/** A paid sandbox order of `quantity` pieces of one size. */
async function paidOrder(email: string, quantity = 1) {
  const body = oneItemOrder(fixture, { fio: 'Петрова Мария Ивановна', email, phone: '+7(916)-123-45-67' });
  body.items = [{ ...body.items[0]!, quantity }];
  const res = await call(api, 'POST', '/api/v1/order/', body);
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  const order = CreateOrderResponse.parse(res.json).order;
  const pay = await call(api, 'POST', '/api/v1/order_payment/', { guid: order.guid, method: 'card' });
  const id = new URL(OrderPaymentResponse.parse(pay.json).form_url, 'http://x').searchParams.get('orderId')!;
  const paid = await call(api, 'POST', '/api/v1/sandbox_acquiring/pay/', {
    id,
    pan: '4111111111111111',
    expiry: '12/30',
    cvc: '123',
  });
  expect(paid.status, JSON.stringify(paid.json)).toBe(200);
  // The shop learns of the payment when the order is looked at (the return page asks the provider).
  const info = await call(api, 'POST', '/api/v1/get_order_info/', { guid: order.guid });
  expect(info.json.order_info.paid).toBe(true);
  return order;
}

const q = (o: unknown) => encodeURIComponent(JSON.stringify(o));

async function auditOf(id: number) {
  const res = await adminCall(
    api,
    owner,
    'GET',
    `/api/admin/audit-log?filter=${q({ entity: 'orders', entityId: String(id) })}`,
  );
  return res.json as Array<{ action: string; staffLogin: string; after: Record<string, unknown> }>;
}

describe('orders list', () => {
  it('finds an order by number, e-mail and phone, with Content-Range, and keeps editors out', async () => {
    const order = await paidOrder('find.me@example.ru');
    for (const text of [order.number, 'find.me@', '8 (916) 123-45-67']) {
      const res = await adminRequest(api, manager, 'GET', `/api/admin/orders?filter=${q({ q: text })}&range=[0,9]`);
      expect(res.status).toBe(200);
      const rows = (await res.json()) as Array<{ id: number; number: string }>;
      expect(rows.map((r) => r.number)).toContain(order.number);
      expect(res.headers.get('content-range')).toMatch(/^orders 0-\d+\/\d+$/);
    }
    const paid = await adminCall(
      api,
      manager,
      'GET',
      `/api/admin/orders?filter=${q({ paymentStatus: 'paid' })}&range=[0,499]`,
    );
    expect(paid.json.every((r: { paymentStatus: string }) => r.paymentStatus === 'paid')).toBe(true);
    const future = await adminCall(api, manager, 'GET', `/api/admin/orders?filter=${q({ dateFrom: '2099-01-01' })}`);
    expect(future.json).toEqual([]);
    expect((await adminCall(api, manager, 'GET', `/api/admin/orders?filter=${q({ status: 'lost' })}`)).status).toBe(
      400,
    );
    expect((await adminCall(api, editor, 'GET', '/api/admin/orders')).status).toBe(403);
    expect((await adminCall(api, null, 'GET', '/api/admin/orders')).status).toBe(401);
  });
});

describe('one order and its actions', () => {
  it('refunds one line once with a refund receipt, and the audit log shows it', async () => {
    const order = await paidOrder('refund.line@example.ru', 2);
    const record = await adminCall(api, manager, 'GET', `/api/admin/orders/${order.pk}`);
    expect(record.status).toBe(200);
    expect(record.json).toMatchObject({ number: order.number, paymentStatus: 'paid', email: 'refund.line@example.ru' });
    expect(record.json.items).toHaveLength(1);
    expect(record.json.payments[0]).toMatchObject({ provider: 'sandbox', status: 'paid' });
    // The delivery in the contract's named fields, not the checkout's stored keys (city_id, days_min…).
    expect(Object.keys(record.json.delivery).sort()).toEqual(
      [
        'address',
        'city',
        'cost',
        'daysMax',
        'daysMin',
        'method',
        'pickupPoint',
        'postcode',
        'region',
        'storeId',
      ].sort(),
    );
    expect(record.json.delivery).toMatchObject({ method: expect.any(String), city: expect.stringMatching(/\S/) });
    const line = record.json.items[0];
    expect(line).toMatchObject({ quantity: 2, refundedQuantity: 0 });

    const body = { lines: [{ itemId: line.id, quantity: 1 }] };
    // A double click: two requests at once with the same lines → one refund.
    const [refunded, twin] = await Promise.all([
      adminCall(api, manager, 'POST', `/api/admin/orders/${order.pk}/refund`, body),
      adminCall(api, manager, 'POST', `/api/admin/orders/${order.pk}/refund`, body),
    ]);
    expect(refunded.status, JSON.stringify(refunded.json)).toBe(200);
    expect(twin.status, JSON.stringify(twin.json)).toBe(200);
    const after = await adminCall(api, manager, 'GET', `/api/admin/orders/${order.pk}`);
    expect(after.json.items[0].refundedQuantity).toBe(1);
    expect(after.json.refunds).toHaveLength(1);
    expect(after.json.refunds[0]).toMatchObject({
      amount: line.price,
      status: 'succeeded',
      requestedBy: `operator:${manager.login}`,
    });
    expect(after.json.refunds[0].receipt).toMatchObject({ type: 'refund' });
    // Named as the request names them, so the console can show which line went back.
    expect(after.json.refunds[0].lines).toEqual([{ itemId: line.id, quantity: 1 }]);
    // More pieces than are left.
    const tooMany = await adminCall(api, manager, 'POST', `/api/admin/orders/${order.pk}/refund`, {
      lines: [{ itemId: line.id, quantity: 2 }],
    });
    expect(tooMany.status).toBe(409);
    expect((await adminCall(api, manager, 'POST', `/api/admin/orders/${order.pk}/refund`, { lines: [] })).status).toBe(
      400,
    );
    const log = await auditOf(order.pk);
    expect(log.filter((r) => r.action === 'refund').length).toBeGreaterThanOrEqual(1);
    expect(log[0]).toMatchObject({ action: 'refund', staffLogin: manager.login });

    // The rest of the order in full.
    const full = await adminCall(api, manager, 'POST', `/api/admin/orders/${order.pk}/refund`, { full: true });
    expect(full.status, JSON.stringify(full.json)).toBe(200);
    expect(full.json.refundedTotal).toBe(order.to_pay);
    expect((await adminCall(api, manager, 'POST', `/api/admin/orders/${order.pk}/refund`, { full: true })).status).toBe(
      409,
    );
  });

  it('changes the status with a history line and the shopper mail, and cancels through the cancel path', async () => {
    const order = await paidOrder('status@example.ru');
    const res = await adminCall(api, manager, 'POST', `/api/admin/orders/${order.pk}/status`, {
      status: 'assembling',
      notify: true,
    });
    expect(res.status).toBe(200);
    expect(res.json.status).toBe('assembling');
    expect(res.json.history.at(-1)).toMatchObject({ status: 'assembling' });
    expect(
      (await adminCall(api, manager, 'POST', `/api/admin/orders/${order.pk}/status`, { status: 'assembling' })).status,
    ).toBe(409);
    expect(
      (await adminCall(api, manager, 'POST', `/api/admin/orders/${order.pk}/status`, { status: 'lost' })).status,
    ).toBe(400);
    const cancelled = await adminCall(api, manager, 'POST', `/api/admin/orders/${order.pk}/status`, {
      status: 'cancelled',
      notify: false,
    });
    expect(cancelled.status, JSON.stringify(cancelled.json)).toBe(200);
    expect(cancelled.json).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect(cancelled.json.refunds[0]).toMatchObject({ status: 'succeeded' });
    const log = await auditOf(order.pk);
    expect(log.map((r) => r.action)).toEqual(['status', 'status']);
  });

  it('resends the confirmation and answers 404 for an unknown order', async () => {
    const order = await paidOrder('resend@example.ru');
    expect((await adminCall(api, manager, 'POST', `/api/admin/orders/${order.pk}/resend-confirmation`)).status).toBe(
      200,
    );
    expect((await auditOf(order.pk))[0]).toMatchObject({ action: 'resend' });
    expect((await adminCall(api, manager, 'GET', '/api/admin/orders/99999999')).status).toBe(404);
    expect((await adminCall(api, manager, 'POST', '/api/admin/orders/99999999/refund', { full: true })).status).toBe(
      404,
    );
  });
});

describe('CSV export', () => {
  it('exports the filtered orders with a Russian header, formula cells defused', async () => {
    const order = await paidOrder('csv@example.ru');
    const res = await adminRequest(
      api,
      manager,
      'GET',
      `/api/admin/orders/export.csv?filter=${q({ q: 'csv@example.ru' })}`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="orders-/);
    const text = await res.text();
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toMatch(/^Номер;Создан;Статус;Оплата;Покупатель;E-mail;Телефон/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(order.number);
    expect(lines[1]).toContain('csv@example.ru');
    expect(lines[1]).toContain("'+79161234567");
    expect((await adminRequest(api, manager, 'GET', '/api/admin/orders/export.csv?filter={')).status).toBe(400);
  });
});
