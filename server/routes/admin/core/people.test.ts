/**
 * The console's customers, subscribers and consent log (issue #32 "People"): search, the customer's
 * orders, anonymising on request (152-ФЗ art. 21) with its audit record, and the read-only lists.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consents, subscriptions, users } from '../../../db/schema';
import { call, createTestApi, type TestApi } from '../../../test-utils';
import { adminCall, adminRequest, staffSession, type TestStaff } from '../test-utils';

let api: TestApi;
let manager: TestStaff;
let editor: TestStaff;
let owner: TestStaff;
const q = (o: unknown) => encodeURIComponent(JSON.stringify(o));

beforeAll(async () => {
  api = await createTestApi(4);
  manager = await staffSession(api, 'manager');
  editor = await staffSession(api, 'editor');
  owner = await staffSession(api, 'owner');
}, 120_000);
afterAll(async () => api?.close());

async function register(email: string, phone: string) {
  const res = await call(api, 'POST', '/api/v1/sign_in/', {
    full_name: 'Соколова Ирина',
    email,
    phone,
    password_one: 'Secret123',
    password_two: 'Secret123',
    personal_data_consent: true,
  });
  return res;
}

describe('customers', () => {
  it('finds a customer by e-mail, phone and name and anonymises them on request', async () => {
    const reg = await register('irina.s@example.ru', '+7 (903) 555-12-34');
    expect(reg.status, JSON.stringify(reg.json)).toBeLessThan(300);
    const [user] = await api.handle.db.select().from(users).where(eq(users.email, 'irina.s@example.ru'));
    for (const text of ['irina.s@', '8 903 555-12-34', 'Соколова']) {
      const res = await adminRequest(api, manager, 'GET', `/api/admin/customers?filter=${q({ q: text })}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-range')).toMatch(/^customers /);
      expect(((await res.json()) as Array<{ id: number }>).map((r) => r.id)).toContain(user!.id);
    }
    const one = await adminCall(api, manager, 'GET', `/api/admin/customers/${user!.id}`);
    expect(one.json).toMatchObject({ email: 'irina.s@example.ru', anonymisedAt: null, orders: [] });

    const done = await adminCall(api, manager, 'POST', `/api/admin/customers/${user!.id}/anonymise`);
    expect(done.status, JSON.stringify(done.json)).toBe(200);
    expect(done.json).toMatchObject({ email: null, phone: null });
    expect(done.json.anonymisedAt).not.toBeNull();
    expect(done.json.name).not.toMatch(/Соколова/);
    // The consents are withdrawn, not deleted (evidence stays).
    const given = await api.handle.db.select().from(consents).where(eq(consents.userId, user!.id));
    expect(given.length).toBeGreaterThan(0);
    expect(given.every((r) => r.withdrawnAt !== null)).toBe(true);
    expect((await adminCall(api, manager, 'POST', `/api/admin/customers/${user!.id}/anonymise`)).status).toBe(409);
    const log = await adminCall(
      api,
      owner,
      'GET',
      `/api/admin/audit-log?filter=${q({ entity: 'customers', entityId: String(user!.id) })}`,
    );
    expect(log.json[0]).toMatchObject({ action: 'anonymise', staffLogin: manager.login });
    expect(log.json[0].before).toMatchObject({ email: 'irina.s@example.ru' });
  });

  it('keeps editors out and answers 404 for an unknown customer', async () => {
    expect((await adminCall(api, editor, 'GET', '/api/admin/customers')).status).toBe(403);
    expect((await adminCall(api, manager, 'GET', '/api/admin/customers/99999999')).status).toBe(404);
    expect((await adminCall(api, manager, 'POST', '/api/admin/customers/99999999/anonymise')).status).toBe(404);
  });
});

describe('subscribers and consents', () => {
  it('lists subscribers with their double opt-in state', async () => {
    await api.handle.db.insert(subscriptions).values([
      { email: 'sub.active@example.ru', active: true, confirmedAt: new Date() },
      { email: 'sub.pending@example.ru', active: false },
    ]);
    const res = await adminCall(
      api,
      manager,
      'GET',
      `/api/admin/subscribers?filter=${q({ q: 'sub.' })}&sort=["email","ASC"]`,
    );
    expect(res.json.map((r: { email: string; status: string }) => [r.email, r.status])).toEqual([
      ['sub.active@example.ru', 'Подписан'],
      ['sub.pending@example.ru', 'Не подтвердил'],
    ]);
  });

  it('shows the consent log read-only', async () => {
    await register('consent.log@example.ru', '+7 (903) 555-00-01');
    const res = await adminCall(api, manager, 'GET', `/api/admin/consents?filter=${q({ q: 'consent.log@' })}`);
    expect(res.status).toBe(200);
    expect(res.json[0]).toMatchObject({ kind: 'personal-data', email: 'consent.log@example.ru', form: 'registration' });
    expect((await adminCall(api, manager, 'PUT', `/api/admin/consents/${res.json[0].id}`, {})).status).toBe(404);
    expect((await adminCall(api, manager, 'DELETE', `/api/admin/consents/${res.json[0].id}`)).status).toBe(404);
    expect((await adminCall(api, manager, 'GET', `/api/admin/consents?filter=${q({ kind: 'other' })}`)).status).toBe(
      400,
    );
  });
});
