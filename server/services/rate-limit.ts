/**
 * Per-client rate limits of the endpoints anyone can call without an account (issue #12 item 7):
 * registration (each attempt may cost an argon2 hash), the help form, the newsletter and the gift
 * certificate check (a code guesser). Over the limit the API answers 429 with a Russian message
 * and `Retry-After`.
 *
 * The counters are the app's login/reset `Throttle` (fixed windows in the API process's memory, or
 * in Redis shared by every API instance when REDIS_URL is set: server/services/throttle.ts), keyed by `rl:<scope>:<client>` where the client is
 * `clientAddress(c)` (the BFF-reported browser address, never a header the browser wrote). The
 * rules live here, not in THROTTLE_RULES, so the account throttle and these limits change apart.
 */
import { rateLimitMessage, type RateLimitAction } from '@/lib/messages/rate-limits';
import { ApiHttpError } from '../http';
import { clientAddress } from './client-address';
import type { AppEnv } from '../types';
import type { ThrottleRule } from './throttle';
import type { Context } from 'hono';

const MINUTE = 60_000;

/** One limit with the action its 429 message names. */
export interface RateLimitRule extends ThrottleRule {
  action: RateLimitAction;
}

/**
 * The limits, per client address unless the name says otherwise. Sized so that a shopper (also
 * many shoppers behind one carrier NAT) never meets them, while a script is stopped after a few
 * seconds of work.
 */
export const RATE_LIMIT_RULES = {
  /** Registration attempts (valid or not, counted before any hashing): 30 per 15 minutes. */
  signIn: { action: 'signIn', max: 30, windowMs: 15 * MINUTE },
  /** Help form messages: 10 per hour. */
  sendMessage: { action: 'sendMessage', max: 10, windowMs: 60 * MINUTE },
  /** Newsletter requests (POST /v1/subscribe/): 10 per hour. */
  subscribe: { action: 'subscribe', max: 10, windowMs: 60 * MINUTE },
  /**
   * Confirmation mails per e-mail address (from all clients): 3 per day. Past it the request is
   * answered as usual but no mail goes out, so the double opt-in cannot be used to flood a
   * stranger's mailbox and the answer does not tell the flooder it stopped working.
   */
  subscribeEmail: { action: 'subscribe', max: 3, windowMs: 24 * 60 * MINUTE },
  /** Confirm and unsubscribe links posted (POST /v1/subscribe/confirm/, /v1/unsubscribe/): 20 per 15 minutes. */
  subscriptionLink: { action: 'subscriptionLink', max: 20, windowMs: 15 * MINUTE },
  /** Certificate checks (POST /v1/check_card/), found or not: 30 per 15 minutes. */
  giftCardCheck: { action: 'giftCard', max: 30, windowMs: 15 * MINUTE },
  /** Certificate codes not found (a guesser's misses): 10 per 15 minutes, then every check is refused. */
  giftCardMiss: { action: 'giftCard', max: 10, windowMs: 15 * MINUTE },
  /**
   * Field vitals beacons (POST /v1/vitals/, issue #30): one per page view, so 300 per 15 minutes
   * is a page every 3 s, and many shoppers behind one NAT lose only some of their samples.
   */
  vitals: { action: 'vitals', max: 300, windowMs: 15 * MINUTE },
} as const satisfies Record<string, RateLimitRule>;

export type RateLimitScope = keyof typeof RATE_LIMIT_RULES;

function keyOf(c: Context<AppEnv>, scope: RateLimitScope): string {
  return `rl:${scope}:${clientAddress(c)}`;
}

/**
 * Throws the 429 of `scope` when the client has used up its limit; counts nothing.
 * `Retry-After` is the whole window in seconds: the exact reset time of the fixed window is not
 * exposed by `Throttle`, and a client that waits the whole window is certain to be let in.
 * @throws ApiHttpError 429 with e.g. "Слишком много проверок сертификатов. Попробуйте снова через 15 минут".
 */
export async function assertUnderLimit(c: Context<AppEnv>, scope: RateLimitScope): Promise<void> {
  const rule = RATE_LIMIT_RULES[scope];
  if (!(await c.var.throttle.isLimited(rule, keyOf(c, scope)))) return;
  // Set on the context before throwing: app.onError answers through the same context, which keeps it.
  c.header('Retry-After', String(Math.ceil(rule.windowMs / 1000)));
  throw new ApiHttpError(429, rateLimitMessage(rule.action, rule.windowMs));
}

/** Counts one event of `scope` for the client (e.g. a certificate code that was not found). */
export async function countForClient(c: Context<AppEnv>, scope: RateLimitScope): Promise<void> {
  await c.var.throttle.hit(RATE_LIMIT_RULES[scope], keyOf(c, scope));
}

/**
 * The usual guard at the top of a handler: refuses (429) a client over the limit of `scope`,
 * otherwise counts this request. Call it before parsing or any expensive work, so that invalid
 * requests count too.
 * @throws ApiHttpError 429 (see {@link assertUnderLimit}).
 */
export async function limitPerClient(c: Context<AppEnv>, scope: RateLimitScope): Promise<void> {
  await assertUnderLimit(c, scope);
  await countForClient(c, scope);
}

/**
 * Counts one event of a per-key rule that is not tied to the client (e.g. confirmation mails per
 * address) and says whether it was still within the limit; an over-limit event is not counted.
 */
export async function takeFromKey(c: Context<AppEnv>, scope: RateLimitScope, key: string): Promise<boolean> {
  const rule = RATE_LIMIT_RULES[scope];
  const bucket = `rl:${scope}:key:${key}`;
  if (await c.var.throttle.isLimited(rule, bucket)) return false;
  await c.var.throttle.hit(rule, bucket);
  return true;
}
