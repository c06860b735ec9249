/**
 * Issue #29: consents (152-ФЗ art. 9, 38-ФЗ art. 18) recorded by registration, the help form, the
 * subscription form and the profile; withdrawal by the unsubscribe link and by deleting the
 * account; the shopper's data as a JSON download (152-ФЗ art. 14).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MyDataExport, TokenResponse } from '@/lib/api/contract/accounts';
import { CONSENT_PAGE_PATH, CONSENT_TEXTS } from '@/lib/messages/consent';
import {
  authTokens,
  cities,
  consents,
  favorites,
  feedbackMessages,
  infoPages,
  orders,
  subscriptions,
  userAddresses,
  users,
} from '../../db/schema';
import { ensureRequiredPages } from '../../seed/content';
import { DELETED_NAME } from '../../services/account-data';
import { call, createTestApi, oneItemOrder, orderFixture, type OrderFixture, type TestApi } from '../../test-utils';

await vi.hoisted(async () => {
  const { mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  process.env.MAIL_DIR = mkdtempSync(join(tmpdir(), 'shop-mail-'));
});

let api: TestApi;
let fixture: OrderFixture;
let seq = 0;
let moscowRegion = 0;
const BROWSER = { 'x-forwarded-for': '203.0.113.7', 'user-agent': 'Mozilla/5.0 (consent test)' };

beforeAll(async () => {
  api = await createTestApi(20);
  fixture = await orderFixture(api, 1000);
  const [city] = await api.handle.db.select().from(cities).where(eq(cities.id, fixture.moscow));
  moscowRegion = city!.regionId;
});
afterAll(async () => {
  await api?.close();
});

function person(overrides: Record<string, unknown> = {}) {
  seq += 1;
  return {
    full_name: 'Согласова Вера Павловна',
    email: `vera.${seq}.${Date.now()}@example.ru`,
    phone: `+7(93${seq % 10})-111-22-${String(10 + seq).slice(-2)}`,
    password_one: 'Secret123',
    password_two: 'Secret123',
    personal_data_consent: true,
    ...overrides,
  };
}

async function register(overrides: Record<string, unknown> = {}) {
  const body = person(overrides);
  const res = await call(api, 'POST', '/api/v1/sign_in/', body, BROWSER);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const answer = TokenResponse.parse(res.json);
  return { body, user: answer.user, token: answer.data.token, auth: { authorization: `Token ${answer.data.token}` } };
}

async function pageVersion(): Promise<string> {
  const [page] = await api.handle.db.select().from(infoPages).where(eq(infoPages.path, CONSENT_PAGE_PATH));
  return page!.updatedAt.toISOString();
}

describe('the consent page', () => {
  it('is seeded, served like every info page, and added to a database seeded before it existed', async () => {
    const res = await call(api, 'GET', `/api/v1/about/${CONSENT_PAGE_PATH}/`);
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.json)).toContain('152-ФЗ');
    await api.handle.db.delete(infoPages).where(eq(infoPages.path, CONSENT_PAGE_PATH));
    expect(await ensureRequiredPages(api.handle.db)).toBe(1);
    expect(await ensureRequiredPages(api.handle.db)).toBe(0);
  });
});

describe('registration (152-ФЗ art. 9, 38-ФЗ art. 18)', () => {
  it('is refused without the ticked box, in Russian, and creates nobody', async () => {
    for (const consent of [undefined, false, 'true']) {
      const body = person({ personal_data_consent: consent });
      const res = await call(api, 'POST', '/api/v1/sign_in/', body, BROWSER);
      expect(res.status).toBe(400);
      expect(res.json.message).toContain(CONSENT_TEXTS.personalDataRequired);
      expect(await api.handle.db.select().from(users).where(eq(users.email, body.email))).toHaveLength(0);
    }
  });

  it('records the personal data consent with version, form, client address and browser', async () => {
    const { user } = await register();
    const rows = await api.handle.db.select().from(consents).where(eq(consents.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      subject: `user:${user.id}`,
      document: 'personal-data',
      documentVersion: await pageVersion(),
      form: 'registration',
      clientAddress: '203.0.113.7',
      userAgent: 'Mozilla/5.0 (consent test)',
      withdrawnAt: null,
    });
  });

  it('records the optional advertising consent only when ticked, and starts the double opt-in', async () => {
    const { user, body } = await register({ advertising_consent: true });
    const rows = await api.handle.db.select().from(consents).where(eq(consents.userId, user.id));
    expect(rows.map((r) => r.document).sort()).toEqual(['advertising', 'personal-data']);
    const [sub] = await api.handle.db.select().from(subscriptions).where(eq(subscriptions.email, body.email));
    expect(sub?.active).toBe(false); // subscribed only once the mailbox owner confirms
  });
});

describe('the help form and the subscription form', () => {
  it('the help form is refused without consent and stores message and consent together with it', async () => {
    const message = { message: 'Есть ли размер S?', contactData: 'help.me@example.ru' };
    const refused = await call(api, 'POST', '/api/v1/send_message/', { messageFeedback: message }, BROWSER);
    expect(refused.status).toBe(400);
    expect(refused.json.message).toContain(CONSENT_TEXTS.personalDataRequired);
    expect(
      await api.handle.db.select().from(feedbackMessages).where(eq(feedbackMessages.contactData, 'help.me@example.ru')),
    ).toHaveLength(0);
    const ok = await call(
      api,
      'POST',
      '/api/v1/send_message/',
      { messageFeedback: message, personal_data_consent: true },
      BROWSER,
    );
    expect(ok.status).toBe(200);
    const [row] = await api.handle.db.select().from(consents).where(eq(consents.subject, 'email:help.me@example.ru'));
    expect(row).toMatchObject({ document: 'personal-data', form: 'feedback', clientAddress: '203.0.113.7' });
  });

  it('subscribing needs the box, records personal data and advertising consents; the unsubscribe link withdraws the latter', async () => {
    const email = `news.${Date.now()}@example.ru`;
    const refused = await call(api, 'POST', '/api/v1/subscribe/', { email }, BROWSER);
    expect(refused.status).toBe(400);
    expect(refused.json.message).toContain(CONSENT_TEXTS.personalDataRequired);
    const ok = await call(api, 'POST', '/api/v1/subscribe/', { email, personal_data_consent: true }, BROWSER);
    expect(ok.status).toBe(200);
    const subject = `email:${email}`;
    const given = await api.handle.db.select().from(consents).where(eq(consents.subject, subject));
    expect(given.map((r) => r.document).sort()).toEqual(['advertising', 'personal-data']);
    expect(given.every((r) => r.form === 'subscription')).toBe(true);

    const [sub] = await api.handle.db.select().from(subscriptions).where(eq(subscriptions.email, email));
    expect((await call(api, 'POST', '/api/v1/unsubscribe/', { token: sub!.unsubscribeToken }, BROWSER)).status).toBe(
      200,
    );
    const after = await api.handle.db.select().from(consents).where(eq(consents.subject, subject));
    const advertising = after.find((r) => r.document === 'advertising')!;
    expect(advertising.withdrawnVia).toBe('unsubscribe-link');
    expect(advertising.withdrawnAt).not.toBeNull();
    expect(after.find((r) => r.document === 'personal-data')!.withdrawnAt).toBeNull();
  });

  it('the profile box gives and withdraws the advertising consent', async () => {
    const { user, auth } = await register();
    await call(api, 'PUT', '/api/v1/changeinfo/', { subscribed: true }, { ...auth, ...BROWSER });
    await call(api, 'PUT', '/api/v1/changeinfo/', { subscribed: false }, { ...auth, ...BROWSER });
    const [row] = await api.handle.db
      .select()
      .from(consents)
      .where(and(eq(consents.userId, user.id), eq(consents.document, 'advertising')));
    expect(row).toMatchObject({ form: 'profile', withdrawnVia: 'profile' });
  });
});

describe('GET /v1/my_data/ (152-ФЗ art. 14)', () => {
  it('hands the signed-in shopper profile, addresses, orders and consents as a JSON attachment', async () => {
    const { user, auth, body } = await register();
    await call(
      api,
      'POST',
      '/api/v1/user_address/',
      { region_id: moscowRegion, city_id: fixture.moscow, street: 'Арбат', house: '1' },
      { ...auth, ...BROWSER },
    );
    const order = await call(
      api,
      'POST',
      '/api/v1/order/',
      oneItemOrder(fixture, { fio: body.full_name, email: body.email, phone: body.phone }),
      { ...auth, ...BROWSER },
    );
    expect(order.status).toBe(201);
    const res = await api.app.request('/api/v1/my_data/', { headers: auth });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const data = MyDataExport.parse(await res.json());
    expect(data.profile).toMatchObject({ id: user.id, email: body.email, last_name: 'Согласова' });
    expect(data.addresses).toHaveLength(1);
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]!.items).toHaveLength(1);
    expect(data.consents.map((c) => c.document)).toContain('personal-data');
    expect((await api.app.request('/api/v1/my_data/')).status).toBe(401);
  });
});

describe('POST /v1/delete_account/ (152-ФЗ art. 21 part 5)', () => {
  it('anonymises the account, keeps its orders without contacts, withdraws consents and revokes tokens', async () => {
    const { user, auth, body, token } = await register({ advertising_consent: true });
    await call(
      api,
      'POST',
      '/api/v1/user_address/',
      { region_id: moscowRegion, city_id: fixture.moscow, street: 'Арбат', house: '1' },
      auth,
    );
    const placed = await call(
      api,
      'POST',
      '/api/v1/order/',
      oneItemOrder(fixture, { fio: body.full_name, email: body.email, phone: body.phone }, { comment: 'Позвоните' }),
      auth,
    );
    const orderId = placed.json.order.pk as number;
    await api.handle.db.insert(favorites).values({ userId: user.id, productId: 1 }).onConflictDoNothing();

    // An order on its way keeps its contacts: deletion waits for it.
    const refused = await call(api, 'POST', '/api/v1/delete_account/', {}, auth);
    expect(refused.status).toBe(409);
    expect(refused.json.message).toMatch(/ещё в работе/);
    await api.handle.db.update(orders).set({ status: 'delivered' }).where(eq(orders.id, orderId));

    const res = await call(api, 'POST', '/api/v1/delete_account/', {}, auth);
    expect(res.status).toBe(200);
    const [row] = await api.handle.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({
      email: null,
      phone: null,
      lastName: '',
      firstName: DELETED_NAME,
      middleName: '',
      passwordHash: null,
      subscribed: false,
    });
    expect(row!.deletedAt).not.toBeNull();
    expect(await api.handle.db.select().from(userAddresses).where(eq(userAddresses.userId, user.id))).toHaveLength(0);
    expect(await api.handle.db.select().from(favorites).where(eq(favorites.userId, user.id))).toHaveLength(0);
    expect(await api.handle.db.select().from(subscriptions).where(eq(subscriptions.email, body.email))).toHaveLength(0);
    const [kept] = await api.handle.db.select().from(orders).where(eq(orders.id, orderId));
    expect(kept).toMatchObject({ contactFio: DELETED_NAME, contactEmail: '', contactPhone: '', comment: '' });
    expect(kept!.deliveryAddress).toBe('Москва');
    expect(JSON.stringify(kept!.deliveryData)).not.toContain('Тверская');
    expect(kept!.total).toBeGreaterThan(0);
    const given = await api.handle.db.select().from(consents).where(eq(consents.userId, user.id));
    expect(given.length).toBeGreaterThanOrEqual(2);
    expect(given.every((c) => c.withdrawnVia === 'account-deleted' && c.withdrawnAt !== null)).toBe(true);
    const tokens = await api.handle.db.select().from(authTokens).where(eq(authTokens.userId, user.id));
    expect(tokens.every((t) => t.revokedAt !== null)).toBe(true);
    expect((await call(api, 'GET', '/api/v1/get_user/', undefined, { authorization: `Token ${token}` })).status).toBe(
      401,
    );
    expect(
      (await call(api, 'POST', '/api/v1/auth/', { username: body.email, password: body.password_one })).status,
    ).toBe(400);
    // The address is free again.
    expect((await call(api, 'POST', '/api/v1/sign_in/', { ...body }, BROWSER)).status).toBe(200);
  });
});
