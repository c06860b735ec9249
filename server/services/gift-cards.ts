/**
 * Gift certificates (issue #5; spec §7 /v1/gift/card/data/, /v1/check_card/, /v1/giftcardpayment/;
 * /giftsert, /podarochnye-sertifikaty). Nominals are sold like products; a paid purchase issues a
 * certificate with a code; the code pays (part of) an order.
 *
 * The balance can never go below zero, even under concurrent orders: a spend locks the card row
 * (`for update`), then decrements with the guard `balance >= amount` (0 rows → refusal), and the
 * table's check constraint backs both.
 */
import { randomInt } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { GiftCardNominal } from '@/lib/api/contract/checkout';
import { formatPriceInText } from '@/lib/format/price';
import { minKopecks, roundRubles, toKopecks, toRubles } from '@/lib/money';
import { giftCardNominals, giftCards, giftCardTransactions } from '../db/schema';
import { ApiHttpError } from '../http';
import type { Db } from '../db/client';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const GIFT_CARD_NOT_FOUND = 'Сертификат не найден. Проверьте код';
export const GIFT_CARD_EMPTY = 'На сертификате не осталось средств';
/** Issue #32: a certificate a manager blocked in the console pays nothing. */
export const GIFT_CARD_BLOCKED = 'Сертификат заблокирован. Обратитесь в магазин';

function toNominal(row: typeof giftCardNominals.$inferSelect): GiftCardNominal {
  return {
    ext_id: row.extId,
    slug: row.slug,
    name: row.name,
    amount: roundRubles(row.amount),
    description: row.description,
    image: '',
  };
}

/** Every nominal, cheapest first. */
export async function listNominals(db: Db): Promise<GiftCardNominal[]> {
  return (
    await db.select().from(giftCardNominals).orderBy(asc(giftCardNominals.sort), asc(giftCardNominals.amount))
  ).map(toNominal);
}

/** A nominal by ext_id or slug. @throws ApiHttpError 404 "Сертификат не найден". */
export async function nominalBy(
  db: Pick<Db, 'select'>,
  key: { extId?: string; slug?: string },
): Promise<GiftCardNominal & { id: number }> {
  const where =
    key.extId !== undefined ? eq(giftCardNominals.extId, key.extId) : eq(giftCardNominals.slug, key.slug ?? '');
  const [row] = await db.select().from(giftCardNominals).where(where).limit(1);
  if (!row) throw new ApiHttpError(404, 'Сертификат не найден');
  return { ...toNominal(row), id: row.id };
}

/** Normalised certificate code: trimmed, upper case. */
export function normalizeGiftCode(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * The certificate's face value and balance (POST /v1/check_card/).
 * @throws ApiHttpError 404 {@link GIFT_CARD_NOT_FOUND} (unknown or expired), 404 {@link GIFT_CARD_BLOCKED}.
 */
export async function checkCard(
  db: Pick<Db, 'select'>,
  rawCode: string,
): Promise<{ code: string; amount: number; balance: number }> {
  const code = normalizeGiftCode(rawCode);
  const [card] = await db.select().from(giftCards).where(eq(giftCards.code, code)).limit(1);
  if (!card || (card.expiresAt && card.expiresAt <= new Date())) throw new ApiHttpError(404, GIFT_CARD_NOT_FOUND);
  if (card.blockedAt) throw new ApiHttpError(404, GIFT_CARD_BLOCKED);
  return { code: card.code, amount: roundRubles(card.amount), balance: roundRubles(card.balance) };
}

/**
 * Spends up to `wanted` rubles of a certificate inside the caller's transaction.
 * @param mustCover when true, a balance below `wanted` is refused instead of spent partly.
 * @returns the rubles spent (> 0).
 * @throws ApiHttpError 404 unknown/expired, 409 blocked, empty or (mustCover) not enough.
 */
export async function spendGiftCard(
  tx: Tx,
  rawCode: string,
  wanted: number,
  orderId: number,
  mustCover: boolean,
): Promise<{ code: string; spent: number }> {
  const code = normalizeGiftCode(rawCode);
  const [card] = await tx.select().from(giftCards).where(eq(giftCards.code, code)).for('update').limit(1);
  if (!card || (card.expiresAt && card.expiresAt <= new Date())) throw new ApiHttpError(404, GIFT_CARD_NOT_FOUND);
  if (card.blockedAt) throw new ApiHttpError(409, GIFT_CARD_BLOCKED);
  if (card.balance <= 0) throw new ApiHttpError(409, GIFT_CARD_EMPTY);
  const balance = toKopecks(card.balance);
  if (mustCover && balance < toKopecks(wanted)) {
    throw new ApiHttpError(
      409,
      `На сертификате недостаточно средств: осталось ${formatPriceInText(card.balance)}, к оплате ${formatPriceInText(wanted)}`,
    );
  }
  const spent = toRubles(minKopecks(balance, toKopecks(wanted)));
  if (spent <= 0) throw new ApiHttpError(409, 'Заказ уже оплачен');
  const updated = await tx
    .update(giftCards)
    .set({ balance: sql`${giftCards.balance} - ${spent}` })
    .where(sql`${giftCards.id} = ${card.id} and ${giftCards.balance} >= ${spent}`)
    .returning({ balance: giftCards.balance });
  if (updated.length === 0) throw new ApiHttpError(409, GIFT_CARD_EMPTY);
  await tx.insert(giftCardTransactions).values({ giftCardId: card.id, orderId, amount: -spent });
  return { code, spent };
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A new random code "GC-XXXX-XXXX" (no 0/O/1/I). */
export function newGiftCode(): string {
  const part = () => Array.from({ length: 4 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
  return `GC-${part()}-${part()}`;
}

/** Issues one certificate per bought piece of a nominal; inside the payment's transaction. @returns the codes with amounts. */
export async function issueGiftCards(
  tx: Tx,
  orderId: number,
  bought: Array<{ nominalId: number; amount: number; quantity: number }>,
): Promise<Array<{ code: string; amount: number }>> {
  const issued: Array<{ code: string; amount: number }> = [];
  for (const line of bought) {
    for (let i = 0; i < line.quantity; i += 1) {
      const code = newGiftCode();
      await tx.insert(giftCards).values({
        code,
        nominalId: line.nominalId,
        amount: line.amount,
        balance: line.amount,
        purchaseOrderId: orderId,
        expiresAt: new Date(Date.now() + 365 * 86_400_000),
      });
      issued.push({ code, amount: line.amount });
    }
  }
  return issued;
}
