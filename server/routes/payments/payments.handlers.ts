/**
 * Handlers of provider notifications (issue #29; DESIGN.md "The retailer's side": a provider's
 * notification is trusted only after re-reading the payment from the provider).
 *
 * `POST /api/v1/payments/yookassa/notify/`: the body is parsed only to learn which payment it
 * names; the handler then asks ЮKassa (`syncPaymentByProviderRef`, which finds the attempt and
 * calls `GET /payments/{id}`), waits for that up to {@link NOTIFY_WAIT_MS} and answers 200 either
 * way, so ЮKassa does not repeat a notification the shop has taken (the shopper's page and the
 * reservation sweeper check the payment too, so a re-read that fails is caught up later).
 *
 * Optional sender check (YOOKASSA_NOTIFY_IP_CHECK=1): the caller's address
 * (server/services/client-address.ts: X-Forwarded-For from the trusted BFF or nginx) must be in
 * {@link YOOKASSA_NOTIFY_NETWORKS}, the ranges ЮKassa publishes for its notifications.
 */
import { isIP } from 'node:net';
import { serverEnv } from '../../env';
import { ApiHttpError, parseOr400, readJson } from '../../http';
import { clientAddress } from '../../services/client-address';
import { logError } from '../../services/log';
import { syncPaymentByProviderRef, type PaymentCheck } from '../../services/order-payment';
import { YooKassaNotification } from './yookassa-notification';
import type * as r from './payments.routes';
import type { AppEnv } from '../../types';
import type { RouteConfig, RouteHandler } from '@hono/zod-openapi';

type Handler<R extends RouteConfig> = RouteHandler<R, AppEnv>;

/** Longest wait for the re-read before answering ЮKassa, ms (its own timeout is longer). */
export const NOTIFY_WAIT_MS = 5_000;

/** The networks ЮKassa sends notifications from (yookassa.ru/developers/using-api/webhooks#ip). */
export const YOOKASSA_NOTIFY_NETWORKS = [
  '185.71.76.0/27',
  '185.71.77.0/27',
  '77.75.153.0/25',
  '77.75.156.11/32',
  '77.75.156.35/32',
  '77.75.154.128/25',
  '2a02:5180::/32',
] as const;

/** An address as 4 (IPv4) or 16 (IPv6) bytes; IPv4-mapped IPv6 becomes IPv4. null when malformed. */
function addressBytes(address: string): number[] | null {
  const plain = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(plain);
  const ip = mapped ? mapped[1]! : plain;
  const kind = isIP(ip);
  if (kind === 4) return ip.split('.').map(Number);
  if (kind !== 6) return null;
  const [head = '', tail = ''] = ip.split('::');
  const groups = (s: string) => (s ? s.split(':') : []);
  const h = groups(head);
  const t = groups(tail);
  const all = ip.includes('::') ? [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t] : h;
  if (all.length !== 8 || all.some((g) => g.includes('.'))) return null;
  return all.flatMap((g) => {
    const n = parseInt(g, 16);
    return [n >> 8, n & 255];
  });
}

/** Whether `address` lies in `cidr` ("185.71.76.0/27", "2a02:5180::/32"). */
export function inNetwork(address: string, cidr: string): boolean {
  const [net = '', bitsText = ''] = cidr.split('/');
  const a = addressBytes(address);
  const n = addressBytes(net);
  if (!a || !n || a.length !== n.length) return false;
  let bits = Number(bitsText || a.length * 8);
  for (let i = 0; i < a.length && bits > 0; i += 1, bits -= 8) {
    const mask = bits >= 8 ? 255 : (0xff << (8 - bits)) & 255;
    if ((a[i]! & mask) !== (n[i]! & mask)) return false;
  }
  return true;
}

/** Whether `address` is one of ЮKassa's notification senders ({@link YOOKASSA_NOTIFY_NETWORKS}). */
export function isYooKassaAddress(address: string): boolean {
  return YOOKASSA_NOTIFY_NETWORKS.some((cidr) => inNetwork(address, cidr));
}

/**
 * Whether the sender check is on: YOOKASSA_NOTIFY_IP_CHECK=1 in server/env.ts (off by default:
 * the body is never trusted anyway, and a proxy that hides the sender's address would refuse
 * every notification).
 */
function senderCheckOn(): boolean {
  return serverEnv.YOOKASSA_NOTIFY_IP_CHECK === true;
}

/**
 * POST /api/v1/payments/yookassa/notify/ (see the module comment).
 * @throws ApiHttpError 400 not a known event, 403 a sender outside ЮKassa's networks (check on).
 */
export const yookassaNotify: Handler<typeof r.yookassaNotify> = async (c) => {
  if (senderCheckOn() && !isYooKassaAddress(clientAddress(c)))
    throw new ApiHttpError(403, 'Уведомление принимается только с адресов ЮKassa');
  const notification = parseOr400(YooKassaNotification, await readJson(c), 'Неизвестное уведомление');
  const paymentId = notification.event === 'refund.succeeded' ? notification.object.payment_id : notification.object.id;
  const check = syncPaymentByProviderRef(c.var.db, 'yookassa', paymentId).catch((error: unknown): PaymentCheck => {
    logError('payment', `yookassa notification ${notification.event}`, error);
    return 'unreachable';
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([check, new Promise((resolve) => (timer = setTimeout(resolve, NOTIFY_WAIT_MS)))]);
  clearTimeout(timer);
  return c.json({ status: 'success' as const }, 200);
};
