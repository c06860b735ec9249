/**
 * Order history API (spec §7 GET /v1/history_order_preview/, POST /v1/history_order_detail/):
 * the seeded demo buyer sees their orders with lines, status history, delivery and payment;
 * another user gets 404 for them and an empty list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenResponse } from '@/lib/api/contract/accounts';
import { ApiError } from '@/lib/api/contract/common';
import { OrderDetailResponse, OrderPreviewResponse } from '@/lib/api/contract/orders';
import { DEMO_USER } from '../../seed/accounts';
import { call, createTestApi, type TestApi } from '../../test-utils';

let api: TestApi;
let demo: string;
let other: string;

beforeAll(async () => {
  api = await createTestApi(20);
  demo = TokenResponse.parse(
    (await call(api, 'POST', '/api/v1/auth/', { username: DEMO_USER.email, password: DEMO_USER.password })).json,
  ).data.token;
  other = TokenResponse.parse(
    (
      await call(api, 'POST', '/api/v1/sign_in/', {
        full_name: 'Другой Пользователь',
        email: 'other@example.ru',
        personal_data_consent: true,
        password_one: 'Secret123',
        password_two: 'Secret123',
      })
    ).json,
  ).data.token;
});
afterAll(async () => {
  await api?.close();
});

const as = (token: string) => ({ authorization: `Token ${token}` });

describe('order history', () => {
  it('lists the demo buyer’s orders newest first, with totals in rubles', async () => {
    const list = OrderPreviewResponse.parse(
      (await call(api, 'GET', '/api/v1/history_order_preview/', undefined, as(demo))).json,
    ).results;
    expect(list.map((o) => o.number)).toEqual(['LM-000102', 'LM-000101']);
    expect(list[1]).toMatchObject({ status: 'delivered', status_name: 'Доставлен', items_count: 2 });
  });

  it('shows one order with lines, status history, delivery and payment', async () => {
    const [latest] = OrderPreviewResponse.parse(
      (await call(api, 'GET', '/api/v1/history_order_preview/', undefined, as(demo))).json,
    ).results;
    const { order } = OrderDetailResponse.parse(
      (await call(api, 'POST', '/api/v1/history_order_detail/', { pk: latest!.pk }, as(demo))).json,
    );
    expect(order.items.length).toBeGreaterThan(0);
    expect(order.delivery).toMatchObject({ method: 'cdek', cost: 350 });
    expect(order.payment.status_name).toBe('Оплачен');
    expect(order.total).toBeCloseTo(order.items_total + order.delivery.cost - order.discount, 2);
    expect(order.history.map((h) => h.status)).toEqual(['new', 'paid', 'assembling', 'shipped']);
  });

  it('another user cannot read them (404) and sees an empty history; no token → 401; bad pk → 400', async () => {
    const [first] = OrderPreviewResponse.parse(
      (await call(api, 'GET', '/api/v1/history_order_preview/', undefined, as(demo))).json,
    ).results;
    const res = await call(api, 'POST', '/api/v1/history_order_detail/', { pk: first!.pk }, as(other));
    expect(res.status).toBe(404);
    expect(ApiError.parse(res.json).message).toBe('Заказ не найден');
    expect(
      OrderPreviewResponse.parse((await call(api, 'GET', '/api/v1/history_order_preview/', undefined, as(other))).json)
        .results,
    ).toEqual([]);
    expect((await call(api, 'GET', '/api/v1/history_order_preview/')).status).toBe(401);
    expect((await call(api, 'POST', '/api/v1/history_order_detail/', { pk: 'abc' }, as(demo))).status).toBe(400);
  });
});
