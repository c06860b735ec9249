/**
 * The console's promotions (issue #32): a manager creates a promo code that checkout then accepts,
 * a first-order-only code is refused on the shopper's second order, the use count shows it, a
 * code dated later does not apply yet; a manager issues and blocks a gift certificate, which then
 * pays nothing. An editor may do none of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROMO_FIRST_ORDER_ONLY, PROMO_NOT_FOUND } from '../../../services/promo';
import { call, createTestApi, oneItemOrder, orderFixture, type OrderFixture, type TestApi } from '../../../test-utils';
import { adminCall, staffSession, type TestStaff } from '../test-utils';

let api: TestApi;
let fixture: OrderFixture;
let manager: TestStaff;
let editor: TestStaff;
let seq = 0;

beforeAll(async () => {
  api = await createTestApi(20);
  fixture = await orderFixture(api, 1000);
  manager = await staffSession(api, 'manager');
  editor = await staffSession(api, 'editor');
});
afterAll(async () => {
  await api?.close();
});

function newContact() {
  seq += 1;
  const n = String(2000 + seq).slice(-4);
  return {
    fio: 'Петрова Анна Сергеевна',
    email: `console${seq}.${Date.now()}@example.ru`,
    phone: `+7(916)-444-${n.slice(0, 2)}-${n.slice(2)}`,
  };
}

const order = (contact: ReturnType<typeof newContact>, promo: string) =>
  call(api, 'POST', '/api/v1/order/', oneItemOrder(fixture, contact, { promo_code: promo }));

describe('promo codes', () => {
  it('a manager creates a first-order code: checkout accepts it once, refuses a second order, counts the use', async () => {
    const created = await adminCall(api, manager, 'POST', '/api/admin/promo-codes', {
      code: 'консоль10',
      kind: 'percent',
      percent: 10,
      amount: '',
      minTotal: 0,
      firstOrderOnly: true,
      perCustomerLimit: '',
      usageLimit: 100,
    });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({ code: 'КОНСОЛЬ10', kind: 'percent', percent: 10, amount: null, uses: 0 });

    const contact = newContact();
    const first = await order(contact, 'КОНСОЛЬ10');
    expect(first.status).toBe(201);
    expect(first.json.order.discount).toBeGreaterThan(0);
    const second = await order(contact, 'КОНСОЛЬ10');
    expect(second.status).toBe(400);
    expect(second.json.message).toBe(PROMO_FIRST_ORDER_ONLY);

    const one = await adminCall(api, manager, 'GET', `/api/admin/promo-codes/${created.json.id}`);
    expect(one.json.uses).toBe(1);
    const del = await adminCall(api, manager, 'DELETE', `/api/admin/promo-codes/${created.json.id}`);
    expect(del.status).toBe(409);
    expect(del.json.message).toMatch(/выключите его/);
  });

  it('a fixed-amount code dated to start tomorrow does not apply yet', async () => {
    const created = await adminCall(api, manager, 'POST', '/api/admin/promo-codes', {
      code: 'ZAVTRA500',
      kind: 'amount',
      amount: 500,
      validFrom: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(created.status).toBe(200);
    const res = await order(newContact(), 'ZAVTRA500');
    expect(res.status).toBe(404);
    expect(res.json.message).toBe(PROMO_NOT_FOUND);
  });

  it('refuses bad input in Russian and a taken code with 409; an editor is refused', async () => {
    const bad = await adminCall(api, manager, 'POST', '/api/admin/promo-codes', {
      code: 'с пробелом',
      kind: 'percent',
      percent: 95,
    });
    expect(bad.status).toBe(400);
    expect(bad.json.errors.code).toMatch(/без пробелов/);
    const taken = await adminCall(api, manager, 'POST', '/api/admin/promo-codes', {
      code: 'Консоль10',
      kind: 'percent',
      percent: 5,
    });
    expect(taken.status).toBe(409);
    expect((await adminCall(api, editor, 'GET', '/api/admin/promo-codes')).status).toBe(403);
  });
});

describe('gift certificates', () => {
  it('a manager issues a certificate, sees its balance, blocks it, and checkout then refuses it', async () => {
    const issued = await adminCall(api, manager, 'POST', '/api/admin/gift-cards', { amount: 3000 });
    expect(issued.status).toBe(200);
    expect(issued.json).toMatchObject({ amount: 3000, balance: 3000, blocked: false, history: [] });
    const check = await call(api, 'POST', '/api/v1/check_card/', { code: issued.json.code });
    expect(check.status).toBe(200);

    const blocked = await adminCall(api, manager, 'POST', `/api/admin/gift-cards/${issued.json.id}/block`);
    expect(blocked.status).toBe(200);
    expect(blocked.json.blocked).toBe(true);
    const refused = await call(api, 'POST', '/api/v1/check_card/', { code: issued.json.code });
    expect(refused.status).toBe(404);
    expect(refused.json.message).toMatch(/заблокирован/);

    const found = await adminCall(
      api,
      manager,
      'GET',
      `/api/admin/gift-cards?filter=${encodeURIComponent(JSON.stringify({ q: issued.json.code }))}`,
    );
    expect(found.json).toHaveLength(1);
    expect(found.json[0]).toMatchObject({ id: issued.json.id, blocked: true });
  });
});
