/** Issue #34 item 9: the basket offers «Оплатить» only for an order still held and unpaid. */
import { describe, expect, it } from 'vitest';
import { isAwaitingPayment } from './unpaid-order-body';

const now = Date.parse('2026-11-27T15:00:00Z');
const held = { paid: false, to_pay: 4990, held_until: '2026-11-27T15:20:00Z' };

describe('isAwaitingPayment', () => {
  it('is true while an unpaid order is held', () => {
    expect(isAwaitingPayment(held, now)).toBe(true);
  });
  it('is false once paid, past the hold, without a hold (cancelled, on delivery) or with nothing to pay', () => {
    expect(isAwaitingPayment({ ...held, paid: true }, now)).toBe(false);
    expect(isAwaitingPayment({ ...held, held_until: '2026-11-27T14:59:59Z' }, now)).toBe(false);
    expect(isAwaitingPayment({ ...held, held_until: null }, now)).toBe(false);
    expect(isAwaitingPayment({ ...held, held_until: undefined }, now)).toBe(false);
    expect(isAwaitingPayment({ ...held, to_pay: 0 }, now)).toBe(false);
    expect(isAwaitingPayment(undefined, now)).toBe(false);
  });
});
