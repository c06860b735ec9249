/**
 * The built-in sandbox acquiring (issue #5, the default card payment provider). It keeps its own
 * orders (`sandbox_acquiring_orders`) like a bank would; the storefront page /payment-sber shows
 * its card form and posts the card to `POST /v1/sandbox_acquiring/pay/`.
 *
 * Card numbers decide the result like a test gateway:
 * - 4111 1111 1111 1111 (and any other Luhn-valid number not listed below) → paid;
 * - 4000 0000 0000 0002 → "Платёж отклонён банком";
 * - 4000 0000 0000 9995 → "Недостаточно средств на карте";
 * - a number failing the Luhn check → 400 "Неверный номер карты";
 * - an expiry month already past → 400 "Срок действия карты истёк" (as a bank's form refuses it).
 *
 * Off in production unless enabled (issue #12, server/services/demo-mode.ts): its pages then
 * answer 404, so nobody can mark an order paid without paying.
 */
import { and, eq } from 'drizzle-orm';
import { toKopecks, toRubles, type Kopecks } from '@/lib/money';
import { sandboxAcquiringOrders } from '../../db/schema';
import { serverEnv } from '../../env';
import { ApiHttpError } from '../../http';
import { isPaymentSandboxEnabled } from '../demo-mode';
import type { PaymentProvider, PaymentState, RegisterInput, Registered } from './provider';
import type { Db } from '../../db/client';

/** Card numbers the sandbox declines, with the reason shown to the shopper. */
export const SANDBOX_DECLINED_CARDS: Record<string, string> = {
  '4000000000000002': 'Платёж отклонён банком',
  '4000000000009995': 'Недостаточно средств на карте',
};

/** The card the sandbox always accepts (shown on its page). */
export const SANDBOX_SUCCESS_CARD = '4111111111111111';

/** Luhn checksum of a card number (digits only). */
export function luhnValid(pan: string): boolean {
  let sum = 0;
  for (let i = 0; i < pan.length; i += 1) {
    let d = Number(pan[pan.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return pan.length >= 12 && sum % 10 === 0;
}

/** The sandbox provider on the shop database. */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;

  constructor(private readonly db: Db) {}

  async register(input: RegisterInput): Promise<Registered> {
    const [row] = await this.db
      .insert(sandboxAcquiringOrders)
      .values({
        amountKopecks: toKopecks(input.amount),
        description: `Заказ ${input.orderNumber}. ${input.description}`,
        returnUrl: input.returnUrl,
      })
      .returning({ id: sandboxAcquiringOrders.id });
    return { providerOrderId: row!.id, formUrl: `/payment-sber?orderId=${row!.id}` };
  }

  async status(providerOrderId: string): Promise<PaymentState> {
    const [row] = await this.db
      .select()
      .from(sandboxAcquiringOrders)
      .where(eq(sandboxAcquiringOrders.id, providerOrderId))
      .limit(1);
    if (!row) return { state: 'failed', raw: 'not_found', message: 'Платёж не найден' };
    if (row.status === 'deposited') return { state: 'paid', raw: 'deposited', message: '' };
    if (row.status === 'declined') return { state: 'failed', raw: 'declined', message: row.declineReason };
    return { state: 'pending', raw: 'created', message: '' };
  }
}

/** Russian refusal of a card whose expiry month has passed. */
export const CARD_EXPIRED = 'Срок действия карты истёк';

/**
 * Whether a card's expiry "MM/YY" is still valid at `now`: a card works to the end of its month.
 * Two-digit years are 20YY.
 */
export function expiryValid(expiry: string, now = new Date()): boolean {
  const match = /^(0[1-9]|1[0-2])\/(\d{2})$/.exec(expiry);
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  return year * 12 + month >= now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
}

function assertSandboxOn(): void {
  if (!isPaymentSandboxEnabled(serverEnv)) throw new ApiHttpError(404, 'Платёж не найден');
}

/** The sandbox payment for its card page. @throws ApiHttpError 404 (unknown, or the sandbox is off). */
export async function sandboxPayment(db: Db, id: string) {
  assertSandboxOn();
  const [row] = await db.select().from(sandboxAcquiringOrders).where(eq(sandboxAcquiringOrders.id, id)).limit(1);
  if (!row) throw new ApiHttpError(404, 'Платёж не найден');
  return {
    id: row.id,
    amount: toRubles(row.amountKopecks as Kopecks),
    description: row.description,
    status: row.status,
    return_url: row.returnUrl,
  };
}

/**
 * The card form's submit: decides by the card number and records the result once (a payment that
 * is already decided stays as it is).
 * @param expiry "MM/YY"
 * @throws ApiHttpError 400 "Неверный номер карты" (Luhn) or {@link CARD_EXPIRED}, 404 unknown
 *   payment or sandbox off, 409 already decided.
 */
export async function sandboxPay(
  db: Db,
  id: string,
  pan: string,
  expiry: string,
  now = new Date(),
): Promise<{ result: 'deposited' | 'declined'; message: string; returnUrl: string }> {
  assertSandboxOn();
  if (!luhnValid(pan)) throw new ApiHttpError(400, 'Неверный номер карты');
  if (!expiryValid(expiry, now)) throw new ApiHttpError(400, CARD_EXPIRED);
  const declined = SANDBOX_DECLINED_CARDS[pan];
  const status = declined ? ('declined' as const) : ('deposited' as const);
  const [row] = await db
    .update(sandboxAcquiringOrders)
    .set({ status, cardLast4: pan.slice(-4), declineReason: declined ?? '', updatedAt: new Date() })
    .where(and(eq(sandboxAcquiringOrders.id, id), eq(sandboxAcquiringOrders.status, 'created')))
    .returning({ returnUrl: sandboxAcquiringOrders.returnUrl });
  if (!row) {
    await sandboxPayment(db, id); // 404 when unknown
    throw new ApiHttpError(409, 'Этот платёж уже завершён');
  }
  return { result: status, message: declined ?? 'Оплата прошла успешно', returnUrl: row.returnUrl };
}
