/**
 * Issue #29 (54-ФЗ): receipts add up to the kopeck whatever the discount, certificate share and
 * quantities, and the tags follow the kind of line (goods, delivery, a certificate bought).
 */
import { describe, expect, it } from 'vitest';
import { toKopecks } from '@/lib/money';
import { allocate, paymentReceipt, refundReceipt, withoutRefunded, type ReceiptSource } from './receipt';

const source = (over: Partial<ReceiptSource> = {}): ReceiptSource => ({
  lines: [
    {
      orderItemId: 11,
      name: 'Lumière Купальник слитный «Ривьера»',
      variant: 'Синий, размер M',
      price: 4990,
      quantity: 3,
      vat: '22',
      markingRequired: true,
      certificate: false,
    },
    {
      orderItemId: 12,
      name: 'Парео',
      variant: '',
      price: 1333.33,
      quantity: 1,
      vat: '22',
      markingRequired: false,
      certificate: false,
    },
  ],
  discount: 1000,
  deliveryCost: 390,
  deliveryVat: '22',
  email: 'maria@example.ru',
  phone: '+7 (916) 123-45-67',
  taxSystem: 'osn',
  ...over,
});

const sum = (items: Array<{ amount: number }>) => items.reduce((s, i) => s + toKopecks(i.amount), 0);

describe('paymentReceipt', () => {
  it('spreads the promo discount over goods, keeps delivery whole, and adds up to the payment', () => {
    const total = 4990 * 3 + 1333.33 - 1000 + 390;
    const receipt = paymentReceipt(source(), total);
    expect(receipt.type).toBe('payment');
    expect(receipt.customer).toEqual({ email: 'maria@example.ru' });
    expect(sum(receipt.items)).toBe(toKopecks(total));
    expect(receipt.total).toBe(total);
    for (const item of receipt.items) expect(toKopecks(item.price) * item.quantity).toBe(toKopecks(item.amount));
    const delivery = receipt.items.find((i) => i.orderItemId === 0)!;
    expect(delivery).toMatchObject({ name: 'Доставка', amount: 390, subject: 'service', mode: 'full_prepayment' });
    const swimsuit = receipt.items.filter((i) => i.orderItemId === 11);
    expect(swimsuit.reduce((s, i) => s + i.quantity, 0)).toBe(3);
    expect(swimsuit[0]).toMatchObject({
      name: 'Lumière Купальник слитный «Ривьера», Синий, размер M',
      subject: 'commodity',
      mode: 'full_prepayment',
      vat: '22',
      markingRequired: true,
    });
  });

  it('splits a line whose discounted amount does not divide by its quantity', () => {
    const receipt = paymentReceipt(
      source({ lines: [{ ...source().lines[0]!, price: 100, quantity: 3 }], discount: 0.01, deliveryCost: 0 }),
      299.99,
    );
    expect(receipt.items.map((i) => [i.quantity, i.price, i.amount])).toEqual([
      [2, 99.99, 199.98],
      [1, 100.01, 100.01],
    ]);
  });

  it('covers only the part a card pays when a certificate paid the rest, in the same shares', () => {
    const full = 4990 * 3 + 1333.33 - 1000 + 390;
    const receipt = paymentReceipt(source(), 5000);
    expect(sum(receipt.items)).toBe(500000);
    expect(receipt.total).toBe(5000);
    const delivery = receipt.items.find((i) => i.orderItemId === 0)!;
    expect(delivery.amount).toBeCloseTo((390 * 5000) / full, 1);
  });

  it('books a certificate bought as an advance («платёж», «аванс») at the calculated rate 22/122', () => {
    const receipt = paymentReceipt(
      source({
        lines: [
          {
            orderItemId: 5,
            name: 'Подарочный сертификат',
            variant: '5 000 ₽',
            price: 5000,
            quantity: 1,
            vat: '22',
            markingRequired: false,
            certificate: true,
          },
        ],
        discount: 0,
        deliveryCost: 0,
      }),
      5000,
    );
    expect(receipt.items).toEqual([
      expect.objectContaining({ subject: 'payment', mode: 'advance', vat: '22/122', amount: 5000 }),
    ]);
  });

  it('cuts names to 128 characters and uses the phone when there is no e-mail', () => {
    const long = 'Очень длинное название '.repeat(10);
    const receipt = paymentReceipt(
      source({ lines: [{ ...source().lines[1]!, name: long }], discount: 0, deliveryCost: 0, email: '' }),
      1333.33,
    );
    expect(receipt.items[0]!.name.length).toBe(128);
    expect(receipt.customer).toEqual({ phone: '+79161234567' });
  });

  it('refuses to charge more than the order costs', () => {
    expect(() => paymentReceipt(source(), 1_000_000)).toThrow(/exceeds/);
  });
});

describe('refundReceipt', () => {
  it('refunds the pieces asked at what they were charged, and no more than is left', () => {
    const paid = paymentReceipt(source({ discount: 0.01, deliveryCost: 0 }), 4990 * 3 + 1333.33 - 0.01);
    const one = refundReceipt(paid, [{ orderItemId: 11, quantity: 1 }]);
    expect(one.type).toBe('refund');
    expect(one.items).toHaveLength(1);
    expect(one.items[0]!.quantity).toBe(1);
    const left = withoutRefunded(paid, [one]);
    expect(left.items.filter((i) => i.orderItemId === 11).reduce((s, i) => s + i.quantity, 0)).toBe(2);
    expect(toKopecks(left.total) + toKopecks(one.total)).toBe(toKopecks(paid.total));
    expect(() => refundReceipt(left, [{ orderItemId: 11, quantity: 3 }])).toThrow(/has 2 pieces/);
    const rest = refundReceipt(left, null);
    expect(toKopecks(rest.total) + toKopecks(one.total)).toBe(toKopecks(paid.total));
  });
});

describe('allocate', () => {
  it('splits kopecks in proportion and the parts add up exactly', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(0, [5, 5])).toEqual([0, 0]);
    expect(allocate(7, [0, 0])).toEqual([0, 0]);
  });
});
