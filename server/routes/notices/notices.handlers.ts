/**
 * Handlers of the shopper notices (issue #33 items 2 and 4): back-in-stock subscriptions
 * (server/services/notices/stock-notices.ts) and orders in one click (…/one-click.ts).
 *
 * Limits per client address (the app's throttle: memory, or Redis with several instances): 10
 * back-in-stock requests per hour, 3 confirmation mails per address per day (past it the request
 * is recorded and answered, but no mail goes out), 20 confirmation links per 15 minutes, 5
 * one-click orders per hour.
 */
import {
  NOTICE_MESSAGES,
  OneClickBody,
  StockNoticeBody,
  StockNoticeIdParam,
  StockNoticeTokenBody,
} from '@/lib/api/contract/notices';
import { waitPhrase } from '@/lib/messages/rate-limits';
import { ApiHttpError, parseOr400, readJson } from '../../http';
import { bearerToken, requireUser, userByToken } from '../../services/auth';
import { clientAddress } from '../../services/client-address';
import { consentEvidence } from '../../services/consent';
import { createOneClickOrder } from '../../services/notices/one-click';
import {
  confirmStockNotice,
  listStockNotices,
  removeStockNotice,
  subscribeStockNotice,
} from '../../services/notices/stock-notices';
import { cartIdOf } from '../cart/cart-cookie';
import type * as r from './notices.routes';
import type { AppEnv } from '../../types';
import type { RouteConfig, RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';

type Handler<R extends RouteConfig> = RouteHandler<R, AppEnv>;
type Ctx = Context<AppEnv>;

const MINUTE = 60_000;
/** The limits of this module (see its docstring), with the Russian lead of their 429. */
export const NOTICE_LIMITS = {
  subscribe: { max: 10, windowMs: 60 * MINUTE, lead: 'Слишком много запросов о поступлении' },
  confirmMail: { max: 3, windowMs: 24 * 60 * MINUTE, lead: '' },
  link: { max: 20, windowMs: 15 * MINUTE, lead: 'Слишком много переходов по ссылкам' },
  oneClick: { max: 5, windowMs: 60 * MINUTE, lead: 'Слишком много заказов в 1 клик' },
} as const;
type LimitName = keyof typeof NOTICE_LIMITS;

/** Refuses (429 with Retry-After) a client over `name`'s limit, else counts this request. */
async function limit(c: Ctx, name: Exclude<LimitName, 'confirmMail'>): Promise<void> {
  const rule = NOTICE_LIMITS[name];
  const key = `rl:notices-${name}:${clientAddress(c)}`;
  if (await c.var.throttle.isLimited(rule, key)) {
    c.header('Retry-After', String(Math.ceil(rule.windowMs / 1000)));
    throw new ApiHttpError(429, `${rule.lead}. Попробуйте снова ${waitPhrase(rule.windowMs)}`);
  }
  await c.var.throttle.hit(rule, key);
}

/** Counts one confirmation mail to `email`; false (not counted) once 3 went out today. */
async function mayMail(c: Ctx, email: string): Promise<boolean> {
  const rule = NOTICE_LIMITS.confirmMail;
  const key = `rl:notices-mail:key:${email}`;
  if (await c.var.throttle.isLimited(rule, key)) return false;
  await c.var.throttle.hit(rule, key);
  return true;
}

async function optionalUser(c: Ctx) {
  const token = bearerToken(c);
  return token ? await userByToken(c.var.db, token) : null;
}

/**
 * POST /v1/stock-notices/ {feature, email, personal_data_consent: true}.
 * @throws ApiHttpError 400 bad input or unknown size, 409 size in stock, 429, 503 mail not sent.
 */
export const subscribe: Handler<typeof r.subscribe> = async (c) => {
  await limit(c, 'subscribe');
  const body = parseOr400(StockNoticeBody, await readJson(c), NOTICE_MESSAGES.subscribeFailed);
  const user = await optionalUser(c);
  const actor = { userId: user?.id ?? null, userEmail: user?.email ?? null };
  const own = actor.userEmail !== null && actor.userEmail.toLowerCase() === body.email;
  const { confirmed } = await subscribeStockNotice(
    c.var.db,
    actor,
    { featureExtId: body.feature, email: body.email },
    { evidence: consentEvidence(c), mayMail: own || (await mayMail(c, body.email)) },
  );
  return c.json(
    {
      status: 'success' as const,
      message: confirmed ? NOTICE_MESSAGES.subscribed : NOTICE_MESSAGES.confirmSent,
      confirmed,
    },
    200,
  );
};

/** POST /v1/stock-notices/confirm/ {token}. @throws ApiHttpError 400 bad token, 429. */
export const confirm: Handler<typeof r.confirm> = async (c) => {
  await limit(c, 'link');
  const { token } = parseOr400(StockNoticeTokenBody, await readJson(c), NOTICE_MESSAGES.confirmInvalid);
  await confirmStockNotice(c.var.db, token);
  return c.json({ status: 'success' as const, message: NOTICE_MESSAGES.confirmed }, 200);
};

/** GET /v1/stock-notices/: «Ожидаю поступления». @throws ApiHttpError 401 without a token. */
export const list: Handler<typeof r.list> = async (c) => {
  const user = await requireUser(c);
  return c.json({ status: 'success' as const, results: await listStockNotices(c.var.db, user.id, user.email) }, 200);
};

/** DELETE /v1/stock-notices/{id}/: removes one; answers the rest. @throws ApiHttpError 400, 401. */
export const remove: Handler<typeof r.remove> = async (c) => {
  const user = await requireUser(c);
  const { id } = parseOr400(
    StockNoticeIdParam,
    { id: c.req.valid('param').id.replace(/\/+$/, '') },
    'Подписка не найдена',
  );
  await removeStockNotice(c.var.db, user.id, user.email, id);
  return c.json({ status: 'success' as const, results: await listStockNotices(c.var.db, user.id, user.email) }, 200);
};

/**
 * POST /v1/one-click/ {name, phone, personal_data_consent: true, item?} with an optional
 * Idempotency-Key. @throws ApiHttpError 400, 404, 409 (stock short, key reused), 429.
 */
export const oneClick: Handler<typeof r.oneClick> = async (c) => {
  await limit(c, 'oneClick');
  const body = parseOr400(OneClickBody, await readJson(c), NOTICE_MESSAGES.oneClickFailed);
  const user = await optionalUser(c);
  const { order, created } = await createOneClickOrder(
    c.var.db,
    { userId: user?.id ?? null, cartId: cartIdOf(c), accountEmail: user?.email ?? null },
    body,
    { idempotencyKey: c.req.header('idempotency-key') ?? null, evidence: consentEvidence(c) },
  );
  return c.json(
    {
      status: 'success' as const,
      message: NOTICE_MESSAGES.oneClickDone(order.number),
      order: { number: order.number, guid: order.guid, total: order.total },
      created,
    },
    200,
  );
};
