/**
 * Checkout seed (issue #5): promo codes (ПЕРВЫЙ = 10% as the organization's promo text says),
 * gift certificate nominals for /podarochnye-sertifikaty, and two demo certificates for trying the
 * certificate payment (their codes are in README).
 */
import { giftCardNominals, giftCards, promoCodes } from '../db/schema';
import type { Db } from '../db/client';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Seeded promo codes. */
export const SEED_PROMO_CODES = [
  {
    code: 'ПЕРВЫЙ',
    percent: 10,
    amount: null,
    minTotal: 0,
    description: 'Скидка 10% на первый заказ',
    firstOrderOnly: true,
    perCustomerLimit: 1,
  },
  { code: 'ЛЕТО15', percent: 15, amount: null, minTotal: 10000, description: 'Скидка 15% на заказ от 10 000 ₽' },
  { code: 'МИНУС500', percent: null, amount: 500, minTotal: 3000, description: 'Скидка 500 ₽ на заказ от 3 000 ₽' },
] as const;

/** A code that exists but expired (for the refusal). */
export const EXPIRED_PROMO = 'ВЕСНА2020';

/** Demo certificates: a large one and a small one. */
export const DEMO_GIFT_CARDS = [
  { code: 'GC-DEMO-500000', amount: 500000 },
  { code: 'GC-DEMO-1000', amount: 1000 },
] as const;

/** Nominals sold at /podarochnye-sertifikaty. */
export const GIFT_NOMINALS = [3000, 5000, 10000, 15000, 25000].map((amount, i) => ({
  extId: `GIFT-${amount}`,
  slug: `sertifikat-${amount}`,
  name: `Подарочный сертификат на ${amount.toLocaleString('ru-RU').replace(/\u00a0/g, ' ')} ₽`,
  amount,
  description:
    'Электронный сертификат: код придёт на e-mail сразу после оплаты. Действует год, можно оплатить часть заказа — остаток сохранится.',
  sort: i,
}));

/**
 * Inserts promo codes, nominals and, in demo mode only (issue #12, server/services/demo-mode.ts),
 * the demo certificates whose codes the README publishes.
 */
export async function seedCheckout(tx: Tx, demo: boolean): Promise<void> {
  await tx.insert(promoCodes).values([
    ...SEED_PROMO_CODES.map((p) => ({ ...p })),
    {
      code: EXPIRED_PROMO,
      percent: 20,
      minTotal: 0,
      validUntil: new Date('2020-06-01T00:00:00Z'),
      description: 'Весенняя акция 2020',
    },
  ]);
  await tx.insert(giftCardNominals).values(GIFT_NOMINALS);
  if (demo)
    await tx
      .insert(giftCards)
      .values(DEMO_GIFT_CARDS.map((g) => ({ code: g.code, amount: g.amount, balance: g.amount })));
}
