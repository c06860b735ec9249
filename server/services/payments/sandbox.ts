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
 *
 * Issue #29: it also simulates СБП (the page /payment-sbp with «Оплатить» and «Отклонить», and a
 * QR payload in the format of the NSPK links), keeps the 54-ФЗ receipt registered with each
 * payment and the refunds with their receipts, as a bank's fiscal service would, and lets a payment
 * expire after {@link SANDBOX_PAYMENT_TTL_MINUTES}.
 */
import { and, eq, sql } from 'drizzle-orm';
import { toKopecks, toRubles, type Kopecks } from '@/lib/money';
import { sandboxAcquiringOrders } from '../../db/schema';
import { serverEnv } from '../../env';
import { ApiHttpError } from '../../http';
import { isPaymentSandboxEnabled } from '../demo-mode';
import type { PaymentProvider, PaymentState, RefundInput, RefundResult, RegisterInput, Registered } from './provider';
import type { Receipt } from './receipt';
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

/** Minutes a sandbox payment stays payable, like a bank's payment session. */
export const SANDBOX_PAYMENT_TTL_MINUTES = 20;

/** Russian reason of a payment whose time ran out. */
export const PAYMENT_EXPIRED = 'Время на оплату истекло';

/** The sandbox provider on the shop database. */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  readonly methods = ['card', 'sbp'] as const;

  constructor(
    private readonly db: Db,
    /** The clock; tests move it. */
    private readonly now: () => Date = () => new Date(),
  ) {}

  async register(input: RegisterInput): Promise<Registered> {
    if (toKopecks(input.receipt.total) !== toKopecks(input.amount))
      throw new Error(`Sandbox: receipt total ${input.receipt.total} ≠ amount ${input.amount}`);
    const expiresAt = new Date(this.now().getTime() + SANDBOX_PAYMENT_TTL_MINUTES * 60_000);
    const [row] = await this.db
      .insert(sandboxAcquiringOrders)
      .values({
        amountKopecks: toKopecks(input.amount),
        description: `Заказ ${input.orderNumber}. ${input.description}`,
        returnUrl: input.returnUrl,
        method: input.method,
        receipt: input.receipt as unknown as Record<string, unknown>,
        expiresAt,
      })
      .returning({ id: sandboxAcquiringOrders.id });
    const id = row!.id;
    if (input.method === 'sbp') {
      const page = `/payment-sbp?orderId=${id}`;
      return {
        providerOrderId: id,
        formUrl: page,
        // The NSPK link format (https://qr.nspk.ru/<32 chars>?type=02&…); a bank app would open it.
        qrPayload: `https://qr.nspk.ru/SANDBOX${id.replaceAll('-', '').slice(0, 25).toUpperCase()}?type=02&bank=100000000111&sum=${toKopecks(input.amount)}&cur=RUB&crc=0000`,
        expiresAt,
      };
    }
    return { providerOrderId: id, formUrl: `/payment-sber?orderId=${id}`, qrPayload: '', expiresAt };
  }

  async status(providerOrderId: string): Promise<PaymentState> {
    const [row] = await this.db
      .select()
      .from(sandboxAcquiringOrders)
      .where(eq(sandboxAcquiringOrders.id, providerOrderId))
      .limit(1);
    if (!row) return { state: 'failed', raw: 'not_found', message: 'Платёж не найден', amount: 0 };
    const amount = toRubles(row.amountKopecks as Kopecks);
    if (row.status === 'deposited') return { state: 'paid', raw: 'deposited', message: '', amount };
    if (row.status === 'declined') return { state: 'failed', raw: 'declined', message: row.declineReason, amount: 0 };
    if (row.expiresAt && row.expiresAt <= this.now())
      return { state: 'failed', raw: 'expired', message: PAYMENT_EXPIRED, amount: 0 };
    return { state: 'pending', raw: 'created', message: '', amount: 0 };
  }

  /** Returns money of a deposited payment once per key; more than is left is refused. */
  async refund(input: RefundInput): Promise<RefundResult> {
    const kopecks = toKopecks(input.amount);
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(sandboxAcquiringOrders)
        .where(eq(sandboxAcquiringOrders.id, input.providerOrderId))
        .for('update')
        .limit(1);
      if (!row) return { providerRefundId: '', state: 'failed', raw: 'not_found', message: 'Платёж не найден' };
      const earlier = row.refunds.find((r) => r.key === input.idempotenceKey);
      if (earlier) return { providerRefundId: String(earlier.id), state: 'succeeded', raw: 'repeat', message: '' };
      if (row.status !== 'deposited')
        return { providerRefundId: '', state: 'failed', raw: row.status, message: 'Платёж не был оплачен' };
      if (kopecks <= 0 || row.refundedKopecks + kopecks > row.amountKopecks)
        return { providerRefundId: '', state: 'failed', raw: 'amount', message: 'Сумма возврата больше оплаченной' };
      const id = `${row.id}-r${row.refunds.length + 1}`;
      await tx
        .update(sandboxAcquiringOrders)
        .set({
          refundedKopecks: sql`${sandboxAcquiringOrders.refundedKopecks} + ${kopecks}`,
          refunds: [
            ...row.refunds,
            { id, key: input.idempotenceKey, kopecks, receipt: input.receipt, at: this.now().toISOString() },
          ],
          updatedAt: new Date(),
        })
        .where(eq(sandboxAcquiringOrders.id, row.id));
      return { providerRefundId: id, state: 'succeeded', raw: 'refunded', message: '' };
    });
  }

  /** Closes a payment still open; false when it was deposited meanwhile. */
  async cancel(providerOrderId: string): Promise<boolean> {
    await this.db
      .update(sandboxAcquiringOrders)
      .set({ status: 'declined', declineReason: 'Платёж отменён магазином', updatedAt: new Date() })
      .where(and(eq(sandboxAcquiringOrders.id, providerOrderId), eq(sandboxAcquiringOrders.status, 'created')));
    const [row] = await this.db
      .select({ status: sandboxAcquiringOrders.status })
      .from(sandboxAcquiringOrders)
      .where(eq(sandboxAcquiringOrders.id, providerOrderId))
      .limit(1);
    return row?.status !== 'deposited';
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
    method: row.method === 'sbp' ? ('sbp' as const) : ('card' as const),
    /** The 54-ФЗ receipt the shop registered (issue #29), null for payments made before receipts. */
    receipt: (row.receipt ?? null) as Receipt | null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    refunded: toRubles(row.refundedKopecks as Kopecks),
  };
}

/** Decides an open sandbox payment once; a payment past its time is refused like a bank would. */
async function decide(
  db: Db,
  id: string,
  status: 'deposited' | 'declined',
  set: { cardLast4?: string; declineReason?: string },
  now: Date,
): Promise<{ returnUrl: string }> {
  const [row] = await db
    .update(sandboxAcquiringOrders)
    .set({ status, cardLast4: set.cardLast4 ?? '', declineReason: set.declineReason ?? '', updatedAt: new Date() })
    .where(
      and(
        eq(sandboxAcquiringOrders.id, id),
        eq(sandboxAcquiringOrders.status, 'created'),
        sql`(${sandboxAcquiringOrders.expiresAt} is null or ${sandboxAcquiringOrders.expiresAt} > ${now.toISOString()})`,
      ),
    )
    .returning({ returnUrl: sandboxAcquiringOrders.returnUrl });
  if (row) return row;
  const current = await sandboxPayment(db, id); // 404 when unknown
  if (current.status === 'created') throw new ApiHttpError(409, PAYMENT_EXPIRED);
  throw new ApiHttpError(409, 'Этот платёж уже завершён');
}

/**
 * The simulated СБП page's buttons (issue #29): «Оплатить» deposits, «Отклонить» declines, as the
 * shopper's bank app would.
 * @throws ApiHttpError 404 unknown payment or sandbox off, 409 decided already or expired, 400 a
 *   card payment (it has its own form).
 */
export async function sandboxSbp(
  db: Db,
  id: string,
  action: 'pay' | 'decline',
  now = new Date(),
): Promise<{ result: 'deposited' | 'declined'; message: string; returnUrl: string }> {
  assertSandboxOn();
  const payment = await sandboxPayment(db, id);
  if (payment.method !== 'sbp') throw new ApiHttpError(400, 'Этот платёж оплачивается картой');
  if (action === 'pay') {
    const row = await decide(db, id, 'deposited', {}, now);
    return { result: 'deposited', message: 'Оплата прошла успешно', returnUrl: row.returnUrl };
  }
  const reason = 'Платёж отклонён в приложении банка';
  const row = await decide(db, id, 'declined', { declineReason: reason }, now);
  return { result: 'declined', message: reason, returnUrl: row.returnUrl };
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
  const row = await decide(db, id, status, { cardLast4: pan.slice(-4), declineReason: declined ?? '' }, now);
  return { result: status, message: declined ?? 'Оплата прошла успешно', returnUrl: row.returnUrl };
}
