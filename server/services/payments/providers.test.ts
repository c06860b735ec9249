/**
 * Provider clients of issue #5 against recorded-shape fake servers: the Sber acquiring REST API
 * (register.do, getOrderStatusExtended.do) and CDEK API v2 (OAuth token, calculator/tarifflist),
 * plus the sandbox's Luhn rule.
 */
import { describe, expect, it } from 'vitest';
import { CdekClient } from '../delivery/cdek';
import { tariffCost, zoneOf } from '../delivery/delivery';
import { luhnValid } from './sandbox';
import { SberClient } from './sber';

type Seen = { url: string; body: string; headers: Record<string, string> };

function fakeFetch(answers: Array<{ status?: number; json: unknown }>, seen: Seen[]): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    seen.push({
      url: String(input),
      body: String(init?.body ?? ''),
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
    });
    const next = answers.shift()!;
    return new Response(JSON.stringify(next.json), {
      status: next.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
}

describe('SberClient', () => {
  it('registers in kopecks with the credentials and maps orderStatus 2 → paid, 6 → failed, 0 → pending', async () => {
    const seen: Seen[] = [];
    const sber = new SberClient({
      userName: 'shop-api',
      password: 'secret',
      baseUrl: 'https://3dsec.sberbank.ru/payment/rest/',
      fetch: fakeFetch(
        [
          {
            json: {
              orderId: 'abc-123',
              formUrl: 'https://3dsec.sberbank.ru/payment/merchants/test/payment_ru.html?mdOrder=abc-123',
            },
          },
          { json: { orderStatus: 2, errorCode: '0' } },
          { json: { orderStatus: 6, actionCodeDescription: 'Операция отклонена' } },
          { json: { orderStatus: 0 } },
        ],
        seen,
      ),
    });
    const reg = await sber.register({
      orderNumber: 'LM-000103-1',
      amount: 1234.5,
      description: 'Оплата',
      returnUrl: 'https://shop.ru/basket/delivery/confirm/g',
    });
    expect(reg).toEqual({ providerOrderId: 'abc-123', formUrl: expect.stringContaining('mdOrder=abc-123') });
    expect(seen[0]!.url).toBe('https://3dsec.sberbank.ru/payment/rest/register.do');
    const params = new URLSearchParams(seen[0]!.body);
    expect(Object.fromEntries(params)).toMatchObject({
      userName: 'shop-api',
      password: 'secret',
      orderNumber: 'LM-000103-1',
      amount: '123450',
      failUrl: 'https://shop.ru/basket/delivery/confirm/g',
    });
    expect((await sber.status('abc-123')).state).toBe('paid');
    expect(seen[1]!.url).toBe('https://3dsec.sberbank.ru/payment/rest/getOrderStatusExtended.do');
    expect(await sber.status('abc-123')).toMatchObject({ state: 'failed', message: 'Операция отклонена' });
    expect((await sber.status('abc-123')).state).toBe('pending');
  });

  it('throws Sber’s error of register.do (the API answers 502 to the shopper)', async () => {
    const sber = new SberClient({
      userName: 'u',
      password: 'p',
      baseUrl: 'https://x/',
      fetch: fakeFetch([{ json: { errorCode: '1', errorMessage: 'Заказ с таким номером уже обработан' } }], []),
    });
    await expect(sber.register({ orderNumber: 'n', amount: 1, description: '', returnUrl: 'r' })).rejects.toThrow(
      /уже обработан/,
    );
  });
});

describe('CdekClient', () => {
  it('gets a token once, asks tarifflist and maps 137 → courier, 136 → pickup point', async () => {
    const seen: Seen[] = [];
    const cdek = new CdekClient({
      clientId: 'id',
      clientSecret: 'secret',
      baseUrl: 'https://api.edu.cdek.ru/v2/',
      fromCityCode: 44,
      fetch: fakeFetch(
        [
          { json: { access_token: 'tok', expires_in: 3600 } },
          {
            json: {
              tariff_codes: [
                { tariff_code: 137, delivery_sum: 420.5, period_min: 2, period_max: 3 },
                { tariff_code: 136, delivery_sum: 300, period_min: 2, period_max: 4 },
              ],
            },
          },
          { json: { tariff_codes: [{ tariff_code: 136, delivery_sum: 310, period_min: 3, period_max: 5 }] } },
        ],
        seen,
      ),
    });
    const to = { cityId: 1, city: 'Казань', region: 'Республика Татарстан', regionCode: '16' };
    const options = await cdek.quote(to, 1200);
    expect(options.map((o) => [o.method, o.cost, o.days_min, o.days_max, o.source])).toEqual([
      ['courier', 421, 2, 3, 'cdek'],
      ['cdek', 300, 2, 4, 'cdek'],
    ]);
    expect(seen[0]!.url).toBe('https://api.edu.cdek.ru/v2/oauth/token');
    expect(seen[1]!.headers.authorization).toBe('Bearer tok');
    expect(JSON.parse(seen[1]!.body)).toMatchObject({
      from_location: { code: 44 },
      to_location: { city: 'Казань' },
      packages: [{ weight: 1200 }],
    });
    expect((await cdek.quote(to, 500)).map((o) => o.method)).toEqual(['cdek']);
    expect(seen).toHaveLength(3); // the token was reused
  });
});

describe('tariff table and sandbox cards', () => {
  it('zones by region code and a per-kg surcharge after the first kg', () => {
    expect([zoneOf('77'), zoneOf('78'), zoneOf('16'), zoneOf('25')]).toEqual([1, 2, 3, 4]);
    expect(tariffCost('courier', '77', 1000).cost).toBe(390);
    expect(tariffCost('courier', '77', 1001).cost).toBe(430);
    expect(tariffCost('cdek', '25', 3000)).toEqual({ cost: 690 + 2 * 90, days: [7, 15] });
  });

  it('Luhn: the test cards pass, a typo fails', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4000000000000002')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
  });
});
