/**
 * Promo codes (issue #5; spec §7 POST /v1/promo_code/; the organization's promo text "Скидка 10% на
 * первый заказ по промокоду ПЕРВЫЙ"). A code gives a percent or a fixed ruble discount on the goods
 * (not on delivery or gift certificates), possibly from a minimum goods total.
 *
 * Usage (issue #12): every order placed with a code is recorded in `promo_code_uses` under its
 * customer's keys (account, e-mail, phone). Issue #29: e-mail addresses compare in their canonical
 * form (server/services/customer-email.ts: case, "+tag", Gmail dots, Yandex domains), and a guest
 * whose e-mail or phone belongs to an account is that account's customer. A code may be for first orders only, limited per
 * customer, or limited in total. {@link claimPromo} checks and records in the order's transaction
 * while holding the code's row lock, so concurrent orders of one customer cannot both pass.
 * Orders cancelled later do not count.
 */
import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { formatPriceInText } from '@/lib/format/price';
import { minKopecks, percentOf, toKopecks, toRubles } from '@/lib/money';
import { rows } from '../db/client';
import { orders, promoCodes, promoCodeUses, users } from '../db/schema';
import { ApiHttpError } from '../http';
import { canonicalEmail, canonicalEmailSql } from './customer-email';
import type { Db } from '../db/client';

/** Russian refusal for an unknown, inactive or expired code. */
export const PROMO_NOT_FOUND = 'Промокод не найден или больше не действует';

/** Russian refusal of a first-order code for a customer with an earlier order. */
export const PROMO_FIRST_ORDER_ONLY = 'Этот промокод действует только на первый заказ';
/** Russian refusal past the per-customer limit. */
export const PROMO_ALREADY_USED = 'Вы уже воспользовались этим промокодом';
/** Russian refusal past the total limit. */
export const PROMO_USED_UP = 'Промокод больше не действует: его использовали максимальное число раз';

/** A code that applies: the discount in rubles and a message for the shopper. */
export interface PromoResult {
  /** promo_codes.id */
  id: number;
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
export async function evaluatePromo(
  db: Pick<Db, 'select'>,
  rawCode: string,
  goodsTotal: number,
  now = new Date(),
): Promise<PromoResult> {
  const code = normalizePromo(rawCode);
  const [promo] = await db.select().from(promoCodes).where(eq(promoCodes.code, code)).limit(1);
  // Issue #32: a code the console dated to start later does not apply yet.
  if (
    !promo ||
    !promo.active ||
    (promo.validUntil && promo.validUntil <= now) ||
    (promo.validFrom && promo.validFrom > now)
  )
    throw new ApiHttpError(404, PROMO_NOT_FOUND);
  if (goodsTotal <= 0) throw new ApiHttpError(400, 'Промокод применяется к товарам: добавьте товары в корзину');
  const goods = toKopecks(goodsTotal);
  if (goods < toKopecks(promo.minTotal))
    throw new ApiHttpError(400, `Промокод действует для заказов от ${formatPriceInText(promo.minTotal)}`);
  // A percent rounds to the kopeck, a half kopeck up (lib/money.ts percentOf); a fixed amount is
  // at most the goods.
  const discount = toRubles(
    promo.percent !== null ? percentOf(goods, promo.percent) : minKopecks(toKopecks(promo.amount ?? 0), goods),
  );
  const message =
    promo.percent !== null
      ? `Промокод применён: скидка ${promo.percent}%`
      : `Промокод применён: скидка ${formatPriceInText(discount)}`;
  return { id: promo.id, code, percent: promo.percent, discount, message };
}

/** Who places an order, as far as promo limits are concerned. */
export interface PromoCustomer {
  userId: number | null;
  email: string | null;
  /** Any format; only the digits count. */
  phone: string | null;
}

/**
 * The keys a customer is known by: "user:<id>" (each account of `accountIds` too), "email:<canonical
 * address>" (issue #29: `Guest+2@Gmail.com` is `guest@gmail.com`, server/services/customer-email.ts),
 * "phone:<digits>".
 */
export function customerKeys(customer: PromoCustomer, accountIds: readonly number[] = []): string[] {
  const keys: string[] = [];
  for (const id of new Set([...(customer.userId !== null ? [customer.userId] : []), ...accountIds]))
    keys.push(`user:${id}`);
  const email = customer.email?.trim() ? canonicalEmail(customer.email) : '';
  if (email) keys.push(`email:${email}`);
  const phone = customer.phone?.replace(/\D/g, '');
  if (phone) keys.push(`phone:${phone}`);
  return keys;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Accounts a guest's contact belongs to (issue #29: an account's e-mail — in any spelling of the
 * same mailbox — and its phone are the account's, so a guest order with them counts as the
 * account's for promo limits).
 */
async function accountsOf(db: Pick<Db, 'execute'> | Tx, customer: PromoCustomer): Promise<number[]> {
  const email = customer.email?.trim() ? canonicalEmail(customer.email) : '';
  const phone = customer.phone?.replace(/\D/g, '') ?? '';
  if (!email && !phone) return [];
  const found = await rows<{ id: number }>(
    db,
    sql`select id from ${users} where deleted_at is null and (${
      email ? sql`${sql.raw(canonicalEmailSql('email'))} = ${email}` : sql`false`
    } or ${phone ? sql`regexp_replace(coalesce(phone, ''), '\D', '', 'g') = ${phone}` : sql`false`})`,
  );
  return found.map((r) => Number(r.id));
}

/**
 * Checks a code's usage rules for a customer (see the module docstring).
 * @param exceptOrderId the order being placed, which is not "earlier"
 * @throws ApiHttpError 400 {@link PROMO_FIRST_ORDER_ONLY}, {@link PROMO_ALREADY_USED} or {@link PROMO_USED_UP}
 */
export async function checkPromoCustomer(
  db: Pick<Db, 'select' | 'execute'> | Tx,
  promoId: number,
  customer: PromoCustomer,
  exceptOrderId = 0,
): Promise<void> {
  const [promo] = await db.select().from(promoCodes).where(eq(promoCodes.id, promoId)).limit(1);
  if (!promo) throw new ApiHttpError(404, PROMO_NOT_FOUND);
  const accounts = await accountsOf(db, customer);
  const keys = customerKeys(customer, accounts);
  if (promo.usageLimit !== null) {
    const [{ n } = { n: 0 }] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${promoCodeUses} u join ${orders} o on o.id = u.order_id where u.promo_code_id = ${promoId} and o.status <> 'cancelled' and o.id <> ${exceptOrderId}`,
    );
    if (Number(n) >= promo.usageLimit) throw new ApiHttpError(400, PROMO_USED_UP);
  }
  if (keys.length === 0) return;
  const keyArray = sql`ARRAY[${sql.join(
    keys.map((k) => sql`${k}`),
    sql`, `,
  )}]::text[]`;
  if (promo.perCustomerLimit !== null) {
    const [{ n } = { n: 0 }] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${promoCodeUses} u join ${orders} o on o.id = u.order_id where u.promo_code_id = ${promoId} and u.customer_keys && ${keyArray} and o.status <> 'cancelled' and o.id <> ${exceptOrderId}`,
    );
    if (Number(n) >= promo.perCustomerLimit) throw new ApiHttpError(400, PROMO_ALREADY_USED);
  }
  if (promo.firstOrderOnly) {
    const email = customer.email?.trim() ? canonicalEmail(customer.email) : '';
    const phone = customer.phone?.replace(/\D/g, '') ?? '';
    const userIds = [...new Set([...(customer.userId !== null ? [customer.userId] : []), ...accounts])];
    const conditions = [
      userIds.length ? inArray(orders.userId, userIds) : undefined,
      email ? sql`${sql.raw(canonicalEmailSql('"orders"."contact_email"'))} = ${email}` : undefined,
      phone ? sql`regexp_replace(${orders.contactPhone}, '\D', '', 'g') = ${phone}` : undefined,
    ].filter((c) => c !== undefined);
    const [earlier] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(ne(orders.status, 'cancelled'), ne(orders.id, exceptOrderId), or(...conditions)))
      .limit(1);
    if (earlier) throw new ApiHttpError(400, PROMO_FIRST_ORDER_ONLY);
  }
}

/**
 * Checks and records the use of a code by an order, inside the order's transaction. The code's
 * row is locked first (`for update`), so two orders of one customer with a first-order code are
 * decided one after the other and the second sees the first.
 * @throws ApiHttpError 400 as {@link checkPromoCustomer}; the caller's transaction then rolls back.
 */
export async function claimPromo(tx: Tx, promoId: number, orderId: number, customer: PromoCustomer): Promise<void> {
  await tx.select({ id: promoCodes.id }).from(promoCodes).where(eq(promoCodes.id, promoId)).for('update');
  await checkPromoCustomer(tx, promoId, customer, orderId);
  await tx
    .insert(promoCodeUses)
    .values({ promoCodeId: promoId, orderId, customerKeys: customerKeys(customer, await accountsOf(tx, customer)) });
}
