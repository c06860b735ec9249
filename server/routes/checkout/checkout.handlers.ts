/**
 * Handlers of the checkout (issue #5; spec §7 Orders and payment): orders, card payment through a
 * provider, order info, promo codes, gift certificates, delivery cost, and the built-in sandbox
 * acquiring's card form. Validation with the contract (lib/api/contract/checkout.ts); errors are
 * `{status:"error", message}` with a 4xx.
 */
import {
  CheckCardBody,
  CreateOrderBody,
  DeliveryCalcBody,
  GiftCardDataBody,
  GiftCardPaymentBody,
  GuidBody,
  PromoCodeBody,
  OrderPaymentBody,
  SandboxPayBody,
  SandboxSbpBody,
} from '@/lib/api/contract/checkout';
import { subtractRubles } from '@/lib/money';
import { ApiHttpError, parseOr400, readJson } from '../../http';
import { bearerToken, userByToken } from '../../services/auth';
import { cartWeight, getCart } from '../../services/cart';
import { createOrder, type OrderActor } from '../../services/checkout';
import { deliveryOptions, destinationOf, quoteContext } from '../../services/delivery/delivery';
import { checkCard, GIFT_CARD_NOT_FOUND, listNominals, nominalBy } from '../../services/gift-cards';
import { getOrderInfo, onlineMethods, payWithGiftCard, startPayment } from '../../services/order-payment';
import { sandboxPay, sandboxPayment, sandboxSbp as sandboxSbpDecide } from '../../services/payments/sandbox';
import { checkPromoCustomer, evaluatePromo } from '../../services/promo';
import { assertUnderLimit, countForClient, limitPerClient } from '../../services/rate-limit';
import { cartIdOf } from '../cart/cart-cookie';
import type * as r from './checkout.routes';
import type { AppEnv } from '../../types';
import type { RouteConfig, RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';

type Ctx = Context<AppEnv>;
type Handler<R extends RouteConfig> = RouteHandler<R, AppEnv>;

async function actorOf(c: Ctx): Promise<OrderActor> {
  const token = bearerToken(c);
  const user = token ? await userByToken(c.var.db, token) : null;
  return { userId: user?.id ?? null, cartId: cartIdOf(c) };
}

function orderHandler(version: 'v1' | 'v2'): Handler<typeof r.createOrderV1> {
  return async (c) => {
    const body = parseOr400(CreateOrderBody, await readJson(c), 'Не удалось оформить заказ');
    const result = await createOrder(c.var.db, await actorOf(c), body, {
      version,
      idempotencyKey: c.req.header('idempotency-key') ?? null,
    });
    return c.json(
      { status: 'success' as const, order: result.order, created: result.created },
      result.created ? 201 : 200,
    );
  };
}

/** POST /v1/order/: lines in `items` (their `price` ignored) or the basket. */
export const createOrderV1 = orderHandler('v1');
/** POST /v2/order/: lines from the basket of the `cart_id` cookie. */
export const createOrderV2 = orderHandler('v2');

/** A phone or tablet browser (СБП then opens the bank app instead of showing a QR code). */
function isMobile(userAgent: string | undefined, chMobile: string | undefined): boolean {
  if (chMobile === '?1') return true;
  return /Mobi|Android|iPhone|iPad|iPod/i.test(userAgent ?? '');
}

/** POST /v1/order_payment/ {guid, method}: the acquiring page (card) or the СБП link and QR (issue #29). */
export const orderPayment: Handler<typeof r.orderPayment> = async (c) => {
  const { guid, method } = parseOr400(OrderPaymentBody, await readJson(c), 'Заказ не найден');
  const started = await startPayment(c.var.db, guid, {
    method,
    device: isMobile(c.req.header('user-agent'), c.req.header('sec-ch-ua-mobile')) ? 'mobile' : 'desktop',
  });
  return c.json(
    {
      status: 'success' as const,
      form_url: started.formUrl,
      provider: started.provider,
      method: started.method,
      qr_payload: started.qrPayload,
      expires_at: started.expiresAt.toISOString(),
    },
    200,
  );
};

/** GET /v1/payment_methods/: the provider's online methods; none when no provider is configured. */
export const paymentMethods: Handler<typeof r.paymentMethods> = (c) =>
  c.json({ status: 'success' as const, methods: onlineMethods(c.var.db) }, 200);

/** POST /v1/get_order_info/ {guid}: the order after checking its payment with the provider. */
export const orderInfo: Handler<typeof r.orderInfo> = async (c) => {
  const { guid } = parseOr400(GuidBody, await readJson(c), 'Заказ не найден');
  return c.json({ status: 'success' as const, order_info: await getOrderInfo(c.var.db, guid) }, 200);
};

/** POST /v1/giftcardpayment/ {guid, code}. */
export const giftCardPayment: Handler<typeof r.giftCardPayment> = async (c) => {
  const { guid, code } = parseOr400(GiftCardPaymentBody, await readJson(c), 'Не удалось оплатить сертификатом');
  return c.json(
    {
      status: 'success' as const,
      order_info: await withCardMissLimit(c, () => payWithGiftCard(c.var.db, guid, code)),
    },
    200,
  );
};

/**
 * Runs a certificate lookup under the per-client miss limit (issue #12 item 7): a client with 10
 * unknown codes in 15 minutes gets 429 for every lookup, so codes cannot be guessed through
 * check_card nor through giftcardpayment.
 * @throws ApiHttpError 429 over the limit; whatever `lookup` throws (a 404 "Сертификат не найден" is counted).
 */
async function withCardMissLimit<T>(c: Ctx, lookup: () => Promise<T>): Promise<T> {
  await assertUnderLimit(c, 'giftCardMiss');
  try {
    return await lookup();
  } catch (error) {
    if (error instanceof ApiHttpError && error.status === 404 && error.message === GIFT_CARD_NOT_FOUND)
      await countForClient(c, 'giftCardMiss');
    throw error;
  }
}

/** Goods total of the visitor's basket, rubles. */
async function basketGoods(c: Ctx): Promise<number> {
  return (await getCart(c.var.db, cartIdOf(c))).total;
}

/**
 * POST /v1/promo_code/ {promo_code}: the discount on the visitor's basket. A `total` sent by the
 * client is ignored (issue #12: the goods total is the basket's, never the client's). For a
 * logged-in buyer the code's first-order and per-customer rules are checked here already; a guest
 * learns them at the order, when the contact is known (services/promo.ts claimPromo).
 */
export const promoCode: Handler<typeof r.promoCode> = async (c) => {
  const body = parseOr400(PromoCodeBody, await readJson(c), 'Промокод не найден');
  const goods = await basketGoods(c);
  const promo = await evaluatePromo(c.var.db, body.promo_code, goods);
  const token = bearerToken(c);
  const user = token ? await userByToken(c.var.db, token) : null;
  if (user) await checkPromoCustomer(c.var.db, promo.id, { userId: user.id, email: user.email, phone: user.phone });
  return c.json(
    {
      status: 'success' as const,
      promo_code: promo.code,
      percent: promo.percent,
      discount: promo.discount,
      items_total: goods,
      total: subtractRubles(goods, promo.discount),
      message: promo.message,
    },
    200,
  );
};

/** GET /v1/gift/cards/: the nominals on sale. */
export const giftNominals: Handler<typeof r.giftNominals> = async (c) => {
  return c.json({ status: 'success' as const, results: await listNominals(c.var.db) }, 200);
};

/** GET /v1/gift/cards/{slug}/: one nominal. */
export const giftNominal: Handler<typeof r.giftNominal> = async (c) => {
  const { slug } = c.req.valid('param');
  const { id: _id, ...nominal } = await nominalBy(c.var.db, { slug });
  void _id;
  return c.json({ status: 'success' as const, response: nominal }, 200);
};

/** POST /v1/gift/card/data/ {ext_id} → {response} (spec §7). */
export const giftCardData: Handler<typeof r.giftCardData> = async (c) => {
  const { ext_id } = parseOr400(GiftCardDataBody, await readJson(c), 'Сертификат не найден');
  const { id: _id, ...nominal } = await nominalBy(c.var.db, { extId: ext_id });
  void _id;
  return c.json({ status: 'success' as const, response: nominal }, 200);
};

/**
 * POST /v1/check_card/ {code}: balance of a certificate. Rate-limited per client (issue #12): 30
 * checks and 10 unknown codes per 15 minutes, then 429 with a Russian message and Retry-After.
 */
export const checkGiftCard: Handler<typeof r.checkGiftCard> = async (c) => {
  await limitPerClient(c, 'giftCardCheck');
  const { code } = parseOr400(CheckCardBody, await readJson(c), 'Сертификат не найден');
  return c.json({ status: 'success' as const, card: await withCardMissLimit(c, () => checkCard(c.var.db, code)) }, 200);
};

async function deliveryAnswer(c: Ctx, onlyProvider: boolean) {
  const body = parseOr400(DeliveryCalcBody, await readJson(c), 'Не удалось рассчитать доставку');
  const to = await destinationOf(c.var.db, body.city_id);
  const weight = body.weight ?? (await cartWeight(c.var.db, cartIdOf(c)));
  // Issue #34: the basket's goods decide the free-delivery threshold, as the order will.
  const goods = (await getCart(c.var.db, cartIdOf(c))).total;
  let results = await deliveryOptions(to, weight, await quoteContext(c.var.db, goods));
  if (onlyProvider) results = results.filter((o) => o.method !== 'pickup');
  if (body.method) results = results.filter((o) => o.method === body.method);
  return c.json({ status: 'success' as const, city: to.city, region: to.region, weight, results }, 200);
}

/** POST /v1/cdek_calc/ {city_id, weight?, method?}: courier and pickup-point cost and days. */
export const cdekCalc: Handler<typeof r.cdekCalc> = (c) => deliveryAnswer(c, true);
/** POST /v1/check_delivery/ {city_id, weight?}: every method available in the city, shop pickup included. */
export const checkDelivery: Handler<typeof r.checkDelivery> = (c) => deliveryAnswer(c, false);

/** GET /v1/sandbox_acquiring/{id}/: the sandbox payment for its card page. */
export const sandboxShow: Handler<typeof r.sandboxShow> = async (c) => {
  const { id } = c.req.valid('param');
  return c.json({ status: 'success' as const, payment: await sandboxPayment(c.var.db, id) }, 200);
};

/** POST /v1/sandbox_acquiring/pay/ {id, pan, expiry, cvc}: the card decides (see services/payments/sandbox.ts). */
export const sandboxSubmit: Handler<typeof r.sandboxSubmit> = async (c) => {
  const body = parseOr400(SandboxPayBody, await readJson(c), 'Проверьте данные карты');
  const result = await sandboxPay(c.var.db, body.id, body.pan, body.expiry);
  return c.json(
    {
      status: 'success' as const,
      result: result.result,
      message: result.message,
      redirect_url: result.returnUrl,
    },
    200,
  );
};

/** POST /v1/sandbox_acquiring/sbp/ {id, action}: the simulated СБП bank app pays or declines (issue #29). */
export const sandboxSbp: Handler<typeof r.sandboxSbp> = async (c) => {
  const body = parseOr400(SandboxSbpBody, await readJson(c), 'Платёж не найден');
  const result = await sandboxSbpDecide(c.var.db, body.id, body.action);
  return c.json(
    { status: 'success' as const, result: result.result, message: result.message, redirect_url: result.returnUrl },
    200,
  );
};
