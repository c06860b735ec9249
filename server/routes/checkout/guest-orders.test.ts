/**
 * Issue #29: a guest's order needs the personal data consent (152-ФЗ art. 9), recorded with the
 * order; the advertising box is optional (38-ФЗ art. 18). An `Idempotency-Key` belongs to its
 * basket or account: another guest sending the same key never receives somebody else's order,
 * and the same key with another body is a 409.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenResponse } from '@/lib/api/contract/accounts';
import { CreateOrderResponse } from '@/lib/api/contract/checkout';
import { CONSENT_TEXTS } from '@/lib/messages/consent';
import { consents, orders, subscriptions } from '../../db/schema';
import { IDEMPOTENCY_KEY_REUSED } from '../../services/checkout';
import { call, createTestApi, oneItemOrder, orderFixture, type OrderFixture, type TestApi } from '../../test-utils';

let api: TestApi;
let fixture: OrderFixture;
let seq = 0;

beforeAll(async () => {
  api = await createTestApi(20);
  fixture = await orderFixture(api, 1000);
});
afterAll(async () => {
  await api?.close();
});

function contact(name = 'Гостева Нина Петровна') {
  seq += 1;
  return { fio: name, email: `guest${seq}.${Date.now()}@example.ru`, phone: `+7(918)-000-00-${String(10 + seq)}` };
}

async function basketCookie(): Promise<string> {
  const res = await call(api, 'POST', '/api/v2/cart/', {
    offer: fixture.size.offerId,
    feature: fixture.size.extId,
    quantity: 1,
  });
  return res.setCookie!.split(';')[0]!;
}

describe('consent at guest checkout', () => {
  it('refuses a guest order without the ticked box, in Russian, and writes nothing', async () => {
    const who = contact();
    for (const consent of [undefined, false]) {
      const res = await call(
        api,
        'POST',
        '/api/v1/order/',
        oneItemOrder(fixture, who, { personal_data_consent: consent }),
      );
      expect(res.status).toBe(400);
      expect(res.json.message).toBe(CONSENT_TEXTS.personalDataRequired);
      expect(res.json.errors.personal_data_consent).toBe(CONSENT_TEXTS.personalDataRequired);
    }
    expect(await api.handle.db.select().from(orders).where(eq(orders.contactEmail, who.email))).toHaveLength(0);
  });

  it('records the consents of the form with the order: personal data, and advertising when ticked', async () => {
    const who = contact();
    const res = await call(
      api,
      'POST',
      '/api/v1/order/',
      oneItemOrder(fixture, { ...who, email: who.email.replace('@', '+shop@') }, { advertising_consent: true }),
      { 'x-forwarded-for': '203.0.113.9', 'user-agent': 'Checkout test' },
    );
    expect(res.status).toBe(201);
    const rows = await api.handle.db
      .select()
      .from(consents)
      .where(eq(consents.subject, `email:${who.email}`));
    expect(rows.map((r) => r.document).sort()).toEqual(['advertising', 'personal-data']);
    expect(rows[0]).toMatchObject({ form: 'checkout', clientAddress: '203.0.113.9', userAgent: 'Checkout test' });
    const [sub] = await api.handle.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.email, who.email.replace('@', '+shop@')));
    expect(sub?.active).toBe(false); // the double opt-in mail went out; not subscribed before confirming
  });

  it('a signed-in shopper consented at registration: no box needed, nothing recorded twice', async () => {
    const who = contact();
    const reg = await call(api, 'POST', '/api/v1/sign_in/', {
      full_name: who.fio,
      email: who.email,
      password_one: 'Secret123',
      password_two: 'Secret123',
      personal_data_consent: true,
    });
    const { data, user } = TokenResponse.parse(reg.json);
    const body = oneItemOrder(fixture, who);
    delete (body as { personal_data_consent?: boolean }).personal_data_consent;
    const res = await call(api, 'POST', '/api/v1/order/', body, { authorization: `Token ${data.token}` });
    expect(res.status).toBe(201);
    const rows = await api.handle.db
      .select()
      .from(consents)
      .where(and(eq(consents.userId, user.id), eq(consents.document, 'personal-data')));
    expect(rows.map((r) => r.form)).toEqual(['registration']);
  });
});

describe('Idempotency-Key belongs to its basket (issue #29)', () => {
  it("a second guest with the same key and another body gets their own order, never the first buyer's", async () => {
    const key = `shared-key-${Date.now()}`;
    const a = await call(api, 'POST', '/api/v1/order/', oneItemOrder(fixture, contact('Первая Анна Ивановна')), {
      'idempotency-key': key,
    });
    const b = await call(api, 'POST', '/api/v1/order/', oneItemOrder(fixture, contact('Вторая Мария Ивановна')), {
      'idempotency-key': key,
    });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    const first = CreateOrderResponse.parse(a.json).order;
    const second = CreateOrderResponse.parse(b.json).order;
    expect(second.guid).not.toBe(first.guid);
    const [row] = await api.handle.db.select().from(orders).where(eq(orders.guid, second.guid));
    expect(row!.contactFio).toBe('Вторая Мария Ивановна');
  });

  it('two guests with their own baskets and the same key each get their own order', async () => {
    const key = `basket-key-${Date.now()}`;
    const answers = [];
    for (const name of ['Первая Анна Ивановна', 'Вторая Мария Ивановна']) {
      const cookie = await basketCookie();
      answers.push(
        await call(
          api,
          'POST',
          '/api/v2/order/',
          { contact: contact(name), delivery: oneItemOrder(fixture, contact()).delivery, personal_data_consent: true },
          { cookie, 'idempotency-key': key },
        ),
      );
    }
    expect(answers.map((r) => r.status)).toEqual([201, 201]);
    expect(answers[0]!.json.order.guid).not.toBe(answers[1]!.json.order.guid);
  });

  it('the same basket repeating the key: the same body gets the same order, another body a 409', async () => {
    const key = `repeat-key-${Date.now()}`;
    const cookie = await basketCookie();
    const body = {
      contact: contact(),
      delivery: oneItemOrder(fixture, contact()).delivery,
      personal_data_consent: true,
    };
    const first = await call(api, 'POST', '/api/v2/order/', body, { cookie, 'idempotency-key': key });
    expect(first.status).toBe(201);
    const again = await call(api, 'POST', '/api/v2/order/', body, { cookie, 'idempotency-key': key });
    expect(again.status).toBe(200);
    expect(again.json.created).toBe(false);
    expect(again.json.order.guid).toBe(first.json.order.guid);
    const changed = await call(
      api,
      'POST',
      '/api/v2/order/',
      { ...body, contact: contact('Чужая Ольга Петровна') },
      { cookie, 'idempotency-key': key },
    );
    expect(changed.status).toBe(409);
    expect(changed.json.message).toBe(IDEMPOTENCY_KEY_REUSED);
    expect(JSON.stringify(changed.json)).not.toContain(first.json.order.guid);
  });
});
