/**
 * Client of the Sber acquiring REST API (issue #5 card payment provider, used when SBER_USERNAME
 * and SBER_PASSWORD are set): `register.do` registers the order and gives the payment form URL,
 * `getOrderStatusExtended.do` tells whether it was paid (orderStatus 1 or 2 = paid; 3 cancelled,
 * 6 declined; 0 registered, not paid yet). Amounts are sent in kopecks.
 */
import { toKopecks } from '@/lib/money';
import type { PaymentProvider, PaymentState, RegisterInput, Registered } from './provider';

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
};

/** The Sber provider. */
export class SberClient implements PaymentProvider {
  readonly name = 'sber' as const;
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

  /** @throws Error with Sber's errorMessage when it refuses. */
  async register(input: RegisterInput): Promise<Registered> {
    const answer = await this.call('register.do', {
      orderNumber: input.orderNumber,
      amount: String(toKopecks(input.amount)),
      currency: '643',
      returnUrl: input.returnUrl,
      failUrl: input.returnUrl,
      description: input.description.slice(0, 99),
      language: 'ru',
    });
    if (answer.errorCode && String(answer.errorCode) !== '0')
      throw new Error(`Sber register.do: ${answer.errorCode} ${answer.errorMessage ?? ''}`);
    if (!answer.orderId || !answer.formUrl) throw new Error('Sber register.do: no orderId/formUrl');
    return { providerOrderId: answer.orderId, formUrl: answer.formUrl };
  }

  async status(providerOrderId: string): Promise<PaymentState> {
    const answer = await this.call('getOrderStatusExtended.do', { orderId: providerOrderId, language: 'ru' });
    const code = answer.orderStatus;
    const raw = `orderStatus=${code ?? 'none'} errorCode=${answer.errorCode ?? '0'}`;
    if (code === 1 || code === 2) return { state: 'paid', raw, message: '' };
    if (code === 3 || code === 6)
      return { state: 'failed', raw, message: answer.actionCodeDescription || 'Платёж отклонён банком' };
    return { state: 'pending', raw, message: '' };
  }
}
