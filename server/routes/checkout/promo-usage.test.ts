/**
 * Issue #12 item 6: promo code usage is recorded, the first-order and per-customer rules of
 * ПЕРВЫЙ ("Скидка 10% на первый заказ") hold also for concurrent orders, and POST /v1/promo_code/
 * never computes a discount on a total the client sent.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenResponse } from '@/lib/api/contract/accounts';
import { promoCodes, promoCodeUses } from '../../db/schema';
import { DEMO_USER } from '../../seed/accounts';
import { PROMO_ALREADY_USED, PROMO_FIRST_ORDER_ONLY, PROMO_USED_UP } from '../../services/promo';
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

/** A contact nobody has ordered with yet. */
function newContact() {
  seq += 1;
  const n = String(1000 + seq).slice(-4);
  return {
    fio: 'Новикова Ольга Петровна',
    email: `buyer${seq}.${Date.now()}@example.ru`,
    phone: `+7(917)-555-${n.slice(0, 2)}-${n.slice(2)}`,
  };
}

function order(contact: ReturnType<typeof newContact>, promo?: string, headers: Record<string, string> = {}) {
  const body = oneItemOrder(fixture, contact, promo ? { promo_code: promo } : {});
  return call(api, 'POST', '/api/v1/order/', body, headers);
}

describe('ПЕРВЫЙ: first order only, once per customer', () => {
  it('is refused on a second order by the same e-mail or the same phone, and the use is recorded', async () => {
    const contact = newContact();
    const first = await order(contact, 'ПЕРВЫЙ');
    expect(first.status).toBe(201);
    expect(first.json.order.discount).toBeGreaterThan(0);
    const [use] = await api.handle.db
      .select()
      .from(promoCodeUses)
      .where(eq(promoCodeUses.orderId, first.json.order.pk));
    expect(use!.customerKeys).toEqual(expect.arrayContaining([`email:${contact.email}`]));

    const again = await order(contact, 'ПЕРВЫЙ');
    expect(again.status).toBe(400);
    expect([PROMO_FIRST_ORDER_ONLY, PROMO_ALREADY_USED]).toContain(again.json.message);
    const samePhone = await order({ ...newContact(), phone: contact.phone }, 'ПЕРВЫЙ');
    expect(samePhone.status).toBe(400);
    const sameEmailOtherCase = await order({ ...newContact(), email: contact.email.toUpperCase() }, 'ПЕРВЫЙ');
    expect(sameEmailOtherCase.status).toBe(400);
  });

  it('is refused to a customer who already ordered without it', async () => {
    const contact = newContact();
    expect((await order(contact)).status).toBe(201);
    const res = await order(contact, 'ПЕРВЫЙ');
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(PROMO_FIRST_ORDER_ONLY);
  });

  it('holds under 8 concurrent orders of one new customer: exactly one gets it', async () => {
    const contact = newContact();
    const answers = await Promise.all(Array.from({ length: 8 }, () => order(contact, 'ПЕРВЫЙ')));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(7);
  });

  it('tells a logged-in buyer with orders at /v1/promo_code/ already', async () => {
    const login = TokenResponse.parse(
      (await call(api, 'POST', '/api/v1/auth/', { username: DEMO_USER.email, password: DEMO_USER.password })).json,
    );
    const basket = await call(api, 'POST', '/api/v2/cart/', {
      offer: fixture.size.offerId,
      feature: fixture.size.extId,
      quantity: 1,
    });
    const cookie = basket.setCookie!.split(';')[0]!;
    const res = await call(
      api,
      'POST',
      '/api/v1/promo_code/',
      { promo_code: 'ПЕРВЫЙ' },
      { cookie, authorization: `Token ${login.data.token}` },
    );
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(PROMO_FIRST_ORDER_ONLY);
  });
});

describe('limits and totals', () => {
  it('a code with a total usage limit stops after it', async () => {
    await api.handle.db.insert(promoCodes).values({ code: 'ДВАРАЗА', percent: 5, usageLimit: 2 });
    expect((await order(newContact(), 'ДВАРАЗА')).status).toBe(201);
    expect((await order(newContact(), 'ДВАРАЗА')).status).toBe(201);
    const third = await order(newContact(), 'ДВАРАЗА');
    expect(third.status).toBe(400);
    expect(third.json.message).toBe(PROMO_USED_UP);
  });

  it('/v1/promo_code/ ignores a total sent by the client: an empty basket gets no discount', async () => {
    const res = await call(api, 'POST', '/api/v1/promo_code/', { promo_code: 'ЛЕТО15', total: 1_000_000 });
    expect(res.status).toBe(400);
    expect(res.json.message).toMatch(/добавьте товары в корзину/);
  });
});

describe('one customer, however the address is spelt (issue #29)', () => {
  it('ПЕРВЫЙ is refused to guest+2@…, to Gmail dots and to Yandex aliases of an address that already ordered', async () => {
    seq += 1;
    const stamp = `${seq}${Date.now()}`;
    const first = await order({ ...newContact(), email: `guest${stamp}@example.ru` }, 'ПЕРВЫЙ');
    expect(first.status).toBe(201);
    const tagged = await order({ ...newContact(), email: `Guest${stamp}+2@Example.ru` }, 'ПЕРВЫЙ');
    expect(tagged.status).toBe(400);
    expect([PROMO_FIRST_ORDER_ONLY, PROMO_ALREADY_USED]).toContain(tagged.json.message);

    expect((await order({ ...newContact(), email: `anna.maria.${stamp}@gmail.com` }, 'ПЕРВЫЙ')).status).toBe(201);
    expect((await order({ ...newContact(), email: `annamaria${stamp}+sale@googlemail.com` }, 'ПЕРВЫЙ')).status).toBe(
      400,
    );
    expect((await order({ ...newContact(), email: `ivan.petrov.${stamp}@yandex.ru` }, 'ПЕРВЫЙ')).status).toBe(201);
    expect((await order({ ...newContact(), email: `ivan-petrov-${stamp}@ya.ru` }, 'ПЕРВЫЙ')).status).toBe(400);
  });

  it("a guest using a registered customer's e-mail (any spelling) counts that customer's orders", async () => {
    // The demo buyer has orders; a guest checkout with their address is not a first order.
    const [local, domain] = DEMO_USER.email.split('@');
    const guest = await order({ ...newContact(), email: `${local!.toUpperCase()}+promo@${domain}` }, 'ПЕРВЫЙ');
    expect(guest.status).toBe(400);
    expect(guest.json.message).toBe(PROMO_FIRST_ORDER_ONLY);
    // The use is recorded under the account too, so the account's own limit sees it.
    const fresh = newContact();
    const reg = await call(api, 'POST', '/api/v1/sign_in/', {
      full_name: fresh.fio,
      email: fresh.email,
      password_one: 'Secret123',
      password_two: 'Secret123',
      personal_data_consent: true,
    });
    const userId = TokenResponse.parse(reg.json).user.id;
    const placed = await order({ ...newContact(), email: fresh.email.replace('@', '+x@') }, 'ПЕРВЫЙ');
    expect(placed.status).toBe(201);
    const [use] = await api.handle.db
      .select()
      .from(promoCodeUses)
      .where(eq(promoCodeUses.orderId, placed.json.order.pk));
    expect(use!.customerKeys).toEqual(expect.arrayContaining([`user:${userId}`, `email:${fresh.email}`]));
  });
});
