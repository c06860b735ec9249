/**
 * Client of the ЮKassa API v3 (issue #29; https://yookassa.ru/developers/api): a small typed
 * client over its REST API, used when YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY are set
 * (server/services/payments/provider.ts). The maintained npm client `@a2seven/yoo-checkout` was
 * considered and not taken: it pins axios 0.21, cannot take an injected `fetch`, and its types
 * lack the СБП QR confirmation; four calls do not need a library.
 *
 * - every request: HTTP Basic auth `shopId:secretKey`, JSON; every POST carries an
 *   `Idempotence-Key` (≤ 64 characters): a repeat of the same request returns the first object;
 * - `register`: `POST /payments` with `capture: true` (one stage: pending → succeeded), the 54-ФЗ
 *   receipt (`receipt`, the ЮKassa cash register fiscalises it), `metadata.order_number`; a card
 *   payment gets a redirect confirmation (ЮKassa's page, where SberPay and T-Pay are offered too);
 *   СБП gets `payment_method_data.type = "sbp"` with a redirect confirmation on a phone (the link
 *   opens the bank app) and a QR confirmation on a desktop (`confirmation_data` is the NSPK link
 *   drawn as the QR code);
 * - `status`: `GET /payments/{id}`: succeeded → paid, canceled → failed with a Russian reason
 *   (cancellation_details.reason), pending and waiting_for_capture → pending;
 * - `refund`: `POST /refunds` with the refund receipt («возврат прихода»);
 * - `cancel`: ЮKassa cancels only a payment in `waiting_for_capture` (two-stage payments). A
 *   one-stage payment still `pending` cannot be closed through the API: it ends by itself
 *   (`canceled`, reason `expired_on_confirmation`) when the shopper does not confirm it in time.
 *   {@link YooKassaClient.cancel} throws {@link PaymentNotCancellableError} then, so the caller does
 *   not take another payment for the same order until that attempt has expired or been decided.
 *
 * Amounts are rubles in our interfaces and strings with two decimals ("123.45") on the wire; the
 * receipt items are checked to add up to the payment in kopecks before anything is sent.
 */
import { createHash } from 'node:crypto';
import { toKopecks, toRubles, type Kopecks } from '@/lib/money';
import type { PaymentProvider, PaymentState, RefundInput, RefundResult, RegisterInput, Registered } from './provider';
import type { PaymentMode, PaymentSubject, Receipt, TaxSystem, VatRate } from './receipt';

/** Options of {@link YooKassaClient}. */
export interface YooKassaOptions {
  shopId: string;
  secretKey: string;
  /** e.g. "https://api.yookassa.ru/v3/". */
  baseUrl: string;
  /** Injected in tests. */
  fetch?: typeof fetch;
  /** Timeout of one HTTP request, ms (default 15 000). */
  timeoutMs?: number;
  /** Longest wait for ЮKassa's "processing, retry after" answer (HTTP 202), ms (default 3 000). */
  maxRetryWaitMs?: number;
}

/**
 * Minutes a pending payment is assumed to stay payable when ЮKassa gives no `expires_at` (it gives
 * one only for `waiting_for_capture`): ЮKassa cancels an unconfirmed payment by itself
 * (`expired_on_confirmation`); the shop re-reads the status rather than trusting this estimate.
 */
export const YOOKASSA_CONFIRMATION_TTL_MINUTES = 60;

/** ЮKassa's `vat_code` of each rate (yookassa.ru/developers/payment-acceptance/receipts/54fz/parameters-values). */
export const YOOKASSA_VAT_CODES: Record<VatRate, number> = {
  none: 1,
  '0': 2,
  '10': 3,
  '10/110': 5,
  '5': 7,
  '7': 8,
  '5/105': 9,
  '7/107': 10,
  '22': 11,
  '22/122': 12,
};

/** ЮKassa's `tax_system_code` of each tax system (54-ФЗ tag 1055). */
export const YOOKASSA_TAX_SYSTEM_CODES: Record<TaxSystem, number> = {
  osn: 1,
  usn_income: 2,
  usn_income_outcome: 3,
  esn: 5,
  patent: 6,
};

/** Russian messages of `cancellation_details.reason` (yookassa.ru/developers/payment-acceptance/after-the-payment/declined-payments). */
export const YOOKASSA_CANCELLATION_REASONS: Record<string, string> = {
  '3d_secure_failed': 'Не пройдена проверка 3-D Secure',
  call_issuer: 'Банк отклонил платёж. Обратитесь в банк, выпустивший карту',
  canceled_by_merchant: 'Платёж отменён магазином',
  card_expired: 'Истёк срок действия карты',
  country_forbidden: 'Оплата картой, выпущенной в этой стране, недоступна',
  deal_expired: 'Истёк срок сделки',
  expired_on_capture: 'Истёк срок списания денег',
  expired_on_confirmation: 'Время на оплату истекло',
  fraud_suspected: 'Платёж заблокирован из-за подозрения в мошенничестве',
  general_decline: 'Платёж отклонён',
  identification_required: 'Превышены ограничения для неидентифицированного кошелька',
  insufficient_funds: 'Недостаточно денег для оплаты',
  internal_timeout: 'Технический сбой платёжной системы. Попробуйте ещё раз',
  invalid_card_number: 'Неверный номер карты',
  invalid_csc: 'Неверный код CVV2 (CVC2)',
  issuer_unavailable: 'Банк, выпустивший карту, недоступен',
  payment_method_limit_exceeded: 'Превышен лимит платежей для этого способа оплаты',
  payment_method_restricted: 'Операции этим способом оплаты запрещены',
  permission_revoked: 'Разрешение на списание отозвано',
  unsupported_mobile_operator: 'Оплата с номера этого оператора недоступна',
};

/** ЮKassa's amount: a decimal string with two digits after the point. */
export interface YooAmount {
  value: string;
  currency: 'RUB';
}

/** An item of ЮKassa's `receipt`. */
export interface YooReceiptItem {
  description: string;
  /** A number of pieces as a decimal string, e.g. "2.00". */
  quantity: string;
  amount: YooAmount;
  vat_code: number;
  payment_mode: PaymentMode;
  payment_subject: PaymentSubject;
  measure: 'piece';
}

/** ЮKassa's `receipt` object (54-ФЗ). */
export interface YooReceipt {
  customer: { email?: string; phone?: string };
  items: YooReceiptItem[];
  tax_system_code: number;
}

/**
 * ЮKassa's confirmation in a payment object: `redirect` has `confirmation_url` (and `return_url`),
 * `qr` has `confirmation_data` (the content of the QR code).
 */
export interface YooConfirmation {
  type: 'redirect' | 'qr' | 'embedded' | 'external' | 'mobile_application';
  confirmation_url?: string;
  confirmation_data?: string;
  return_url?: string;
}

/** ЮKassa's payment object (the fields this shop reads). */
export interface YooPayment {
  id: string;
  status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
  paid: boolean;
  amount: YooAmount;
  created_at: string;
  expires_at?: string;
  description?: string;
  metadata?: Record<string, string>;
  confirmation?: YooConfirmation;
  payment_method?: { type: string; id: string; saved?: boolean };
  cancellation_details?: { party: string; reason: string };
  refundable?: boolean;
  refunded_amount?: YooAmount;
  test?: boolean;
}

/** ЮKassa's refund object. */
export interface YooRefund {
  id: string;
  payment_id: string;
  status: 'pending' | 'succeeded' | 'canceled';
  amount: YooAmount;
  created_at: string;
  cancellation_details?: { party: string; reason: string };
}

/** ЮKassa's error answer. */
interface YooError {
  type: 'error';
  id?: string;
  code?: string;
  description?: string;
  parameter?: string;
}

/** An HTTP error answer of ЮKassa, with its code, description and the parameter it names. */
export class YooKassaError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly code: string,
    readonly description: string,
    readonly parameter: string,
    what: string,
  ) {
    super(
      `ЮKassa ${what}: HTTP ${httpStatus} ${code}${description ? ` — ${description}` : ''}${parameter ? ` (${parameter})` : ''}`,
    );
    this.name = 'YooKassaError';
  }
}

/**
 * A payment that cannot be closed now: a one-stage ЮKassa payment in `pending` has no cancel call;
 * it ends by itself at `expiresAt` (or when the shopper pays or gives up in the bank app).
 */
export class PaymentNotCancellableError extends Error {
  constructor(
    readonly providerOrderId: string,
    /** When ЮKassa is expected to cancel it by itself (our estimate, see YOOKASSA_CONFIRMATION_TTL_MINUTES). */
    readonly expiresAt: Date,
  ) {
    super(`ЮKassa payment ${providerOrderId} is pending and cannot be cancelled; it expires by itself`);
    this.name = 'PaymentNotCancellableError';
  }
}

/** Rubles as ЮKassa's amount ("123.45"). */
export function yooAmount(rubles: number): YooAmount {
  const kopecks = toKopecks(rubles);
  const sign = kopecks < 0 ? '-' : '';
  const abs = Math.abs(kopecks);
  return { value: `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`, currency: 'RUB' };
}

/** Kopecks of ЮKassa's amount string ("123.45" → 12345). @throws Error on a malformed value. */
export function amountKopecks(amount: Pick<YooAmount, 'value'>): Kopecks {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount.value);
  if (!match) throw new Error(`ЮKassa: malformed amount "${amount.value}"`);
  return (Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'))) as Kopecks;
}

/** A phone as ЮKassa wants it (ITU-T E.164 digits without "+": 79991234567). */
export function yooPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('8') ? `7${digits.slice(1)}` : digits;
}

const TEXT_MAX = 128;

function clip(text: string, max = TEXT_MAX): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/**
 * Our receipt as ЮKassa's `receipt` object.
 * @throws Error when the items do not add up to `receipt.total` (a caller bug: nothing is sent).
 */
export function yooReceipt(receipt: Receipt): YooReceipt {
  const sum = receipt.items.reduce((total, item) => total + toKopecks(item.amount), 0);
  if (sum !== toKopecks(receipt.total))
    throw new Error(`ЮKassa receipt: items add up to ${toRubles(sum as Kopecks)}, the total is ${receipt.total}`);
  for (const item of receipt.items) {
    if (toKopecks(item.price) * item.quantity !== toKopecks(item.amount))
      throw new Error(`ЮKassa receipt: "${item.name}" ${item.quantity} × ${item.price} ≠ ${item.amount}`);
  }
  const customer: YooReceipt['customer'] = {};
  if (receipt.customer.email) customer.email = receipt.customer.email;
  else if (receipt.customer.phone) customer.phone = yooPhone(receipt.customer.phone);
  return {
    customer,
    items: receipt.items.map((item) => ({
      description: clip(item.name),
      quantity: item.quantity.toFixed(2),
      // ЮKassa's item amount is the price of ONE unit (its reference: "цена товара с учётом
      // всех скидок и наценок"); the sum checked against the payment is amount × quantity.
      amount: yooAmount(item.price),
      vat_code: YOOKASSA_VAT_CODES[item.vat],
      payment_mode: item.mode,
      payment_subject: item.subject,
      measure: 'piece',
    })),
    tax_system_code: YOOKASSA_TAX_SYSTEM_CODES[receipt.taxSystem],
  };
}

/** An `Idempotence-Key` within ЮKassa's 64 characters: a longer key becomes its SHA-256 (same key → same hash). */
export function idempotenceKey(key: string): string {
  return key.length <= 64 ? key : createHash('sha256').update(key).digest('hex');
}

/** The Russian reason of a cancelled payment or refund. */
export function cancellationMessage(details: { reason?: string } | undefined): string {
  return (details?.reason && YOOKASSA_CANCELLATION_REASONS[details.reason]) || 'Платёж отменён';
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The ЮKassa provider. */
export class YooKassaClient implements PaymentProvider {
  readonly name = 'yookassa' as const;
  readonly methods = ['card', 'sbp'] as const;
  private readonly fetchFn: typeof fetch;
  private readonly base: string;

  constructor(private readonly options: YooKassaOptions) {
    this.fetchFn = options.fetch ?? fetch;
    this.base = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`;
  }

  /**
   * One API call. POSTs carry `Idempotence-Key`; ЮKassa's "processing" answer (HTTP 202 with
   * `retry_after`, ms) is repeated with the same key, up to three times.
   * @throws YooKassaError on an error answer, Error when ЮKassa cannot be reached or answers
   *   something else.
   */
  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown, key?: string): Promise<T> {
    const url = new URL(path, this.base);
    const auth = Buffer.from(`${this.options.shopId}:${this.options.secretKey}`).toString('base64');
    const headers: Record<string, string> = { authorization: `Basic ${auth}`, accept: 'application/json' };
    if (method === 'POST') {
      headers['content-type'] = 'application/json';
      headers['idempotence-key'] = idempotenceKey(key ?? crypto.randomUUID());
    }
    const what = `${method} ${url.pathname}`;
    for (let attempt = 0; ; attempt += 1) {
      const res = await this.fetchFn(url, {
        method,
        headers,
        body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000),
      });
      const text = await res.text();
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : {};
      } catch {
        throw new Error(`ЮKassa ${what}: HTTP ${res.status}, not JSON`);
      }
      const answer = json as { type?: 'error' | 'processing'; retry_after?: number } & Omit<Partial<YooError>, 'type'>;
      if (res.status === 202 && answer.type === 'processing' && attempt < 3) {
        await sleep(Math.min(Number(answer.retry_after) || 1000, this.options.maxRetryWaitMs ?? 3000));
        continue;
      }
      if (!res.ok || answer.type === 'error' || res.status === 202)
        throw new YooKassaError(
          res.status,
          answer.code ?? 'unknown',
          answer.description ?? '',
          answer.parameter ?? '',
          what,
        );
      return json as T;
    }
  }

  /**
   * Creates the payment (`POST /payments`) with its receipt.
   * @throws Error when the receipt does not add up to `input.amount`, YooKassaError on a refusal,
   *   Error when ЮKassa cannot be reached.
   */
  async register(input: RegisterInput): Promise<Registered> {
    if (toKopecks(input.receipt.total) !== toKopecks(input.amount))
      throw new Error(`ЮKassa: receipt total ${input.receipt.total} ≠ amount ${input.amount}`);
    const sbp = input.method === 'sbp';
    const qr = sbp && input.device === 'desktop';
    const payment = await this.call<YooPayment>(
      'POST',
      'payments',
      {
        amount: yooAmount(input.amount),
        capture: true,
        ...(sbp ? { payment_method_data: { type: 'sbp' } } : {}),
        confirmation: qr
          ? { type: 'qr', return_url: input.returnUrl }
          : { type: 'redirect', return_url: input.returnUrl },
        description: clip(input.description),
        metadata: { order_number: input.orderNumber },
        receipt: yooReceipt(input.receipt),
      },
      input.idempotenceKey,
    );
    const confirmation = payment.confirmation;
    const link = confirmation?.type === 'qr' ? confirmation.confirmation_data : confirmation?.confirmation_url;
    if (!payment.id || !link) throw new Error(`ЮKassa POST /payments: no id or confirmation in the answer`);
    return {
      providerOrderId: payment.id,
      // A desktop СБП payment has no page: the QR's NSPK link also opens one (bank list) in a browser.
      formUrl: link,
      qrPayload: confirmation?.type === 'qr' ? link : '',
      expiresAt: expiryOf(payment),
    };
  }

  /** Reads the payment (`GET /payments/{id}`); an unknown id is `failed`. @throws Error when ЮKassa cannot be reached. */
  async status(providerOrderId: string): Promise<PaymentState> {
    let payment: YooPayment;
    try {
      payment = await this.read(providerOrderId);
    } catch (error) {
      if (error instanceof YooKassaError && error.httpStatus === 404)
        return { state: 'failed', raw: 'not_found', message: 'Платёж не найден', amount: 0 };
      throw error;
    }
    const raw = `status=${payment.status}${payment.cancellation_details ? ` reason=${payment.cancellation_details.reason}` : ''}`;
    if (payment.status === 'succeeded')
      return { state: 'paid', raw, message: '', amount: toRubles(amountKopecks(payment.amount)) };
    if (payment.status === 'canceled')
      return { state: 'failed', raw, message: cancellationMessage(payment.cancellation_details), amount: 0 };
    return { state: 'pending', raw, message: '', amount: 0 };
  }

  /** The payment object as ЮKassa has it now. @throws YooKassaError (404 unknown), Error when unreachable. */
  read(providerOrderId: string): Promise<YooPayment> {
    return this.call<YooPayment>('GET', `payments/${encodeURIComponent(providerOrderId)}`);
  }

  /**
   * Returns money (`POST /refunds`) with the refund receipt; the same `idempotenceKey` returns the
   * first refund. A refusal (HTTP 400/403/404 or a `canceled` refund) is a `failed` result.
   * @throws Error when the receipt does not add up to `input.amount`, or ЮKassa cannot be reached
   *   (network, 401, 429, 5xx).
   */
  async refund(input: RefundInput): Promise<RefundResult> {
    if (toKopecks(input.receipt.total) !== toKopecks(input.amount))
      throw new Error(`ЮKassa: refund receipt total ${input.receipt.total} ≠ amount ${input.amount}`);
    let refund: YooRefund;
    try {
      refund = await this.call<YooRefund>(
        'POST',
        'refunds',
        { payment_id: input.providerOrderId, amount: yooAmount(input.amount), receipt: yooReceipt(input.receipt) },
        input.idempotenceKey,
      );
    } catch (error) {
      if (error instanceof YooKassaError && [400, 403, 404].includes(error.httpStatus))
        return {
          providerRefundId: '',
          state: 'failed',
          raw: `${error.httpStatus} ${error.code}`,
          message: error.description || 'Возврат отклонён платёжной системой',
        };
      throw error;
    }
    const raw = `status=${refund.status}`;
    if (refund.status === 'succeeded') return { providerRefundId: refund.id, state: 'succeeded', raw, message: '' };
    if (refund.status === 'canceled')
      return {
        providerRefundId: refund.id,
        state: 'failed',
        raw: `${raw} reason=${refund.cancellation_details?.reason ?? ''}`,
        message: cancellationMessage(refund.cancellation_details),
      };
    return { providerRefundId: refund.id, state: 'pending', raw, message: '' };
  }

  /**
   * Closes an unpaid payment: `canceled` already → true; `succeeded` → false (the caller refunds);
   * `waiting_for_capture` → `POST /payments/{id}/cancel` → true (false if it was captured meanwhile).
   * @throws PaymentNotCancellableError for a `pending` payment (ЮKassa has no cancel for it: wait
   *   for its expiry), Error when ЮKassa cannot be reached.
   */
  async cancel(providerOrderId: string): Promise<boolean> {
    const payment = await this.read(providerOrderId);
    if (payment.status === 'canceled') return true;
    if (payment.status === 'succeeded') return false;
    if (payment.status === 'pending') throw new PaymentNotCancellableError(providerOrderId, expiryOf(payment));
    const after = await this.call<YooPayment>(
      'POST',
      `payments/${encodeURIComponent(providerOrderId)}/cancel`,
      {},
      `cancel-${providerOrderId}`,
    );
    return after.status !== 'succeeded';
  }
}

/** When the payment stops being payable: ЮKassa's `expires_at`, else created_at + the confirmation window. */
function expiryOf(payment: Pick<YooPayment, 'expires_at' | 'created_at'>): Date {
  if (payment.expires_at) return new Date(payment.expires_at);
  const created = Date.parse(payment.created_at);
  return new Date((Number.isFinite(created) ? created : Date.now()) + YOOKASSA_CONFIRMATION_TTL_MINUTES * 60_000);
}
