/**
 * A local fake of the ЮKassa API v3 for tests (issue #29): a real HTTP server on a random port that
 * answers as the published reference (yookassa.ru/developers/api) shows and checks each request
 * field by field, so the shop's client is tested over HTTP, not by replacing our own functions.
 *
 * Checked: HTTP Basic auth (shopId:secretKey), `Idempotence-Key` on every POST (≤ 64 characters;
 * the same key with the same body returns the first object, with another body a 400), amounts as
 * "123.45" in RUB, `capture`, `confirmation` (redirect needs `return_url`; qr only for СБП),
 * `description` ≤ 128, `metadata` values strings, and the 54-ФЗ `receipt`: a customer email or
 * phone (E.164 digits), 1–100 items, each with a description of 1–128 characters, a positive
 * quantity, a unit amount, `vat_code` 1–12, `payment_mode`, `payment_subject`, and items whose
 * amount × quantity add up to the payment (or refund) in kopecks; `tax_system_code` 1–6.
 *
 * Tests move a payment on with {@link FakeYooKassa.succeed}, {@link FakeYooKassa.cancel} and
 * {@link FakeYooKassa.waitForCapture}, make the next answer an error with
 * {@link FakeYooKassa.failNext}, and read every request in {@link FakeYooKassa.requests}.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the fake received. */
export interface SeenRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

type Json = Record<string, unknown>;

/** A payment as the fake keeps it (ЮKassa's payment object). */
export interface FakePayment extends Json {
  id: string;
  status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
  paid: boolean;
  amount: { value: string; currency: 'RUB' };
  created_at: string;
  receipt: Json;
  refunded_kopecks: number;
}

class Invalid extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly description: string,
    readonly parameter = '',
  ) {
    super(description);
  }
}

const VAT_CODES = new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
const TAX_SYSTEMS = new Set([1, 2, 3, 4, 5, 6]);
const MODES = new Set([
  'full_prepayment',
  'partial_prepayment',
  'advance',
  'full_payment',
  'partial_payment',
  'credit',
  'credit_payment',
]);
const SUBJECTS = new Set([
  'commodity',
  'excise',
  'job',
  'service',
  'gambling_bet',
  'gambling_prize',
  'lottery',
  'lottery_prize',
  'intellectual_activity',
  'payment',
  'agent_commission',
  'composite',
  'another',
]);

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Kopecks of an amount object; throws Invalid naming `at` when malformed. */
function kopecksOf(amount: unknown, at: string): number {
  if (!isObject(amount)) throw new Invalid(400, 'invalid_request', 'Amount is required', at);
  if (amount.currency !== 'RUB') throw new Invalid(400, 'invalid_request', 'Unsupported currency', `${at}.currency`);
  const value = amount.value;
  if (typeof value !== 'string' || !/^\d+(\.\d{1,2})?$/.test(value))
    throw new Invalid(400, 'invalid_request', 'Invalid amount value', `${at}.value`);
  const [rub, kop = ''] = value.split('.');
  return Number(rub) * 100 + Number(kop.padEnd(2, '0'));
}

function quantityOf(value: unknown, at: string): number {
  const q = typeof value === 'string' ? Number(value) : value;
  if (
    typeof q !== 'number' ||
    !Number.isFinite(q) ||
    q <= 0 ||
    (typeof value === 'string' && !/^\d+(\.\d{1,3})?$/.test(value))
  )
    throw new Invalid(400, 'invalid_request', 'Invalid quantity', at);
  return q;
}

/** Checks a `receipt` against the amount it must add up to (kopecks). */
function checkReceipt(receipt: unknown, totalKopecks: number): void {
  if (!isObject(receipt)) throw new Invalid(400, 'invalid_request', 'Receipt is required for this shop', 'receipt');
  const customer = receipt.customer;
  if (!isObject(customer) || (!customer.email && !customer.phone))
    throw new Invalid(400, 'invalid_request', 'Receipt customer email or phone is required', 'receipt.customer');
  if (customer.email !== undefined && (typeof customer.email !== 'string' || !/^[^@\s]+@[^@\s]+$/.test(customer.email)))
    throw new Invalid(400, 'invalid_request', 'Invalid email', 'receipt.customer.email');
  if (customer.phone !== undefined && (typeof customer.phone !== 'string' || !/^\d{7,15}$/.test(customer.phone)))
    throw new Invalid(400, 'invalid_request', 'Invalid phone (ITU-T E.164)', 'receipt.customer.phone');
  const items = receipt.items;
  if (!Array.isArray(items) || items.length === 0 || items.length > 100)
    throw new Invalid(400, 'invalid_request', 'Receipt items: 1 to 100', 'receipt.items');
  let sum = 0;
  items.forEach((item: unknown, i) => {
    const at = `receipt.items[${i}]`;
    if (!isObject(item)) throw new Invalid(400, 'invalid_request', 'Invalid item', at);
    if (typeof item.description !== 'string' || item.description.length < 1 || item.description.length > 128)
      throw new Invalid(400, 'invalid_request', 'Item description: 1 to 128 characters', `${at}.description`);
    const quantity = quantityOf(item.quantity, `${at}.quantity`);
    const unit = kopecksOf(item.amount, `${at}.amount`);
    if (!Number.isInteger(item.vat_code) || !VAT_CODES.has(item.vat_code as number))
      throw new Invalid(400, 'invalid_request', 'Invalid vat_code', `${at}.vat_code`);
    if (item.payment_mode !== undefined && !MODES.has(item.payment_mode as string))
      throw new Invalid(400, 'invalid_request', 'Invalid payment_mode', `${at}.payment_mode`);
    if (item.payment_subject !== undefined && !SUBJECTS.has(item.payment_subject as string))
      throw new Invalid(400, 'invalid_request', 'Invalid payment_subject', `${at}.payment_subject`);
    if (item.measure !== undefined && item.measure !== 'piece')
      throw new Invalid(400, 'invalid_request', 'Invalid measure', `${at}.measure`);
    sum += Math.round(unit * quantity);
  });
  if (!Number.isInteger(receipt.tax_system_code) || !TAX_SYSTEMS.has(receipt.tax_system_code as number))
    throw new Invalid(400, 'invalid_request', 'Invalid tax_system_code', 'receipt.tax_system_code');
  if (sum !== totalKopecks)
    throw new Invalid(
      400,
      'invalid_request',
      `The sum of receipt items (${sum} kop.) does not match the amount (${totalKopecks} kop.)`,
      'receipt.items',
    );
}

function kopecksToValue(kopecks: number): string {
  return `${Math.floor(kopecks / 100)}.${String(kopecks % 100).padStart(2, '0')}`;
}

/** The running fake ЮKassa. */
export class FakeYooKassa {
  /** Every request, in order. */
  readonly requests: SeenRequest[] = [];
  readonly payments = new Map<string, FakePayment>();
  readonly refunds = new Map<string, Json>();
  private readonly idempotent = new Map<string, { body: string; status: number; answer: unknown }>();
  private readonly failures: Array<{ status: number; code: string; description: string }> = [];
  private readonly processing: number[] = [];
  private server: Server | null = null;
  /** e.g. "http://127.0.0.1:40123/v3/". */
  baseUrl = '';

  constructor(
    readonly shopId = '123456',
    readonly secretKey = 'test_secret',
  ) {}

  /** Starts listening on a random loopback port. */
  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.baseUrl = `http://127.0.0.1:${port}/v3/`;
    return this;
  }

  /** Stops the server. */
  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections(); // keep-alive sockets of the client's fetch
    });
  }

  /** The next request is answered with this HTTP error (ЮKassa's error object). */
  failNext(
    status: number,
    code = status === 401 ? 'invalid_credentials' : 'internal_server_error',
    description = 'Fake failure',
  ) {
    this.failures.push({ status, code, description });
  }

  /**
   * The next POST is answered as ЮKassa does while it is still working on a request: HTTP 202
   * `{type: "processing", retry_after}` (ms); the client repeats it with the same Idempotence-Key.
   */
  processNext(retryAfterMs = 10) {
    this.processing.push(retryAfterMs);
  }

  /** The shopper paid: pending → succeeded. */
  succeed(id: string): FakePayment {
    const p = this.payment(id);
    Object.assign(p, { status: 'succeeded', paid: true, captured_at: new Date().toISOString(), refundable: true });
    p.payment_method = { ...(p.payment_method as Json), saved: false };
    return p;
  }

  /** The payment ended unpaid with this `cancellation_details.reason`. */
  cancel(id: string, reason = 'expired_on_confirmation', party = 'yoo_money'): FakePayment {
    const p = this.payment(id);
    Object.assign(p, { status: 'canceled', paid: false, cancellation_details: { party, reason } });
    return p;
  }

  /** A two-stage payment authorised and waiting for capture (then /cancel applies). */
  waitForCapture(id: string): FakePayment {
    const p = this.payment(id);
    Object.assign(p, {
      status: 'waiting_for_capture',
      paid: true,
      expires_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    });
    return p;
  }

  private payment(id: string): FakePayment {
    const p = this.payments.get(id);
    if (!p) throw new Error(`fake ЮKassa: no payment ${id}`);
    return p;
  }

  /** The payment object as the API shows it (without the fake's own fields). */
  view(p: FakePayment): Json {
    const { receipt: _receipt, refunded_kopecks, ...rest } = p;
    return { ...rest, refunded_amount: { value: kopecksToValue(refunded_kopecks), currency: 'RUB' } };
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake');
    let body: unknown = undefined;
    const send = (status: number, answer: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer));
    };
    try {
      if (raw) {
        try {
          body = JSON.parse(raw);
        } catch {
          throw new Invalid(400, 'invalid_request', 'Request body is not valid JSON');
        }
      }
      this.requests.push({ method: req.method ?? '', path: url.pathname, headers: req.headers, body });
      const expected = `Basic ${Buffer.from(`${this.shopId}:${this.secretKey}`).toString('base64')}`;
      if (req.headers.authorization !== expected)
        throw new Invalid(401, 'invalid_credentials', 'Authentication by given credentials failed');
      const failure = this.failures.shift();
      if (failure) throw new Invalid(failure.status, failure.code, failure.description);
      if (req.method === 'POST') {
        const key = req.headers['idempotence-key'];
        if (typeof key !== 'string' || key.length < 1 || key.length > 64)
          throw new Invalid(
            400,
            'invalid_request',
            'Idempotence-Key header is required (1–64 characters)',
            'Idempotence-Key',
          );
        if (req.headers['content-type']?.split(';')[0] !== 'application/json')
          throw new Invalid(400, 'invalid_request', 'Content-Type must be application/json');
        const retryAfter = this.processing.shift();
        if (retryAfter !== undefined)
          return send(202, {
            type: 'processing',
            description: 'Request accepted but not processed yet',
            retry_after: retryAfter,
          });
        const scope = `${key}\u0000${url.pathname}`;
        const earlier = this.idempotent.get(scope);
        if (earlier) {
          if (earlier.body !== raw)
            throw new Invalid(
              400,
              'invalid_request',
              'Idempotence key duplicated with other request parameters',
              'Idempotence-Key',
            );
          return send(earlier.status, earlier.answer);
        }
        const answer = this.post(url.pathname, body);
        this.idempotent.set(scope, { body: raw, status: 200, answer });
        return send(200, answer);
      }
      if (req.method === 'GET') return send(200, this.get(url.pathname));
      throw new Invalid(405, 'invalid_request', 'Method not allowed');
    } catch (error) {
      if (error instanceof Invalid)
        return send(error.status, {
          type: 'error',
          id: randomUUID(),
          code: error.code,
          description: error.description,
          ...(error.parameter ? { parameter: error.parameter } : {}),
        });
      return send(500, { type: 'error', id: randomUUID(), code: 'internal_server_error', description: String(error) });
    }
  }

  private get(path: string): unknown {
    const payment = /^\/v3\/payments\/([^/]+)$/.exec(path);
    if (payment) {
      const p = this.payments.get(decodeURIComponent(payment[1]!));
      if (!p) throw new Invalid(404, 'not_found', 'Payment not found');
      return this.view(p);
    }
    const refund = /^\/v3\/refunds\/([^/]+)$/.exec(path);
    if (refund) {
      const r = this.refunds.get(decodeURIComponent(refund[1]!));
      if (!r) throw new Invalid(404, 'not_found', 'Refund not found');
      return r;
    }
    throw new Invalid(404, 'not_found', 'Unknown endpoint');
  }

  private post(path: string, body: unknown): unknown {
    if (!isObject(body)) throw new Invalid(400, 'invalid_request', 'Request body must be an object');
    if (path === '/v3/payments') return this.createPayment(body);
    if (path === '/v3/refunds') return this.createRefund(body);
    const cancel = /^\/v3\/payments\/([^/]+)\/cancel$/.exec(path);
    if (cancel) {
      const p = this.payments.get(decodeURIComponent(cancel[1]!));
      if (!p) throw new Invalid(404, 'not_found', 'Payment not found');
      if (p.status !== 'waiting_for_capture')
        throw new Invalid(
          400,
          'invalid_request',
          `Payment is in ${p.status} status; only waiting_for_capture can be canceled`,
        );
      Object.assign(p, {
        status: 'canceled',
        paid: false,
        cancellation_details: { party: 'merchant', reason: 'canceled_by_merchant' },
      });
      return this.view(p);
    }
    throw new Invalid(404, 'not_found', 'Unknown endpoint');
  }

  private createPayment(body: Json): Json {
    const kopecks = kopecksOf(body.amount, 'amount');
    if (kopecks <= 0) throw new Invalid(400, 'invalid_request', 'Amount must be positive', 'amount.value');
    if (body.capture !== undefined && typeof body.capture !== 'boolean')
      throw new Invalid(400, 'invalid_request', 'capture must be boolean', 'capture');
    if (body.description !== undefined && (typeof body.description !== 'string' || body.description.length > 128))
      throw new Invalid(400, 'invalid_request', 'Description: at most 128 characters', 'description');
    if (body.metadata !== undefined) {
      if (!isObject(body.metadata) || Object.values(body.metadata).some((v) => typeof v !== 'string'))
        throw new Invalid(400, 'invalid_request', 'Metadata values must be strings', 'metadata');
    }
    const method = body.payment_method_data;
    if (
      method !== undefined &&
      (!isObject(method) ||
        !['sbp', 'bank_card', 'sberbank', 'tinkoff_bank', 'yoo_money'].includes(method.type as string))
    )
      throw new Invalid(400, 'invalid_request', 'Invalid payment_method_data.type', 'payment_method_data.type');
    const sbp = isObject(method) && method.type === 'sbp';
    const confirmation = body.confirmation;
    if (!isObject(confirmation)) throw new Invalid(400, 'invalid_request', 'Confirmation is required', 'confirmation');
    const id = `${Date.now().toString(16).padStart(8, '0').slice(-8)}-000f-5000-${randomUUID().slice(19)}`;
    const nspk = `https://qr.nspk.ru/AD${randomUUID().replaceAll('-', '').slice(0, 30).toUpperCase()}?type=02&bank=100000000022&sum=${kopecks}&cur=RUB&crc=AB12`;
    let answerConfirmation: Json;
    if (confirmation.type === 'redirect') {
      if (typeof confirmation.return_url !== 'string' || !/^https?:\/\//.test(confirmation.return_url))
        throw new Invalid(400, 'invalid_request', 'return_url is required (absolute URL)', 'confirmation.return_url');
      answerConfirmation = {
        type: 'redirect',
        return_url: confirmation.return_url,
        confirmation_url: sbp ? nspk : `https://yoomoney.ru/checkout/payments/v2/contract?orderId=${id}`,
      };
    } else if (confirmation.type === 'qr') {
      if (!sbp)
        throw new Invalid(
          400,
          'invalid_request',
          'Confirmation type qr is not supported for this payment method',
          'confirmation.type',
        );
      answerConfirmation = { type: 'qr', confirmation_data: nspk };
    } else throw new Invalid(400, 'invalid_request', 'Unsupported confirmation type', 'confirmation.type');
    checkReceipt(body.receipt, kopecks);
    const payment: FakePayment = {
      id,
      status: 'pending',
      paid: false,
      amount: { value: kopecksToValue(kopecks), currency: 'RUB' },
      recipient: { account_id: this.shopId, gateway_id: '100500' },
      created_at: new Date().toISOString(),
      confirmation: answerConfirmation,
      test: true,
      refundable: false,
      ...(body.description ? { description: body.description } : {}),
      ...(body.metadata ? { metadata: body.metadata } : {}),
      ...(sbp ? { payment_method: { type: 'sbp', id, saved: false } } : {}),
      receipt: body.receipt as Json,
      refunded_kopecks: 0,
    };
    this.payments.set(id, payment);
    return this.view(payment);
  }

  private createRefund(body: Json): Json {
    if (typeof body.payment_id !== 'string')
      throw new Invalid(400, 'invalid_request', 'payment_id is required', 'payment_id');
    const p = this.payments.get(body.payment_id);
    if (!p) throw new Invalid(404, 'not_found', 'Payment not found', 'payment_id');
    const kopecks = kopecksOf(body.amount, 'amount');
    if (p.status !== 'succeeded') throw new Invalid(400, 'invalid_request', 'Payment is not succeeded', 'payment_id');
    const paid = kopecksOf(p.amount, 'amount');
    if (kopecks <= 0 || p.refunded_kopecks + kopecks > paid)
      throw new Invalid(
        400,
        'invalid_request',
        'Refund amount exceeds the amount available for refund',
        'amount.value',
      );
    checkReceipt(body.receipt, kopecks);
    p.refunded_kopecks += kopecks;
    const refund = {
      id: `${randomUUID().slice(0, 8)}-0015-5000-${randomUUID().slice(19)}`,
      payment_id: p.id,
      status: 'succeeded',
      created_at: new Date().toISOString(),
      amount: { value: kopecksToValue(kopecks), currency: 'RUB' },
      receipt: body.receipt,
    };
    this.refunds.set(refund.id, refund);
    return refund;
  }
}

/** Starts a fake ЮKassa on a random port. */
export function startFakeYooKassa(shopId?: string, secretKey?: string): Promise<FakeYooKassa> {
  return new FakeYooKassa(shopId, secretKey).start();
}
