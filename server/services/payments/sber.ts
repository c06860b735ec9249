/**
 * Client of the Sber acquiring REST API (issue #5 card payment provider, used when SBER_USERNAME
 * and SBER_PASSWORD are set): `register.do` registers the order and gives the payment form URL,
 * `getOrderStatusExtended.do` tells whether it was paid (orderStatus 1 or 2 = paid; 3 cancelled,
 * 6 declined; 0 registered, not paid yet). Amounts are sent in kopecks.
 *
 * Issue #29 (54-ФЗ): `register.do` carries the receipt as `orderBundle` (customerDetails and
 * cartItems with tax.taxType, itemAttributes paymentMethod/paymentObject) and `taxSystem`;
 * `refund.do` carries the refund receipt's items as `refundItems`; `decline.do` closes an unpaid
 * order. Sber takes cards here (its СБП needs a separate contract: use ЮKassa for СБП).
 */
import { toKopecks, toRubles, type Kopecks } from '@/lib/money';
import type { PaymentProvider, PaymentState, RefundInput, RefundResult, RegisterInput, Registered } from './provider';
import type { PaymentMode, PaymentSubject, Receipt, TaxSystem, VatRate } from './receipt';

/** Sber `taxSystem` codes. */
export const SBER_TAX_SYSTEM: Record<TaxSystem, number> = {
  osn: 0,
  usn_income: 1,
  usn_income_outcome: 2,
  esn: 4,
  patent: 5,
};

/** Sber `tax.taxType` codes (12 and 13 are the 22% rates in force since 1 January 2026). */
export const SBER_TAX_TYPE: Record<VatRate, number> = {
  none: 0,
  '0': 1,
  '10': 2,
  '10/110': 4,
  '5': 8,
  '7': 9,
  '5/105': 10,
  '7/107': 11,
  '22': 12,
  '22/122': 13,
};

/** Sber `paymentMethod` attribute (54-ФЗ tag 1214). */
export const SBER_PAYMENT_METHOD: Record<PaymentMode, string> = {
  full_prepayment: '1',
  advance: '3',
  full_payment: '4',
};

/** Sber `paymentObject` attribute (54-ФЗ tag 1212). */
export const SBER_PAYMENT_OBJECT: Record<PaymentSubject, string> = { commodity: '1', service: '4', payment: '10' };

/** The receipt's items as Sber's cartItems/refundItems `items`, kopecks. */
export function sberItems(receipt: Receipt) {
  return receipt.items.map((item, i) => ({
    positionId: String(i + 1),
    // Sber takes at most 100 characters (54-ФЗ tag 1030 allows 128).
    name: item.name.length <= 100 ? item.name : `${item.name.slice(0, 99)}…`,
    quantity: { value: item.quantity, measure: 'шт' },
    itemAmount: toKopecks(item.amount),
    itemPrice: toKopecks(item.price),
    // Unique within the order, as Sber requires; the order line id lets support find the line.
    itemCode: `${item.orderItemId || 'delivery'}-${i + 1}`,
    tax: { taxType: SBER_TAX_TYPE[item.vat] },
    itemAttributes: {
      attributes: [
        { name: 'paymentMethod', value: SBER_PAYMENT_METHOD[item.mode] },
        { name: 'paymentObject', value: SBER_PAYMENT_OBJECT[item.subject] },
      ],
    },
  }));
}

/** `orderBundle` of register.do: the buyer's contact and the receipt lines. */
export function sberOrderBundle(receipt: Receipt) {
  return {
    customerDetails: {
      ...(receipt.customer.email ? { email: receipt.customer.email } : {}),
      ...(receipt.customer.phone ? { phone: receipt.customer.phone } : {}),
    },
    cartItems: { items: sberItems(receipt) },
  };
}

export interface SberOptions {
  userName: string;
  password: string;
  /** e.g. "https://securepayments.sberbank.ru/payment/rest/" or the test "https://3dsec.sberbank.ru/payment/rest/". */
  baseUrl: string;
  /** Injected in tests. */
  fetch?: typeof fetch;
}

type SberAnswer = {
  errorCode?: string | number;
  errorMessage?: string;
  orderId?: string;
  formUrl?: string;
  orderStatus?: number;
  actionCodeDescription?: string;
  amount?: number;
  paymentAmountInfo?: { depositedAmount?: number; refundedAmount?: number };
};

/** The Sber provider. */
export class SberClient implements PaymentProvider {
  readonly name = 'sber' as const;
  readonly methods = ['card'] as const;
  private readonly fetchFn: typeof fetch;

  constructor(private readonly options: SberOptions) {
    this.fetchFn = options.fetch ?? fetch;
  }

  private async call(method: string, params: Record<string, string>): Promise<SberAnswer> {
    const url = new URL(method, this.options.baseUrl.endsWith('/') ? this.options.baseUrl : `${this.options.baseUrl}/`);
    const body = new URLSearchParams({ userName: this.options.userName, password: this.options.password, ...params });
    const res = await this.fetchFn(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
      signal: AbortSignal.timeout(15_000),
    });
    if (!res.ok) throw new Error(`Sber ${method}: HTTP ${res.status}`);
    return (await res.json()) as SberAnswer;
  }

  /**
   * Registers the payment with its receipt; the session lives {@link SBER_SESSION_SECONDS}.
   * @throws Error with Sber's errorMessage when it refuses, or on a card-only provider asked for СБП.
   */
  async register(input: RegisterInput): Promise<Registered> {
    if (input.method !== 'card') throw new Error('Sber: only card payments are configured');
    if (toKopecks(input.receipt.total) !== toKopecks(input.amount))
      throw new Error(`Sber register.do: receipt total ${input.receipt.total} ≠ amount ${input.amount}`);
    const answer = await this.call('register.do', {
      orderNumber: input.orderNumber,
      amount: String(toKopecks(input.amount)),
      currency: '643',
      returnUrl: input.returnUrl,
      failUrl: input.returnUrl,
      description: input.description.slice(0, 99),
      language: 'ru',
      sessionTimeoutSecs: String(SBER_SESSION_SECONDS),
      taxSystem: String(SBER_TAX_SYSTEM[input.receipt.taxSystem]),
      orderBundle: JSON.stringify(sberOrderBundle(input.receipt)),
    });
    if (answer.errorCode && String(answer.errorCode) !== '0')
      throw new Error(`Sber register.do: ${answer.errorCode} ${answer.errorMessage ?? ''}`);
    if (!answer.orderId || !answer.formUrl) throw new Error('Sber register.do: no orderId/formUrl');
    return {
      providerOrderId: answer.orderId,
      formUrl: answer.formUrl,
      qrPayload: '',
      expiresAt: new Date(Date.now() + SBER_SESSION_SECONDS * 1000),
    };
  }

  async status(providerOrderId: string): Promise<PaymentState> {
    const answer = await this.call('getOrderStatusExtended.do', { orderId: providerOrderId, language: 'ru' });
    const code = answer.orderStatus;
    const raw = `orderStatus=${code ?? 'none'} errorCode=${answer.errorCode ?? '0'}`;
    const amount = toRubles((answer.paymentAmountInfo?.depositedAmount ?? answer.amount ?? 0) as Kopecks);
    if (code === 1 || code === 2) return { state: 'paid', raw, message: '', amount };
    // 4 = refunded: it was paid, so the order's records (and its refunds) stand.
    if (code === 4) return { state: 'paid', raw, message: '', amount: toRubles((answer.amount ?? 0) as Kopecks) };
    if (code === 3 || code === 6)
      return { state: 'failed', raw, message: answer.actionCodeDescription || 'Платёж отклонён банком', amount: 0 };
    return { state: 'pending', raw, message: '', amount: 0 };
  }

  /**
   * refund.do with the refund receipt's items. Sber has no idempotence key: the caller records the
   * refund before calling and never calls twice for one key (server/services/refunds.ts).
   */
  async refund(input: RefundInput): Promise<RefundResult> {
    const answer = await this.call('refund.do', {
      orderId: input.providerOrderId,
      amount: String(toKopecks(input.amount)),
      refundItems: JSON.stringify({ items: sberItems(input.receipt) }),
      language: 'ru',
    });
    const code = String(answer.errorCode ?? '0');
    const raw = `refund errorCode=${code}`;
    if (code !== '0')
      return { providerRefundId: '', state: 'failed', raw, message: answer.errorMessage || 'Банк отказал в возврате' };
    return {
      providerRefundId: `${input.providerOrderId}:${input.idempotenceKey}`,
      state: 'succeeded',
      raw,
      message: '',
    };
  }

  /** decline.do: closes an unpaid order; false when Sber says it is paid already. */
  async cancel(providerOrderId: string): Promise<boolean> {
    const state = await this.status(providerOrderId);
    if (state.state === 'paid') return false;
    if (state.state === 'failed') return true;
    const answer = await this.call('decline.do', { orderId: providerOrderId, language: 'ru' });
    if (answer.errorCode && String(answer.errorCode) !== '0') {
      const again = await this.status(providerOrderId);
      if (again.state === 'paid') return false;
      throw new Error(`Sber decline.do: ${answer.errorCode} ${answer.errorMessage ?? ''}`);
    }
    return true;
  }
}

/** Seconds a Sber payment page stays open (register.do sessionTimeoutSecs). */
export const SBER_SESSION_SECONDS = 20 * 60;
