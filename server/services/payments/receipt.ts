/**
 * Fiscal receipts of online payments (issue #29, 54-ФЗ «О применении контрольно-кассовой техники»,
 * ФФД 1.2 tags). The shop builds one provider-neutral receipt per payment and per refund; each
 * provider client turns it into its own format (Sber `orderBundle`, ЮKassa `receipt`, the sandbox
 * shows it as is). docs/payments.md lists the tags and why each value is chosen.
 *
 * - goods: признак предмета расчёта (1212) «товар», способ расчёта (1214) «полная предоплата»:
 *   the money comes before shipment; the retailer's 1C issues the full-settlement receipt
 *   (1214 «полный расчёт», with Честный ЗНАК codes, tag 2000-series) when the parcel leaves;
 * - delivery: 1212 «услуга», 1214 «полная предоплата»;
 * - a gift certificate bought: 1212 «платёж», 1214 «аванс», VAT at the calculated rate (22/122);
 * - the part of an order a certificate paid is the offset of that advance (tag 1215), issued with
 *   the full-settlement receipt at shipment, so the acquirer's receipt covers only what the
 *   acquirer took: each line's amount is split between the two by the same share.
 *
 * Amounts are kopecks inside (integers, so sums add up exactly) and rubles in the result.
 */
import { toKopecks, toRubles, type Kopecks } from '@/lib/money';

/** VAT rates of goods (54-ФЗ tag 1199); the calculated ones (x/1xx) are for advances only. */
export const VAT_RATES = ['none', '0', '5', '7', '10', '22'] as const;
export type VatRate = (typeof VAT_RATES)[number] | '5/105' | '7/107' | '10/110' | '22/122';

/** Tax systems (54-ФЗ tag 1055). */
export type TaxSystem = 'osn' | 'usn_income' | 'usn_income_outcome' | 'esn' | 'patent';

/** 54-ФЗ tag 1212: «товар» (1), «услуга» (4), «платёж» (10). */
export type PaymentSubject = 'commodity' | 'service' | 'payment';

/** 54-ФЗ tag 1214: «полная предоплата» (1), «аванс» (3), «полный расчёт» (4). */
export type PaymentMode = 'full_prepayment' | 'advance' | 'full_payment';

/** A receipt line. */
export interface ReceiptItem {
  /** Tag 1030, at most 128 characters. */
  name: string;
  /** Pieces (tag 1023); measure «шт.» (tag 2108 = 0). */
  quantity: number;
  /** Rubles per piece after discounts (tag 1079). */
  price: number;
  /** Rubles, price × quantity (tag 1043). */
  amount: number;
  vat: VatRate;
  subject: PaymentSubject;
  mode: PaymentMode;
  /** The order line it comes from; 0 = delivery. */
  orderItemId: number;
  /** Goods under mandatory marking (their codes go into the shipment receipt, not this one). */
  markingRequired: boolean;
}

/** A receipt as the shop registers it with the acquirer. */
export interface Receipt {
  /** Tag 1054: «приход» (1) for a payment, «возврат прихода» (2) for a refund. */
  type: 'payment' | 'refund';
  /** Tag 1008: where the electronic receipt goes. */
  customer: { email?: string; phone?: string };
  taxSystem: TaxSystem;
  items: ReceiptItem[];
  /** Rubles, the sum of the items: what the acquirer charges or returns (tag 1081). */
  total: number;
}

/** An order line as receipts need it (rubles). */
export interface ReceiptSourceLine {
  orderItemId: number;
  name: string;
  /** Size and colour, appended to the name. */
  variant: string;
  /** Rubles per piece before the order discount. */
  price: number;
  quantity: number;
  vat: VatRate;
  markingRequired: boolean;
  /** A gift certificate bought (an advance). */
  certificate: boolean;
}

/** What a receipt is built from. */
export interface ReceiptSource {
  lines: ReceiptSourceLine[];
  /** Rubles of the promo discount, spread over the goods (not certificates, not delivery). */
  discount: number;
  /** Rubles. */
  deliveryCost: number;
  /** VAT of delivery (the shop default). */
  deliveryVat: VatRate;
  email: string;
  phone: string;
  taxSystem: TaxSystem;
}

const NAME_MAX = 128;

function receiptName(name: string, variant: string): string {
  const full = [name.trim(), variant.trim()].filter(Boolean).join(', ');
  return full.length <= NAME_MAX ? full : `${full.slice(0, NAME_MAX - 1)}…`;
}

/** The calculated rate that goes with a rate for an advance (a certificate bought). */
export function advanceVat(rate: VatRate): VatRate {
  switch (rate) {
    case '5':
      return '5/105';
    case '7':
      return '7/107';
    case '10':
      return '10/110';
    case '22':
      return '22/122';
    default:
      return rate;
  }
}

/**
 * Splits `total` kopecks over `weights` in proportion, largest remainders first, so the parts
 * add up to `total` exactly.
 */
export function allocate(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map((x) => Math.floor(x));
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts;
}

interface Piece {
  base: Omit<ReceiptItem, 'quantity' | 'price' | 'amount'>;
  quantity: number;
  /** Kopecks of the whole line. */
  amount: number;
}

/**
 * A line of `amount` kopecks for `quantity` pieces as receipt items: one item when the amount
 * divides evenly, else two (quantity − 1 at the lower price and one carrying the remainder), as
 * receipts require price × quantity = amount.
 */
function toItems(piece: Piece): ReceiptItem[] {
  const { base, quantity, amount } = piece;
  if (quantity <= 0 || amount <= 0) return [];
  const unit = Math.floor(amount / quantity);
  const rest = amount - unit * quantity;
  const item = (q: number, price: number): ReceiptItem => ({
    ...base,
    quantity: q,
    price: toRubles(price as Kopecks),
    amount: toRubles((price * q) as Kopecks),
  });
  if (rest === 0) return [item(quantity, unit)];
  return [...(quantity > 1 ? [item(quantity - 1, unit)] : []), item(1, unit + rest)];
}

function pieces(source: ReceiptSource): Piece[] {
  const goods = source.lines.filter((l) => !l.certificate);
  const goodsAmounts = goods.map((l) => toKopecks(l.price) * l.quantity);
  const discounts = allocate(
    Math.min(
      toKopecks(source.discount),
      goodsAmounts.reduce((a, b) => a + b, 0),
    ),
    goodsAmounts,
  );
  const result: Piece[] = [];
  for (const line of source.lines) {
    const gi = goods.indexOf(line);
    const amount = toKopecks(line.price) * line.quantity - (gi >= 0 ? discounts[gi]! : 0);
    result.push({
      base: {
        name: receiptName(line.name, line.variant),
        vat: line.certificate ? advanceVat(line.vat) : line.vat,
        subject: line.certificate ? 'payment' : 'commodity',
        mode: line.certificate ? 'advance' : 'full_prepayment',
        orderItemId: line.orderItemId,
        markingRequired: line.markingRequired,
      },
      quantity: line.quantity,
      amount,
    });
  }
  const delivery = toKopecks(source.deliveryCost);
  if (delivery > 0)
    result.push({
      base: {
        name: 'Доставка',
        vat: source.deliveryVat,
        subject: 'service',
        mode: 'full_prepayment',
        orderItemId: 0,
        markingRequired: false,
      },
      quantity: 1,
      amount: delivery,
    });
  return result;
}

function customer(source: Pick<ReceiptSource, 'email' | 'phone'>): Receipt['customer'] {
  const email = source.email.trim();
  const phone = source.phone.replace(/[^\d+]/g, '');
  return email ? { email } : phone ? { phone } : {};
}

function receiptOf(type: Receipt['type'], source: ReceiptSource, items: ReceiptItem[]): Receipt {
  const total = items.reduce((sum, i) => sum + toKopecks(i.amount), 0);
  return { type, customer: customer(source), taxSystem: source.taxSystem, items, total: toRubles(total as Kopecks) };
}

/**
 * The receipt of a payment of `paid` rubles on an order (54-ФЗ «приход»): every line's amount
 * after the promo discount, then scaled to the share the acquirer takes when a certificate paid
 * the rest (that rest is offset at shipment, tag 1215).
 * @throws Error when `paid` exceeds what the order costs (a caller bug, never a shopper's input).
 */
export function paymentReceipt(source: ReceiptSource, paid: number): Receipt {
  const all = pieces(source);
  const full = all.reduce((sum, p) => sum + p.amount, 0);
  const target = toKopecks(paid);
  if (target > full) throw new Error(`Receipt: payment ${paid} exceeds the order's ${toRubles(full as Kopecks)}`);
  const shares =
    target === full
      ? all.map((p) => p.amount)
      : allocate(
          target,
          all.map((p) => p.amount),
        );
  const items = all.flatMap((p, i) => toItems({ ...p, amount: shares[i]! }));
  return receiptOf('payment', source, items);
}

/** A line (or delivery, `orderItemId` 0) and how many of its pieces to refund. */
export interface RefundLine {
  orderItemId: number;
  quantity: number;
}

/**
 * The refund receipt (54-ФЗ «возврат прихода») of some pieces of an earlier payment receipt:
 * each refunded piece at the amount that receipt charged for it; all of it when `lines` is null.
 * @throws Error naming the line when more pieces are asked than the payment receipt holds.
 */
export function refundReceipt(paid: Receipt, lines: RefundLine[] | null): Receipt {
  if (lines === null) return { ...paid, type: 'refund', items: paid.items.map((i) => ({ ...i })) };
  const items: ReceiptItem[] = [];
  for (const want of lines) {
    const own = paid.items.filter((i) => i.orderItemId === want.orderItemId);
    const have = own.reduce((sum, i) => sum + i.quantity, 0);
    if (want.quantity > have)
      throw new Error(`Refund: line ${want.orderItemId} has ${have} pieces paid by this payment`);
    let left = want.quantity;
    // The pieces charged less first: the shopper never gets back more than was charged for them.
    for (const item of [...own].sort((a, b) => a.price - b.price)) {
      if (left === 0) break;
      const q = Math.min(left, item.quantity);
      items.push({ ...item, quantity: q, amount: toRubles((toKopecks(item.price) * q) as Kopecks) });
      left -= q;
    }
  }
  const total = items.reduce((sum, i) => sum + toKopecks(i.amount), 0);
  return { ...paid, type: 'refund', items, total: toRubles(total as Kopecks) };
}

/**
 * What of a payment receipt is left after earlier refunds: their pieces taken off line by line,
 * the cheaper pieces first as {@link refundReceipt} takes them.
 */
export function withoutRefunded(paid: Receipt, refunds: Receipt[]): Receipt {
  const items = paid.items.map((i) => ({ ...i }));
  for (const refund of refunds)
    for (const r of refund.items) {
      let left = r.quantity;
      for (const item of items
        .filter((i) => i.orderItemId === r.orderItemId && i.price === r.price)
        .sort((a, b) => a.price - b.price)) {
        if (left === 0) break;
        const q = Math.min(left, item.quantity);
        item.quantity -= q;
        left -= q;
      }
    }
  const kept = items
    .filter((i) => i.quantity > 0)
    .map((i) => ({ ...i, amount: toRubles((toKopecks(i.price) * i.quantity) as Kopecks) }));
  const total = kept.reduce((sum, i) => sum + toKopecks(i.amount), 0);
  return { ...paid, items: kept, total: toRubles(total as Kopecks) };
}
