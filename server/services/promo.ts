/**
 * Promo codes (issue #5; spec §7 POST /v1/promo_code/; the organization's promo text "Скидка 10% на
 * первый заказ по промокоду ПЕРВЫЙ"). A code gives a percent or a fixed ruble discount on the goods
 * (not on delivery or gift certificates), possibly from a minimum goods total.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { promoCodes } from '../db/schema';
import { ApiHttpError } from '../http';
import { formatRubles, kopecks } from './money';

/** Russian refusal for an unknown, inactive or expired code. */
export const PROMO_NOT_FOUND = 'Промокод не найден или больше не действует';

/** A code that applies: the discount in rubles and a message for the shopper. */
export interface PromoResult {
  code: string;
  percent: number | null;
  /** Rubles off the goods. */
  discount: number;
  message: string;
}

/** Normalises what the shopper typed: trimmed, upper case, ё kept. */
export function normalizePromo(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * Checks a code against a goods total (rubles).
 * @throws ApiHttpError 404 {@link PROMO_NOT_FOUND}; 400 "Промокод действует для заказов от N ₽".
 */
export async function evaluatePromo(db: Pick<Db, 'select'>, rawCode: string, goodsTotal: number, now = new Date()): Promise<PromoResult> {
  const code = normalizePromo(rawCode);
  const [promo] = await db.select().from(promoCodes).where(eq(promoCodes.code, code)).limit(1);
  if (!promo || !promo.active || (promo.validUntil && promo.validUntil <= now)) throw new ApiHttpError(404, PROMO_NOT_FOUND);
  if (goodsTotal <= 0) throw new ApiHttpError(400, 'Промокод применяется к товарам: добавьте товары в корзину');
  if (goodsTotal < promo.minTotal) throw new ApiHttpError(400, `Промокод действует для заказов от ${formatRubles(promo.minTotal)}`);
  const raw = promo.percent !== null ? (goodsTotal * promo.percent) / 100 : Math.min(promo.amount ?? 0, goodsTotal);
  const discount = kopecks(raw);
  const message = promo.percent !== null ? `Промокод применён: скидка ${promo.percent}%` : `Промокод применён: скидка ${formatRubles(discount)}`;
  return { code, percent: promo.percent, discount, message };
}
