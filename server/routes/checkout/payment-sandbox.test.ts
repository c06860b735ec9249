/**
 * Issue #12 item 3: nobody can mark an order paid without paying. The sandbox acquiring is off in
 * production unless enabled (PAYMENT_SANDBOX=1 or demo mode, server/services/demo-mode.ts), demo
 * data is seeded only in demo mode, and the sandbox refuses expired cards like a bank would.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CreateOrderResponse, OrderPaymentResponse } from '@/lib/api/contract/checkout';
import { openDb } from '../../db/client';
import { giftCards, users } from '../../db/schema';
import { readServerEnv } from '../../env';
import { seedDatabase } from '../../seed';
import { DEMO_USER } from '../../seed/accounts';
import { DEMO_GIFT_CARDS } from '../../seed/checkout';
import { isDemoMode, isPaymentSandboxEnabled } from '../../services/demo-mode';
import { CARD_EXPIRED, expiryValid } from '../../services/payments/sandbox';
import {
  call,
  createTestApi,
  oneItemOrder,
  orderFixture,
  restoreServerEnv,
  stubServerEnv,
  type OrderFixture,
  type TestApi,
} from '../../test-utils';

let api: TestApi;
let fixture: OrderFixture;

beforeAll(async () => {
  api = await createTestApi(20);
  fixture = await orderFixture(api, 100);
});
afterAll(async () => {
  await api?.close();
});
afterEach(() => {
  restoreServerEnv();
});

async function newOrder(): Promise<string> {
  const body = oneItemOrder(fixture, {
    fio: 'Петрова Мария Ивановна',
    email: 'maria@example.ru',
    phone: '+7(916)-123-45-67',
  });
  const res = await call(api, 'POST', '/api/v1/order/', body);
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return CreateOrderResponse.parse(res.json).order.guid;
}

/** Starts a sandbox payment (sandbox on, as in tests) and returns its id. */
async function sandboxPaymentId(guid: string): Promise<string> {
  const start = OrderPaymentResponse.parse((await call(api, 'POST', '/api/v1/order_payment/', { guid })).json);
  return new URL(start.form_url, 'http://x').searchParams.get('orderId')!;
}

function publicProduction() {
  stubServerEnv({ NODE_ENV: 'production' });
  stubServerEnv({ SITE_URL: 'https://shop.example.ru' });
}

describe('demo mode and the sandbox switch', () => {
  it('demo mode is the default only for a loopback SITE_URL; the sandbox is off in production outside it', () => {
    const env = (over: Record<string, string>) => readServerEnv({ ...over } as NodeJS.ProcessEnv);
    expect(isDemoMode(env({ SITE_URL: 'http://localhost:3000' }))).toBe(true);
    expect(isDemoMode(env({ SITE_URL: 'http://127.0.0.1:3100' }))).toBe(true);
    expect(isDemoMode(env({ SITE_URL: 'https://shop.example.ru' }))).toBe(false);
    expect(isDemoMode(env({ SITE_URL: 'https://shop.example.ru', DEMO_MODE: '1' }))).toBe(true);
    expect(isPaymentSandboxEnabled(env({ NODE_ENV: 'production', SITE_URL: 'https://shop.example.ru' }))).toBe(false);
    expect(
      isPaymentSandboxEnabled(
        env({ NODE_ENV: 'production', SITE_URL: 'https://shop.example.ru', PAYMENT_SANDBOX: '1' }),
      ),
    ).toBe(true);
    expect(isPaymentSandboxEnabled(env({ NODE_ENV: 'production', SITE_URL: 'http://localhost:3000' }))).toBe(true);
    expect(
      isPaymentSandboxEnabled(env({ NODE_ENV: 'production', SITE_URL: 'http://localhost:3000', PAYMENT_SANDBOX: '0' })),
    ).toBe(false);
  });
});

describe('sandbox acquiring in production (issue #12 item 3)', () => {
  it('refuses to start a card payment (503) and hides the sandbox pages (404) for a public shop', async () => {
    const guid = await newOrder();
    const id = await sandboxPaymentId(guid); // registered while the sandbox was on
    publicProduction();
    const start = await call(api, 'POST', '/api/v1/order_payment/', { guid: await newOrder() });
    expect(start.status).toBe(503);
    expect(start.json.message).toMatch(/Оплата картой сейчас недоступна/);
    expect((await call(api, 'GET', `/api/v1/sandbox_acquiring/${id}/`)).status).toBe(404);
    const pay = await call(api, 'POST', '/api/v1/sandbox_acquiring/pay/', {
      id,
      pan: '4111111111111111',
      expiry: '12/30',
      cvc: '123',
    });
    expect(pay.status).toBe(404);
    const info = await call(api, 'POST', '/api/v1/get_order_info/', { guid });
    expect(info.json.order_info.paid).toBe(false);
  });

  it('works in production with PAYMENT_SANDBOX=1', async () => {
    publicProduction();
    stubServerEnv({ PAYMENT_SANDBOX: '1' });
    const id = await sandboxPaymentId(await newOrder());
    const pay = await call(api, 'POST', '/api/v1/sandbox_acquiring/pay/', {
      id,
      pan: '4111111111111111',
      expiry: '12/30',
      cvc: '123',
    });
    expect(pay.status).toBe(200);
  });

  it('refuses an expired card like a bank and keeps the payment open', async () => {
    const id = await sandboxPaymentId(await newOrder());
    const expired = await call(api, 'POST', '/api/v1/sandbox_acquiring/pay/', {
      id,
      pan: '4111111111111111',
      expiry: '01/20',
      cvc: '123',
    });
    expect(expired.status).toBe(400);
    expect(expired.json.message).toBe(CARD_EXPIRED);
    const good = await call(api, 'POST', '/api/v1/sandbox_acquiring/pay/', {
      id,
      pan: '4111111111111111',
      expiry: '12/30',
      cvc: '123',
    });
    expect(good.json.result).toBe('deposited');
  });

  it('a card is valid to the end of its expiry month', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(expiryValid('11/26', now)).toBe(true);
    expect(expiryValid('10/26', now)).toBe(false);
    expect(expiryValid('01/27', now)).toBe(true);
  });
});

describe('demo data only in demo mode', () => {
  it('a public shop gets neither the demo buyer nor the demo certificates', async () => {
    const handle = await openDb('memory://');
    try {
      await seedDatabase(handle.db, { products: 5, demo: false });
      expect(await handle.db.select().from(users).where(eq(users.email, DEMO_USER.email))).toEqual([]);
      expect(await handle.db.select().from(giftCards).where(eq(giftCards.code, DEMO_GIFT_CARDS[0].code))).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});
