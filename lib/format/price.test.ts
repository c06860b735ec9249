import { describe, expect, it } from 'vitest';
import { formatCount, pluralize } from './plural';
import { formatNumber, formatPrice } from './price';

const S = '\u00A0';

describe('formatPrice (spec §9)', () => {
  it('groups digits by threes with a no-break space and appends ₽', () => {
    expect(formatPrice(12990)).toBe(`12${S}990${S}₽`);
    expect(formatPrice(1234567)).toBe(`1${S}234${S}567${S}₽`);
  });

  it('groups four-digit prices too', () => {
    expect(formatPrice(1500)).toBe(`1${S}500${S}₽`);
  });

  it('leaves small prices alone', () => {
    expect(formatPrice(990)).toBe(`990${S}₽`);
    expect(formatPrice(0)).toBe(`0${S}₽`);
  });

  it('keeps the decimal part', () => {
    expect(formatPrice(1500.5)).toBe(`1${S}500,50${S}₽`);
    expect(formatPrice(12990.99)).toBe(`12${S}990,99${S}₽`);
  });

  it('uses only U+00A0 as a space', () => {
    expect(formatNumber(98765432.1)).not.toMatch(/[ \u202F\u2009]/);
  });

  it('writes what Intl.NumberFormat("ru-RU") writes, with U+00A0 between groups', () => {
    const whole = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0, useGrouping: 'always' });
    const cents = new Intl.NumberFormat('ru-RU', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      useGrouping: 'always',
    });
    const icu = (rubles: number, fraction: boolean) =>
      (fraction ? cents : whole).format(rubles).replace(/[\s\u00A0\u202F\u2009]/g, S);
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647);
    for (let i = 0; i < 2000; i += 1) {
      const kopecks = next() % 10 ** (1 + (i % 11));
      const rubles = kopecks / 100;
      expect(formatNumber(rubles), String(rubles)).toBe(icu(rubles, kopecks % 100 !== 0));
    }
    expect(formatNumber(1.005)).toBe('1,01');
    expect(formatNumber(0.001)).toBe('0');
  });
});

describe('pluralize', () => {
  const forms = ['товар', 'товара', 'товаров'] as const;
  it.each([
    [1, 'товар'],
    [2, 'товара'],
    [4, 'товара'],
    [5, 'товаров'],
    [11, 'товаров'],
    [12, 'товаров'],
    [21, 'товар'],
    [22, 'товара'],
    [25, 'товаров'],
    [101, 'товар'],
    [0, 'товаров'],
  ])('%i → %s', (n, word) => {
    expect(pluralize(n, forms)).toBe(word);
  });

  it('formats the count with the word', () => {
    expect(formatCount(3, forms)).toBe(`3${S}товара`);
  });
});
