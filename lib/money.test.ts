import { describe, expect, it } from 'vitest';
import { formatPriceInText } from './format/price';
import {
  addKopecks,
  decimalRubles,
  discountPercent,
  linesTotal,
  orderTotals,
  percentOf,
  roundRubles,
  subtractKopecks,
  timesQuantity,
  toKopecks,
  toRubles,
  type Kopecks,
} from './money';

const k = (n: number) => n as Kopecks;

describe('rubles ↔ kopecks', () => {
  it('reads rubles from the wire as whole kopecks', () => {
    expect(toKopecks(12990)).toBe(1_299_000);
    expect(toKopecks(1234.5)).toBe(123_450);
    expect(toKopecks(19.99)).toBe(1999);
    expect(toKopecks(0)).toBe(0);
    expect(toKopecks(-0.3)).toBe(-30);
  });

  it('rounds a half kopeck up as written in decimal, not as stored in binary', () => {
    // 1.005 * 100 === 100.49999999999999: a plain Math.round would give 100.
    expect(toKopecks(1.005)).toBe(101);
    expect(toKopecks(123.455)).toBe(12_346);
    expect(toKopecks(0.004)).toBe(0);
  });

  it('refuses what is not an amount', () => {
    expect(() => toKopecks(Number.NaN)).toThrow(RangeError);
    expect(() => toKopecks(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('writes kopecks back as rubles for the wire', () => {
    expect(toRubles(k(123_450))).toBe(1234.5);
    expect(toRubles(k(1999))).toBe(19.99);
  });

  it('leaves no float error in what goes out: 0.1 + 0.2 is 0.3', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(roundRubles(0.1 + 0.2)).toBe(0.3);
    expect(toRubles(addKopecks(toKopecks(0.1), toKopecks(0.2)))).toBe(0.3);
  });
});

describe('arithmetic', () => {
  it('sums the basket as the spec says, price × quantity over the lines (spec §9)', () => {
    const lines = [
      { price: 0.7, quantity: 3 },
      { price: 0.1, quantity: 1 },
    ];
    // The float sum is 2.1999999999999997.
    expect(lines.reduce((s, l) => s + l.price * l.quantity, 0)).not.toBe(2.2);
    expect(toRubles(linesTotal(lines))).toBe(2.2);
    expect(
      toRubles(
        linesTotal([
          { price: 2500.5, quantity: 3 },
          { price: 19.99, quantity: 7 },
        ]),
      ),
    ).toBe(7641.43);
    expect(linesTotal([])).toBe(0);
  });

  it('multiplies by whole quantities only', () => {
    expect(timesQuantity(k(1999), 3)).toBe(5997);
    expect(() => timesQuantity(k(1999), 1.5)).toThrow(RangeError);
    expect(() => timesQuantity(k(1999), -1)).toThrow(RangeError);
  });

  it('subtracts without drift: 1 234,56 − 1 234,55 is one kopeck', () => {
    expect(1234.56 - 1234.55).not.toBe(0.01);
    expect(subtractKopecks(toKopecks(1234.56), toKopecks(1234.55))).toBe(1);
  });
});

describe('percentOf: promo discounts, a half kopeck rounds up', () => {
  it('gives exact percents of whole rubles', () => {
    expect(toRubles(percentOf(toKopecks(12990), 10))).toBe(1299);
    expect(toRubles(percentOf(toKopecks(1990), 15))).toBe(298.5);
  });

  it('rounds to the kopeck, halves up', () => {
    // 10 % of 1 234,55 ₽ = 123,455 ₽; (1234.55 * 10) / 100 in floats is 123.45499999999998.
    expect(toRubles(percentOf(toKopecks(1234.55), 10))).toBe(123.46);
    // 15 % of 0,33 ₽ = 0,0495 ₽ → 0,05 ₽; 5 % of 0,09 ₽ = 0,0045 ₽ → 0,00 ₽.
    expect(percentOf(toKopecks(0.33), 15)).toBe(5);
    expect(percentOf(toKopecks(0.09), 5)).toBe(0);
  });
});

describe('discountPercent: the sale badge', () => {
  it('floors the percent off, exact where floats land just below a whole number', () => {
    expect(discountPercent(7990, 9990)).toBe(20);
    expect(discountPercent(770, 1000)).toBe(23);
    // (100 − 71) / 100 × 100 === 28.999999999999996.
    expect(((100 - 71) / 100) * 100).toBeLessThan(29);
    expect(discountPercent(71, 100)).toBe(29);
  });

  it('is 0 without a higher old price', () => {
    expect(discountPercent(990, null)).toBe(0);
    expect(discountPercent(990, 990)).toBe(0);
    expect(discountPercent(990, 500)).toBe(0);
  });
});

describe('decimalRubles: feeds and structured data', () => {
  it('writes two decimals when fixed, drops them for whole rubles when auto', () => {
    expect(decimalRubles(12990, 'fixed')).toBe('12990.00');
    expect(decimalRubles(12990)).toBe('12990');
    expect(decimalRubles(1500.5)).toBe('1500.50');
    expect(decimalRubles(0.07, 'fixed')).toBe('0.07');
    expect(decimalRubles(-12.3, 'fixed')).toBe('-12.30');
    // (0.1 + 0.2).toFixed(2) is right, but String(0.1 + 0.2) would be "0.30000000000000004".
    expect(decimalRubles(0.1 + 0.2)).toBe('0.30');
    // toFixed rounds the binary value: (1.005).toFixed(2) is "1.00".
    expect((1.005).toFixed(2)).toBe('1.00');
    expect(decimalRubles(1.005, 'fixed')).toBe('1.01');
  });
});

describe('orderTotals: the checkout summary', () => {
  it('adds certificates and delivery, takes the discount off, and leaves the rest to pay', () => {
    const totals = orderTotals({
      goods: toKopecks(5000.1),
      certificates: toKopecks(3000),
      discount: percentOf(toKopecks(5000.1), 10),
      deliveryCost: toKopecks(390),
      giftCardBalance: toKopecks(1000.2),
    });
    expect(Object.fromEntries(Object.entries(totals).map(([name, v]) => [name, toRubles(v)]))).toEqual({
      itemsTotal: 8000.1,
      discount: 500.01,
      deliveryCost: 390,
      total: 7890.09,
      giftCardAmount: 1000.2,
      toPay: 6889.89,
    });
  });

  it('lets a certificate pay at most the total, and never a negative amount', () => {
    const covered = orderTotals({ goods: toKopecks(990), giftCardBalance: toKopecks(3000) });
    expect([covered.total, covered.giftCardAmount, covered.toPay]).toEqual([99_000, 99_000, 0]);
    const free = orderTotals({ goods: toKopecks(100), discount: toKopecks(500) });
    expect(free.total).toBe(0);
  });
});

describe('formatPriceInText: prices in messages and e-mails (spec §9)', () => {
  it('groups by threes with ordinary spaces and keeps kopecks', () => {
    expect(formatPriceInText(10000)).toBe('10 000 ₽');
    expect(formatPriceInText(1234.5)).toBe('1 234,50 ₽');
    expect(formatPriceInText(0.1 + 0.2)).toBe('0,30 ₽');
    expect(formatPriceInText(990)).toBe('990 ₽');
  });
});
