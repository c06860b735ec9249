/**
 * The ЮKassa client (issue #29) against the local fake ЮKassa of tests/fakes/yookassa.ts: a real
 * HTTP server that checks every request field by field as the API reference describes it (Basic
 * auth, Idempotence-Key, amounts, the receipt and its sums in kopecks).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeYooKassa, type FakeYooKassa } from '@/tests/fakes/yookassa';
import { paymentReceipt, refundReceipt, type Receipt, type ReceiptSource } from './receipt';
import {
  amountKopecks,
  idempotenceKey,
  PaymentNotCancellableError,
  yooAmount,
  YooKassaClient,
  YooKassaError,
  yooReceipt,
} from './yookassa';
import type { RegisterInput } from './provider';

let fake: FakeYooKassa;
let client: YooKassaClient;

beforeAll(async () => {
  fake = await startFakeYooKassa('123456', 'test_secret');
  client = new YooKassaClient({ shopId: '123456', secretKey: 'test_secret', baseUrl: fake.baseUrl });
});
afterAll(() => fake.stop());

const source: ReceiptSource = {
  lines: [
    {
      orderItemId: 1,
      name: 'Купальник слитный «Лагуна»',
      variant: '44, синий',
      price: 3333.33,
      quantity: 3,
      vat: '22',
      markingRequired: true,
      certificate: false,
    },
    {
      orderItemId: 2,
      name: 'Подарочный сертификат',
      variant: '',
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
  email: 'vera@example.ru',
  phone: '+7 (999) 123-45-67',
  taxSystem: 'usn_income',
};

function input(receipt: Receipt, over: Partial<RegisterInput> = {}): RegisterInput {
  return {
    orderNumber: 'LM-000123-1',
    amount: receipt.total,
    description: 'Оплата заказа LM-000123 в магазине Lumière',
    returnUrl: 'https://shop.example.ru/basket/delivery/confirm/1b4e28ba-2fa1-41d2-883f-0016d3cca427',
    method: 'card',
    receipt,
    idempotenceKey: crypto.randomUUID(),
    device: 'desktop',
    ...over,
  };
}

const lastRequest = () => fake.requests.at(-1)!;

describe('amounts and receipts', () => {
  it('writes rubles as two-decimal strings and reads them back in kopecks', () => {
    expect(yooAmount(1234.5)).toEqual({ value: '1234.50', currency: 'RUB' });
    expect(yooAmount(0.07).value).toBe('0.07');
    expect(yooAmount(10).value).toBe('10.00');
    expect(amountKopecks({ value: '1234.5' })).toBe(123450);
    expect(amountKopecks({ value: '0.07' })).toBe(7);
    expect(() => amountKopecks({ value: '1,00' })).toThrow(/malformed/);
  });

  it('maps VAT rates and tax systems to ЮKassa codes, units at the unit price, phone without "+"', () => {
    const receipt = paymentReceipt(source, 10_000);
    const yoo = yooReceipt({ ...receipt, customer: { phone: '8 (999) 123-45-67' } });
    expect(yoo.tax_system_code).toBe(2);
    expect(yoo.customer).toEqual({ phone: '79991234567' });
    const byName = (name: string) => yoo.items.filter((i) => i.description.startsWith(name));
    expect(byName('Купальник').every((i) => i.vat_code === 11 && i.payment_subject === 'commodity')).toBe(true);
    expect(byName('Подарочный')[0]).toMatchObject({
      vat_code: 12,
      payment_mode: 'advance',
      payment_subject: 'payment',
    });
    expect(byName('Доставка')[0]).toMatchObject({
      vat_code: 11,
      payment_mode: 'full_prepayment',
      payment_subject: 'service',
    });
    const sum = yoo.items.reduce((s, i) => s + amountKopecks(i.amount) * Number(i.quantity), 0);
    expect(sum).toBe(1_000_000);
    expect(yoo.items.every((i) => i.measure === 'piece' && /^\d+\.00$/.test(i.quantity))).toBe(true);
  });

  it('refuses a receipt whose items do not add up to its total', () => {
    const receipt = paymentReceipt(source, 5000);
    expect(() => yooReceipt({ ...receipt, total: receipt.total + 0.01 })).toThrow(/add up/);
  });

  it('keeps long idempotence keys within 64 characters, the same key giving the same header', () => {
    const long = 'order-payment:'.padEnd(100, 'x');
    expect(idempotenceKey(long)).toHaveLength(64);
    expect(idempotenceKey(long)).toBe(idempotenceKey(long));
    expect(idempotenceKey('short')).toBe('short');
  });
});

describe('YooKassaClient against the fake ЮKassa', () => {
  it('registers a card payment: Basic auth, Idempotence-Key, one-stage, redirect, receipt that adds up', async () => {
    const receipt = paymentReceipt(source, 10_000);
    const reg = await client.register(input(receipt));
    expect(reg.formUrl).toMatch(/^https:\/\/yoomoney\.ru\/checkout\/payments\/v2\/contract\?orderId=/);
    expect(reg.qrPayload).toBe('');
    expect(reg.expiresAt.getTime()).toBeGreaterThan(Date.now());
    const sent = lastRequest();
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/v3/payments');
    expect(sent.headers.authorization).toBe(`Basic ${Buffer.from('123456:test_secret').toString('base64')}`);
    expect(sent.headers['idempotence-key']).toEqual(expect.any(String));
    expect(sent.body).toMatchObject({
      amount: { value: '10000.00', currency: 'RUB' },
      capture: true,
      confirmation: { type: 'redirect', return_url: expect.stringMatching(/^https:\/\/shop\.example\.ru\//) },
      metadata: { order_number: 'LM-000123-1' },
      receipt: { customer: { email: 'vera@example.ru' }, tax_system_code: 2 },
    });
    expect(sent.body).not.toHaveProperty('payment_method_data');
    expect(fake.payments.get(reg.providerOrderId)?.status).toBe('pending');
  });

  it('registers СБП on a desktop with a QR confirmation: the QR data is the NSPK link', async () => {
    const receipt = paymentReceipt(source, 3000);
    const reg = await client.register(input(receipt, { method: 'sbp', device: 'desktop' }));
    expect(lastRequest().body).toMatchObject({ payment_method_data: { type: 'sbp' }, confirmation: { type: 'qr' } });
    expect(reg.qrPayload).toMatch(/^https:\/\/qr\.nspk\.ru\/AD[0-9A-Z]{30}\?type=02&/);
    expect(reg.formUrl).toBe(reg.qrPayload);
  });

  it('registers СБП on a phone with a redirect: the link opens the bank app', async () => {
    const receipt = paymentReceipt(source, 3000);
    const reg = await client.register(input(receipt, { method: 'sbp', device: 'mobile' }));
    expect(lastRequest().body).toMatchObject({
      payment_method_data: { type: 'sbp' },
      confirmation: { type: 'redirect', return_url: expect.any(String) },
    });
    expect(reg.formUrl).toMatch(/^https:\/\/qr\.nspk\.ru\//);
    expect(reg.qrPayload).toBe('');
  });

  it('cuts the description to 128 characters', async () => {
    const receipt = paymentReceipt(source, 100);
    await client.register(input(receipt, { description: 'Оплата '.repeat(40) }));
    expect((lastRequest().body as { description: string }).description).toHaveLength(128);
  });

  it('returns the same payment for a repeated Idempotence-Key', async () => {
    const receipt = paymentReceipt(source, 2500);
    const key = crypto.randomUUID();
    const first = await client.register(input(receipt, { idempotenceKey: key }));
    const again = await client.register(input(receipt, { idempotenceKey: key }));
    expect(again.providerOrderId).toBe(first.providerOrderId);
    const count = [...fake.payments.values()].filter((p) => p.id === first.providerOrderId).length;
    expect(count).toBe(1);
  });

  it('repeats a request ЮKassa is still processing (HTTP 202) with the same Idempotence-Key', async () => {
    const receipt = paymentReceipt(source, 1500);
    fake.processNext(5);
    const before = fake.requests.length;
    const reg = await client.register(input(receipt));
    const [first, second] = fake.requests.slice(before);
    expect(second?.headers['idempotence-key']).toBe(first?.headers['idempotence-key']);
    expect(fake.payments.has(reg.providerOrderId)).toBe(true);
  });

  it('maps statuses: pending, succeeded (with the amount), canceled with a Russian reason, unknown id', async () => {
    const receipt = paymentReceipt(source, 4321.09);
    const a = await client.register(input(receipt));
    expect(await client.status(a.providerOrderId)).toMatchObject({ state: 'pending', amount: 0 });
    fake.succeed(a.providerOrderId);
    expect(await client.status(a.providerOrderId)).toMatchObject({ state: 'paid', amount: 4321.09, message: '' });
    expect(lastRequest()).toMatchObject({ method: 'GET', path: `/v3/payments/${a.providerOrderId}` });

    const b = await client.register(input(receipt));
    fake.cancel(b.providerOrderId, 'insufficient_funds', 'payment_network');
    expect(await client.status(b.providerOrderId)).toEqual({
      state: 'failed',
      raw: 'status=canceled reason=insufficient_funds',
      message: 'Недостаточно денег для оплаты',
      amount: 0,
    });
    const c = await client.register(input(receipt));
    fake.cancel(c.providerOrderId, 'expired_on_confirmation');
    expect((await client.status(c.providerOrderId)).message).toBe('Время на оплату истекло');
    expect(await client.status('00000000-000f-5000-8000-000000000000')).toMatchObject({
      state: 'failed',
      raw: 'not_found',
    });
  });

  it('refunds some lines with the refund receipt, once per key', async () => {
    const receipt = paymentReceipt(source, 10_000);
    const reg = await client.register(input(receipt));
    fake.succeed(reg.providerOrderId);
    const refundR = refundReceipt(receipt, [{ orderItemId: 1, quantity: 1 }]);
    const key = crypto.randomUUID();
    const refund = await client.refund({
      providerOrderId: reg.providerOrderId,
      amount: refundR.total,
      receipt: refundR,
      idempotenceKey: key,
    });
    expect(refund).toMatchObject({ state: 'succeeded', providerRefundId: expect.any(String) });
    const sent = lastRequest();
    expect(sent.path).toBe('/v3/refunds');
    expect(sent.body).toMatchObject({
      payment_id: reg.providerOrderId,
      amount: { value: yooAmount(refundR.total).value, currency: 'RUB' },
      receipt: { items: [expect.objectContaining({ vat_code: 11, payment_subject: 'commodity' })] },
    });
    const again = await client.refund({
      providerOrderId: reg.providerOrderId,
      amount: refundR.total,
      receipt: refundR,
      idempotenceKey: key,
    });
    expect(again.providerRefundId).toBe(refund.providerRefundId);
    expect(fake.payments.get(reg.providerOrderId)?.refunded_kopecks).toBe(Math.round(refundR.total * 100));
  });

  it('a refused refund (more than was paid, or of an unpaid payment) is a failed result, not a throw', async () => {
    const receipt = paymentReceipt(source, 1000);
    const reg = await client.register(input(receipt));
    const unpaid = await client.refund({
      providerOrderId: reg.providerOrderId,
      amount: 1000,
      receipt: refundReceipt(receipt, null),
      idempotenceKey: crypto.randomUUID(),
    });
    expect(unpaid).toMatchObject({ state: 'failed', raw: '400 invalid_request', message: 'Payment is not succeeded' });
  });

  it('cancel: pending cannot be cancelled (expires by itself), succeeded → false, waiting_for_capture → cancelled', async () => {
    const receipt = paymentReceipt(source, 1000);
    const a = await client.register(input(receipt));
    const error = await client.cancel(a.providerOrderId).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentNotCancellableError);
    expect((error as PaymentNotCancellableError).expiresAt.getTime()).toBeGreaterThan(Date.now());
    fake.succeed(a.providerOrderId);
    expect(await client.cancel(a.providerOrderId)).toBe(false);
    const b = await client.register(input(receipt));
    fake.waitForCapture(b.providerOrderId);
    expect(await client.cancel(b.providerOrderId)).toBe(true);
    expect(lastRequest()).toMatchObject({ method: 'POST', path: `/v3/payments/${b.providerOrderId}/cancel` });
    expect(fake.payments.get(b.providerOrderId)?.status).toBe('canceled');
    fake.cancel(a.providerOrderId); // (a test move only: a canceled payment reads as closed)
    expect(await client.cancel(a.providerOrderId)).toBe(true);
  });

  it('turns HTTP errors into thrown errors naming ЮKassa’s code', async () => {
    const receipt = paymentReceipt(source, 1000);
    fake.failNext(500);
    await expect(client.register(input(receipt))).rejects.toThrow(/HTTP 500 internal_server_error/);
    fake.failNext(429, 'too_many_requests');
    await expect(client.status('x')).rejects.toBeInstanceOf(YooKassaError);
    const wrong = new YooKassaClient({ shopId: '123456', secretKey: 'wrong', baseUrl: fake.baseUrl });
    await expect(wrong.register(input(receipt))).rejects.toThrow(/HTTP 401 invalid_credentials/);
    fake.failNext(503, 'internal_server_error');
    await expect(
      client.refund({ providerOrderId: 'x', amount: 1000, receipt: refundReceipt(receipt, null), idempotenceKey: 'k' }),
    ).rejects.toThrow(/HTTP 503/);
  });

  it('refuses to send a receipt that does not match the amount (nothing reaches ЮKassa)', async () => {
    const receipt = paymentReceipt(source, 1000);
    const before = fake.requests.length;
    await expect(client.register(input(receipt, { amount: 999 }))).rejects.toThrow(/receipt total/);
    expect(fake.requests.length).toBe(before);
  });

  it('the fake refuses what ЮKassa refuses: missing key, receipt sums, vat_code, long descriptions', async () => {
    const auth = `Basic ${Buffer.from('123456:test_secret').toString('base64')}`;
    const yoo = yooReceipt(paymentReceipt(source, 1000));
    const post = (body: unknown, key: string | null = crypto.randomUUID()) =>
      fetch(`${fake.baseUrl}payments`, {
        method: 'POST',
        headers: {
          authorization: auth,
          'content-type': 'application/json',
          ...(key ? { 'idempotence-key': key } : {}),
        },
        body: JSON.stringify(body),
      }).then(async (r) => ({
        status: r.status,
        json: (await r.json()) as { parameter?: string; description?: string },
      }));
    const ok = {
      amount: { value: '1000.00', currency: 'RUB' },
      capture: true,
      confirmation: { type: 'redirect', return_url: 'https://shop.example.ru/' },
      receipt: yoo,
    };
    expect((await post(ok)).status).toBe(200);
    expect((await post(ok, null)).json.parameter).toBe('Idempotence-Key');
    expect((await post({ ...ok, amount: { value: '1000.01', currency: 'RUB' } })).json.parameter).toBe('receipt.items');
    const badVat = { ...yoo, items: yoo.items.map((i, n) => (n === 0 ? { ...i, vat_code: 13 } : i)) };
    expect((await post({ ...ok, receipt: badVat })).json.parameter).toBe('receipt.items[0].vat_code');
    const longName = { ...yoo, items: yoo.items.map((i, n) => (n === 0 ? { ...i, description: 'я'.repeat(129) } : i)) };
    expect((await post({ ...ok, receipt: longName })).json.parameter).toBe('receipt.items[0].description');
    expect((await post({ ...ok, description: 'x'.repeat(129) })).json.parameter).toBe('description');
    const key = crypto.randomUUID();
    await post(ok, key);
    expect((await post({ ...ok, capture: false }, key)).json.description).toMatch(/Idempotence key duplicated/);
  });
});
