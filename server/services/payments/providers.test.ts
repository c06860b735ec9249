/**
 * Provider clients of issues #5 and #29: the Sber acquiring REST API against the local fake gateway
 * of tests/fakes/sber.ts (register.do with the 54-ФЗ orderBundle, getOrderStatusExtended.do,
 * refund.do with refundItems, decline.do), CDEK API v2 against recorded-shape answers (OAuth token,
 * calculator/tarifflist), plus the sandbox's Luhn rule.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toKopecks } from '@/lib/money';
import { startFakeSber, type FakeSber } from '../../../tests/fakes/sber';
import { CdekClient } from '../delivery/cdek';
import { tariffCost, zoneOf } from '../delivery/delivery';
import { paymentReceipt, refundReceipt } from './receipt';
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

describe('SberClient against the fake Sber gateway (tests/fakes/sber.ts)', () => {
  let fake: FakeSber;
  let sber: SberClient;
  beforeAll(async () => {
    fake = await startFakeSber();
    sber = new SberClient({ userName: 'shop-api', password: 'secret', baseUrl: fake.url });
  });
  afterAll(() => fake.close());

  const receipt = paymentReceipt(
    {
      lines: [
        {
          orderItemId: 7,
          name: 'Купальник «Ривьера»',
          variant: 'Синий, размер M',
          price: 4990,
          quantity: 2,
          vat: '22',
          markingRequired: true,
          certificate: false,
        },
        {
          orderItemId: 8,
          name: 'Подарочный сертификат',
          variant: '1 000 ₽',
          price: 1000,
          quantity: 1,
          vat: '22',
          markingRequired: false,
          certificate: true,
        },
      ],
      discount: 500,
      deliveryCost: 390,
      deliveryVat: '22',
      email: 'maria@example.ru',
      phone: '',
      taxSystem: 'usn_income',
    },
    4990 * 2 + 1000 - 500 + 390,
  );
  const input = (orderNumber: string) => ({
    orderNumber,
    amount: receipt.total,
    description: 'Оплата заказа',
    returnUrl: 'https://shop.ru/basket/delivery/confirm/g',
    method: 'card' as const,
    receipt,
    idempotenceKey: `${orderNumber}:k`,
    device: 'desktop' as const,
  });

  it('registers in kopecks with orderBundle and taxSystem the gateway accepts, then maps statuses', async () => {
    const reg = await sber.register(input('LM-000103-1'));
    expect(reg.formUrl).toContain(`mdOrder=${reg.providerOrderId}`);
    const call = fake.calls.find((c) => c.method === 'register.do')!;
    expect(call.params).toMatchObject({
      orderNumber: 'LM-000103-1',
      amount: '1087000',
      taxSystem: '1',
      currency: '643',
    });
    const bundle = JSON.parse(call.params.orderBundle!);
    expect(bundle.customerDetails).toEqual({ email: 'maria@example.ru' });
    type Item = {
      name: string;
      itemAmount: number;
      tax: { taxType: number };
      itemAttributes: { attributes: Array<{ name: string; value: string }> };
    };
    const items = bundle.cartItems.items as Item[];
    expect(items.reduce((s, i) => s + i.itemAmount, 0)).toBe(1087000);
    const attrs = (i: Item) => Object.fromEntries(i.itemAttributes.attributes.map((a) => [a.name, a.value]));
    const goods = items.filter((i) => i.name.startsWith('Купальник'));
    expect(goods.map((i) => [i.tax.taxType, attrs(i)])).toEqual(
      goods.map(() => [12, { paymentMethod: '1', paymentObject: '1' }]),
    );
    const certificate = items.find((i) => i.name.startsWith('Подарочный'))!;
    expect([certificate.tax.taxType, attrs(certificate)]).toEqual([13, { paymentMethod: '3', paymentObject: '10' }]);
    const delivery = items.find((i) => i.name === 'Доставка')!;
    expect([delivery.itemAmount, delivery.tax.taxType, attrs(delivery).paymentObject]).toEqual([39000, 12, '4']);

    expect((await sber.status(reg.providerOrderId)).state).toBe('pending');
    fake.pay(reg.providerOrderId);
    expect(await sber.status(reg.providerOrderId)).toMatchObject({ state: 'paid', amount: 10870 });
  });

  it('refunds one line with refundItems that add up, and refuses more than was paid', async () => {
    const reg = await sber.register(input('LM-000104-1'));
    fake.pay(reg.providerOrderId);
    const back = refundReceipt(receipt, [{ orderItemId: 7, quantity: 1 }]);
    const result = await sber.refund({
      providerOrderId: reg.providerOrderId,
      amount: back.total,
      receipt: back,
      idempotenceKey: 'r1',
    });
    expect(result.state).toBe('succeeded');
    const order = fake.orders.get(reg.providerOrderId)!;
    expect(order.refunds).toHaveLength(1);
    expect(order.refunds[0]!.items.map((i) => i.quantity.value)).toEqual([1]);
    expect(order.refunded).toBe(toKopecks(back.total));
    expect((await sber.status(reg.providerOrderId)).state).toBe('paid');
    const all = refundReceipt(receipt, null);
    const refused = await sber.refund({
      providerOrderId: reg.providerOrderId,
      amount: all.total,
      receipt: all,
      idempotenceKey: 'r2',
    });
    expect(refused).toMatchObject({ state: 'failed', message: expect.stringMatching(/превышает/) });
  });

  it('declines an unpaid order, and reports a paid one as not cancellable', async () => {
    const open = await sber.register(input('LM-000105-1'));
    expect(await sber.cancel(open.providerOrderId)).toBe(true);
    expect(await sber.status(open.providerOrderId)).toMatchObject({ state: 'failed' });
    const paid = await sber.register(input('LM-000106-1'));
    fake.pay(paid.providerOrderId);
    expect(await sber.cancel(paid.providerOrderId)).toBe(false);
  });

  it('throws Sber’s error of register.do (the API answers 502 to the shopper)', async () => {
    await sber.register(input('LM-000107-1'));
    await expect(sber.register(input('LM-000107-1'))).rejects.toThrow(/уже обработан/);
    const wrong = new SberClient({ userName: 'shop-api', password: 'wrong', baseUrl: fake.url });
    await expect(wrong.register(input('LM-000108-1'))).rejects.toThrow(/Доступ запрещён/);
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
    expect(tariffCost('courier', '77', 1000).cost).toBe(400); // issue #34: the default settings' Moscow courier
    expect(tariffCost('courier', '77', 1001).cost).toBe(440);
    expect(tariffCost('cdek', '25', 3000)).toEqual({ cost: 690 + 2 * 90, days: [7, 15] });
  });

  it('Luhn: the test cards pass, a typo fails', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4000000000000002')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
  });
});
