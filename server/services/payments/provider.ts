/**
 * Card payment providers behind one interface (issue #5; DESIGN.md "Things the shop needs from
 * outside": the built-in sandbox acquiring page by default, the Sber acquiring REST API when
 * SBER_USERNAME/SBER_PASSWORD are set).
 *
 * The flow is the acquiring one: `register` an order at the provider and send the shopper to its
 * form; when the shopper comes back, `status` asks the provider. An order becomes paid only from a
 * `status` answer, never because the browser reached the return URL.
 */
import { serverEnv } from '../../env';
import { ApiHttpError } from '../../http';
import { isPaymentSandboxEnabled } from '../demo-mode';
import { SandboxProvider } from './sandbox';
import { SberClient } from './sber';
import type { Db } from '../../db/client';

/** What a provider needs to register a payment. */
export interface RegisterInput {
  /** Unique per attempt, e.g. "LM-000123-2". */
  orderNumber: string;
  /** Rubles to charge. */
  amount: number;
  description: string;
  /** Where the provider sends the shopper back (success and failure alike). */
  returnUrl: string;
}

/** The provider's answer to `register`. */
export interface Registered {
  providerOrderId: string;
  /** The acquiring page to send the shopper to. */
  formUrl: string;
}

/** The provider's view of a payment: "paid" (money captured), "failed" (declined), "pending". */
export interface PaymentState {
  state: 'paid' | 'failed' | 'pending';
  /** Raw provider status for support, e.g. "orderStatus=2". */
  raw: string;
  /** Russian reason of a refusal, "" otherwise. */
  message: string;
}

/** A card payment provider. */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'sber';
  /** @throws Error when the provider refuses or cannot be reached. */
  register(input: RegisterInput): Promise<Registered>;
  /** @throws Error when the provider cannot be reached. */
  status(providerOrderId: string): Promise<PaymentState>;
}

/** Russian answer when no acquirer takes card payments (issue #12: no sandbox in production). */
export const CARD_PAYMENT_UNAVAILABLE =
  'Оплата картой сейчас недоступна. Выберите другой способ оплаты или попробуйте позже';

/**
 * The provider of the environment: Sber when both credentials are set, else the sandbox on `db`
 * when it is enabled (server/services/demo-mode.ts).
 * @throws ApiHttpError 503 {@link CARD_PAYMENT_UNAVAILABLE} when neither is available.
 */
export function paymentProvider(db: Db): PaymentProvider {
  const env = serverEnv;
  if (env.SBER_USERNAME && env.SBER_PASSWORD) {
    return new SberClient({ userName: env.SBER_USERNAME, password: env.SBER_PASSWORD, baseUrl: env.SBER_API_URL });
  }
  if (!isPaymentSandboxEnabled(env)) throw new ApiHttpError(503, CARD_PAYMENT_UNAVAILABLE);
  return new SandboxProvider(db);
}

/**
 * A provider by name (the one that registered an attempt checks it).
 * @throws Error when that provider is not configured (or the sandbox is off) now.
 */
export function paymentProviderByName(db: Db, name: string): PaymentProvider {
  const env = serverEnv;
  if (name === 'sber') {
    if (!env.SBER_USERNAME || !env.SBER_PASSWORD) throw new Error('Sber credentials are not set');
    return new SberClient({ userName: env.SBER_USERNAME, password: env.SBER_PASSWORD, baseUrl: env.SBER_API_URL });
  }
  if (!isPaymentSandboxEnabled(env)) throw new Error('The payment sandbox is off');
  return new SandboxProvider(db);
}
