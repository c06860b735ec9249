/**
 * Money of the shop (issue #17 item 5). Spec §9: "Currency ₽. Price format groups digits in
 * threes with spaces and keeps the decimal part" and "basket total is the sum of price times
 * quantity". The wire (spec §7 calls, contract in lib/api/contract) and the database
 * (numeric(12,2)) carry rubles with kopecks as decimal numbers; arithmetic on such floats drifts
 * (0.1 + 0.2 = 0.30000000000000004), so every sum, product and percent here is done on whole
 * kopecks, and amounts become rubles again only at the edge.
 *
 * Pure functions, no imports: the shop API and the storefront's client islands share this module.
 */

declare const kopecksBrand: unique symbol;

/**
 * An amount in whole kopecks (1 ₽ = 100 kopecks): always an integer. Branded so that rubles cannot
 * be passed where kopecks are meant; make one with {@link toKopecks} or the arithmetic below.
 */
export type Kopecks = number & { readonly [kopecksBrand]: true };

/** Zero kopecks. */
export const NO_MONEY = 0 as Kopecks;

/** A line of a basket or order: unit price in rubles (as on the wire) and a whole quantity. */
export interface MoneyLine {
  /** Rubles per unit, may carry kopecks. */
  price: number;
  /** Units, a non-negative integer. */
  quantity: number;
}

/**
 * Rubles from the wire or the database → kopecks, rounded to the nearest kopeck, a half kopeck
 * away from zero as written in decimal: `0.1 + 0.2` → 30, `1234.5` → 123450, `1.005` → 101.
 * @throws RangeError when `rubles` is not a finite number (NaN, Infinity).
 */
export function toKopecks(rubles: number): Kopecks {
  if (!Number.isFinite(rubles)) throw new RangeError(`Сумма должна быть числом: ${rubles}`);
  // 1.005 * 100 is 100.49999999999999 in binary; 15 significant digits restore 100.5.
  const k = Math.round(Number((Math.abs(rubles) * 100).toPrecision(15)));
  return (rubles < 0 && k !== 0 ? -k : k) as Kopecks;
}

/** Kopecks → rubles for the wire and the database: 123450 → 1234.5 (the nearest double). */
export function toRubles(amount: Kopecks): number {
  return amount / 100;
}

/** Rubles rounded to whole kopecks, as the wire carries them: `0.1 + 0.2` → 0.3. */
export function roundRubles(rubles: number): number {
  return toRubles(toKopecks(rubles));
}

/**
 * Sum of amounts in rubles, added as kopecks: `addRubles(0.1, 0.2)` → 0.3. For code that keeps
 * rubles (database rows, wire shapes) and adds them once.
 */
export function addRubles(...amounts: readonly number[]): number {
  return toRubles(addKopecks(...amounts.map(toKopecks)));
}

/** `from − amount` in rubles, subtracted as kopecks: `subtractRubles(1234.56, 1234.55)` → 0.01. */
export function subtractRubles(from: number, amount: number): number {
  return toRubles(subtractKopecks(toKopecks(from), toKopecks(amount)));
}

/** Sum of amounts, kopecks; 0 for none. */
export function addKopecks(...amounts: readonly Kopecks[]): Kopecks {
  let sum = 0;
  for (const a of amounts) sum += a;
  return sum as Kopecks;
}

/** `from − amount`, kopecks; may be negative. */
export function subtractKopecks(from: Kopecks, amount: Kopecks): Kopecks {
  return (from - amount) as Kopecks;
}

/** The smaller of two amounts. */
export function minKopecks(a: Kopecks, b: Kopecks): Kopecks {
  return (a < b ? a : b) as Kopecks;
}

/** The larger of two amounts. */
export function maxKopecks(a: Kopecks, b: Kopecks): Kopecks {
  return (a > b ? a : b) as Kopecks;
}

/**
 * Price × quantity, kopecks.
 * @throws RangeError when `quantity` is not a non-negative integer.
 */
export function timesQuantity(price: Kopecks, quantity: number): Kopecks {
  if (!Number.isInteger(quantity) || quantity < 0)
    throw new RangeError(`Количество должно быть целым неотрицательным числом: ${quantity}`);
  return (price * quantity) as Kopecks;
}

/** One line's sum, kopecks: its price in rubles rounded to kopecks, times the quantity. */
export function lineTotal(line: MoneyLine): Kopecks {
  return timesQuantity(toKopecks(line.price), line.quantity);
}

/** Sum of price × quantity over the lines, kopecks (spec §9 "basket total"). */
export function linesTotal(lines: readonly MoneyLine[]): Kopecks {
  return addKopecks(...lines.map(lineTotal));
}

/**
 * `percent` % of `amount`, rounded to the nearest kopeck, a half kopeck up: 10 % of 1 234,55 ₽ is
 * 123,455 ₽ → 123,46 ₽. Used for promo-code discounts (spec §7 POST /v1/promo_code/).
 * @param amount non-negative kopecks.
 * @param percent 0..100; whole percents give exact results (the product stays an integer).
 */
export function percentOf(amount: Kopecks, percent: number): Kopecks {
  return Math.round((amount * percent) / 100) as Kopecks;
}

/**
 * Percent off an old price, rounded down, for the sale badge ("−23 %"); 0 without an old price or
 * when it is not higher. Whole kopecks keep it exact: (100 − 71) / 100 × 100 is 28.999999999999996
 * in floats, which used to floor to 28.
 * @param price current price, rubles; `oldPrice` the crossed-out one, rubles.
 */
export function discountPercent(price: number, oldPrice: number | null): number {
  if (oldPrice === null) return 0;
  const now = toKopecks(price);
  const before = toKopecks(oldPrice);
  if (before <= now) return 0;
  return Math.floor(((before - now) * 100) / before);
}

/**
 * Rubles as a machine-readable decimal (YML and Google feeds, schema.org offers, CommerceML),
 * rounded to kopecks: "fixed" always has two decimals ("1234.00", "1234.50"); "auto" drops them
 * for whole rubles ("1234", "1234.50"). Point as the separator, no grouping.
 * @throws RangeError when `rubles` is not a finite number.
 */
export function decimalRubles(rubles: number, style: 'auto' | 'fixed' = 'auto'): string {
  const amount = toKopecks(rubles);
  const abs = Math.abs(amount);
  const whole = Math.trunc(abs / 100);
  const cents = abs % 100;
  const sign = amount < 0 ? '-' : '';
  if (style === 'auto' && cents === 0) return `${sign}${whole}`;
  return `${sign}${whole}.${String(cents).padStart(2, '0')}`;
}

/** What an order costs, every amount in kopecks. */
export interface OrderTotals {
  /** Goods plus gift certificates bought ("Товары"). */
  itemsTotal: Kopecks;
  /** Promo discount on the goods. */
  discount: Kopecks;
  deliveryCost: Kopecks;
  /** itemsTotal − discount + deliveryCost, never below zero ("Итого"). */
  total: Kopecks;
  /** The part a gift certificate pays: its balance, at most the total. */
  giftCardAmount: Kopecks;
  /** What is left to pay by card: total − giftCardAmount. */
  toPay: Kopecks;
}

/**
 * The order's totals, computed the same way by the checkout page and the shop API.
 * @param input.goods sum of the goods lines; `certificates` of the certificates bought;
 *   `giftCardBalance` the balance of a certificate paying the order (0 or omitted: none).
 */
export function orderTotals(input: {
  goods: Kopecks;
  certificates?: Kopecks;
  discount?: Kopecks;
  deliveryCost?: Kopecks;
  giftCardBalance?: Kopecks;
}): OrderTotals {
  const discount = input.discount ?? NO_MONEY;
  const deliveryCost = input.deliveryCost ?? NO_MONEY;
  const itemsTotal = addKopecks(input.goods, input.certificates ?? NO_MONEY);
  const total = maxKopecks(NO_MONEY, addKopecks(subtractKopecks(itemsTotal, discount), deliveryCost));
  const giftCardAmount = minKopecks(maxKopecks(NO_MONEY, input.giftCardBalance ?? NO_MONEY), total);
  return { itemsTotal, discount, deliveryCost, total, giftCardAmount, toPay: subtractKopecks(total, giftCardAmount) };
}
