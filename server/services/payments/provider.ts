/**
 * Payment providers behind one interface (issue #5; issue #29: receipts, СБП, refunds, ЮKassa;
 * DESIGN.md "Things the shop needs from outside": the built-in sandbox acquiring page by default,
 * the Sber acquiring REST API when SBER_USERNAME/SBER_PASSWORD are set, ЮKassa when
 * YOOKASSA_SHOP_ID/YOOKASSA_SECRET_KEY are set; PAYMENT_PROVIDER picks one explicitly).
 *
 * The flow is the acquiring one: `register` a payment (with its 54-ФЗ receipt) at the provider and
 * send the shopper to its page; when the shopper comes back, or the provider notifies, `status`
 * asks the provider. An order becomes paid only from a `status` answer, never because the browser
 * reached the return URL or a notification said so.
 */
import { serverEnv } from '../../env';
import { ApiHttpError } from '../../http';
import { isPaymentSandboxEnabled } from '../demo-mode';
import { SandboxProvider } from './sandbox';
import { SberClient } from './sber';
import { YooKassaClient } from './yookassa';
import type { Receipt } from './receipt';
import type { Db } from '../../db/client';

/** How the shopper pays: a bank card (also SberPay, T-Pay on ЮKassa's page) or СБП. */
export type PaymentMethod = 'card' | 'sbp';

/** Names of the providers. */
export type ProviderName = 'sandbox' | 'sber' | 'yookassa';

/** What a provider needs to register a payment. */
export interface RegisterInput {
  /** Unique per attempt, e.g. "LM-000123-2". */
  orderNumber: string;
  /** Rubles to charge; equals `receipt.total` when a receipt is sent. */
  amount: number;
  description: string;
  /** Where the provider sends the shopper back (success and failure alike). */
  returnUrl: string;
  method: PaymentMethod;
  /** The 54-ФЗ receipt the provider fiscalises (server/services/payments/receipt.ts). */
  receipt: Receipt;
  /** Unique per attempt; a repeat of the same request must not create a second payment. */
  idempotenceKey: string;
  /** СБП: a phone gets a bank-app link, a desktop a QR code. */
  device: 'mobile' | 'desktop';
}

/** The provider's answer to `register`. */
export interface Registered {
  providerOrderId: string;
  /** The page (or, for СБП on a phone, the bank-app link) to send the shopper to. */
  formUrl: string;
  /** СБП: the QR code's content for a desktop screen; "" otherwise. */
  qrPayload: string;
  /** When the provider stops accepting this payment. */
  expiresAt: Date;
}

/** The provider's view of a payment: "paid" (money captured), "failed" (declined or expired), "pending". */
export interface PaymentState {
  state: 'paid' | 'failed' | 'pending';
  /** Raw provider status for support, e.g. "orderStatus=2". */
  raw: string;
  /** Russian reason of a refusal, "" otherwise. */
  message: string;
  /** Rubles the provider says were captured (0 when not paid). */
  amount: number;
}

/** What a provider needs to return money. */
export interface RefundInput {
  providerOrderId: string;
  /** Rubles; equals `receipt.total`. */
  amount: number;
  /** The 54-ФЗ refund receipt («возврат прихода»). */
  receipt: Receipt;
  /** Unique per refund (order_refunds.key): a repeat returns the first refund. */
  idempotenceKey: string;
}

/** The provider's answer to a refund. */
export interface RefundResult {
  providerRefundId: string;
  state: 'succeeded' | 'pending' | 'failed';
  raw: string;
  /** Russian reason of a refusal, "" otherwise. */
  message: string;
}

/** A payment provider. */
export interface PaymentProvider {
  readonly name: ProviderName;
  /** The methods it takes; the payment step offers only these. */
  readonly methods: readonly PaymentMethod[];
  /** @throws Error when the provider refuses or cannot be reached. */
  register(input: RegisterInput): Promise<Registered>;
  /** @throws Error when the provider cannot be reached. */
  status(providerOrderId: string): Promise<PaymentState>;
  /** @throws Error when the provider cannot be reached (a refusal is a `failed` result). */
  refund(input: RefundInput): Promise<RefundResult>;
  /**
   * Closes an unpaid payment so it can no longer be paid (a certificate paid the order meanwhile).
   * @returns false when it was paid already (the caller refunds it), true when it is closed.
   * @throws Error when the provider cannot be reached.
   */
  cancel(providerOrderId: string): Promise<boolean>;
}

/** Russian answer when no acquirer takes card payments (issue #12: no sandbox in production). */
export const CARD_PAYMENT_UNAVAILABLE =
  'Оплата картой сейчас недоступна. Выберите другой способ оплаты или попробуйте позже';

/** The provider PAYMENT_PROVIDER (or, on "auto", the configured credentials) chooses; null = none. */
export function configuredProviderName(env = serverEnv): ProviderName | null {
  const yookassa = Boolean(env.YOOKASSA_SHOP_ID && env.YOOKASSA_SECRET_KEY);
  const sber = Boolean(env.SBER_USERNAME && env.SBER_PASSWORD);
  const sandbox = isPaymentSandboxEnabled(env);
  switch (env.PAYMENT_PROVIDER) {
    case 'yookassa':
      return yookassa ? 'yookassa' : null;
    case 'sber':
      return sber ? 'sber' : null;
    case 'sandbox':
      return sandbox ? 'sandbox' : null;
    default:
      return yookassa ? 'yookassa' : sber ? 'sber' : sandbox ? 'sandbox' : null;
  }
}

/**
 * The provider of the environment ({@link configuredProviderName}).
 * @throws ApiHttpError 503 {@link CARD_PAYMENT_UNAVAILABLE} when none is available.
 */
export function paymentProvider(db: Db): PaymentProvider {
  const name = configuredProviderName();
  if (!name) throw new ApiHttpError(503, CARD_PAYMENT_UNAVAILABLE);
  return paymentProviderByName(db, name);
}

/**
 * A provider by name (the one that registered an attempt checks and refunds it).
 * @throws Error when that provider is not configured (or the sandbox is off) now.
 */
export function paymentProviderByName(db: Db, name: string): PaymentProvider {
  const env = serverEnv;
  if (name === 'sber') {
    if (!env.SBER_USERNAME || !env.SBER_PASSWORD) throw new Error('Sber credentials are not set');
    return new SberClient({ userName: env.SBER_USERNAME, password: env.SBER_PASSWORD, baseUrl: env.SBER_API_URL });
  }
  if (name === 'yookassa') {
    if (!env.YOOKASSA_SHOP_ID || !env.YOOKASSA_SECRET_KEY) throw new Error('ЮKassa keys are not set');
    return new YooKassaClient({
      shopId: env.YOOKASSA_SHOP_ID,
      secretKey: env.YOOKASSA_SECRET_KEY,
      baseUrl: env.YOOKASSA_API_URL,
    });
  }
  if (!isPaymentSandboxEnabled(env)) throw new Error('The payment sandbox is off');
  return new SandboxProvider(db);
}
