/**
 * Handlers of the auth and user endpoints (spec §7 Auth and user, §8 messages). Logins answer
 * `{status, data: {token, expires_at}, user}`; the storefront's BFF puts `data.token` into the
 * httpOnly `token` cookie. Login and reset are throttled per account and per client (429).
 */
import {
  AuthBody,
  ChangeInfoBody,
  ResetBody,
  ResetCompleteBody,
  RestAuthLoginBody,
  SignInBody,
  SocialExchangeBody,
} from '@/lib/api/contract/accounts';
import { ACCOUNT_MESSAGES, resetSentMessage, SPEC_MESSAGES } from '@/lib/messages/accounts';
import { ACCOUNT_DATA_TEXTS } from '@/lib/messages/consent';
import { serverEnv } from '../../env';
import { ApiHttpError, parseOr400, readJson } from '../../http';
import { deleteAccount, exportAccountData } from '../../services/account-data';
import { resetPasswordMail } from '../../services/account-mail';
import {
  bearerToken,
  burnVerifyTime,
  completeReset,
  completeSocialRegistration,
  issueResetToken,
  issueToken,
  registerUser,
  requireUser,
  revokeToken,
  toUser,
  updateProfile,
  userByEmail,
  userByToken,
  verifyPassword,
  type UserRow,
} from '../../services/auth';
import { clientAddress } from '../../services/client-address';
import { consentEvidence } from '../../services/consent';
import { canonicalEmail } from '../../services/customer-email';
import { logError } from '../../services/log';
import { sendMail } from '../../services/mail';
import { startSubscription } from '../../services/newsletter';
import { limitPerClient } from '../../services/rate-limit';
import { exchangeVkCode, socialProviders, userForVkProfile } from '../../services/social';
import { THROTTLE_RULES } from '../../services/throttle';
import { cartIdOf } from '../cart/cart-cookie';
import type * as r from './auth.routes';
import type { AppEnv } from '../../types';
import type { RouteConfig, RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';

type Ctx = Context<AppEnv>;
type Handler<R extends RouteConfig> = RouteHandler<R, AppEnv>;

async function tokenAnswer(c: Ctx, user: UserRow) {
  const { token, expiresAt } = await issueToken(c.var.db, user.id);
  return { status: 'success' as const, data: { token, expires_at: expiresAt.toISOString() }, user: toUser(user) };
}

/**
 * POST /v1/sign_in/: registration (spec §3 payload); duplicates refused with spec §8 texts; without
 * `personal_data_consent: true` 400 (issue #29, 152-ФЗ art. 9). With `complete: true` from a
 * signed-in social login without a password (the complete-registration popup, spec §2/§4; issue
 * #34 item 7) it completes that account instead of making a second one.
 */
export const signIn: Handler<typeof r.signIn> = async (c) => {
  await limitPerClient(c, 'signIn'); // issue #12: every attempt counts, before any argon2 work (429).
  const body = parseOr400(SignInBody, await readJson(c), 'Не удалось зарегистрироваться');
  const token = body.complete ? bearerToken(c) : null;
  const current = token ? await userByToken(c.var.db, token) : null;
  const user = current
    ? await completeSocialRegistration(c.var.db, current, body, consentEvidence(c))
    : await registerUser(c.var.db, body, consentEvidence(c));
  // Issue #29: the advertising box starts the double opt-in (the consent is already recorded).
  if (body.advertising_consent && user.email) await startSubscription(c.var.db, user.email);
  return c.json(await tokenAnswer(c, user), 200);
};

/**
 * Checks a login, throttled as `THROTTLE_RULES` says (issue #12): 5 failures of one account from
 * one client or 20 failures from one client in 15 minutes → 429 for that client; more than 10
 * failures of the account from all clients → every attempt on it waits LOGIN_SLOWDOWN_MS, but the
 * right password from a client without failures still logs in.
 * @throws ApiHttpError 429 (throttled) or 400 with the spec §8 login message.
 */
async function checkLogin(c: Ctx, username: string, password: string): Promise<UserRow> {
  const email = username.trim().toLowerCase();
  const client = clientAddress(c);
  const pairKey = `login:pair:${email}:${client}`;
  const accountKey = `login:account:${email}`;
  const clientKey = `login:client:${client}`;
  const { throttle } = c.var;
  if (
    (await throttle.isLimited(THROTTLE_RULES.loginPair, pairKey)) ||
    (await throttle.isLimited(THROTTLE_RULES.loginClient, clientKey))
  ) {
    throw new ApiHttpError(429, ACCOUNT_MESSAGES.loginThrottled);
  }
  if (await throttle.isLimited(THROTTLE_RULES.loginAccountSlowdown, accountKey)) {
    await new Promise((resolve) => setTimeout(resolve, serverEnv.LOGIN_SLOWDOWN_MS));
  }
  const user = await userByEmail(c.var.db, email);
  const ok = user?.passwordHash
    ? await verifyPassword(user.passwordHash, password)
    : (await burnVerifyTime(password), false);
  if (!user || !ok) {
    await throttle.hit(THROTTLE_RULES.loginPair, pairKey);
    await throttle.hit(THROTTLE_RULES.loginAccountSlowdown, accountKey);
    await throttle.hit(THROTTLE_RULES.loginClient, clientKey);
    throw new ApiHttpError(400, SPEC_MESSAGES.loginFailed);
  }
  await throttle.clear(pairKey);
  return user;
}

/** POST /v1/auth/ {username, password} → data.token (spec §7). */
export const auth: Handler<typeof r.auth> = async (c) => {
  const body = parseOr400(AuthBody, await readJson(c), SPEC_MESSAGES.loginFailed);
  const user = await checkLogin(c, body.username, body.password);
  return c.json(await tokenAnswer(c, user), 200);
};

/** POST /api/v1/rest-auth/login/ (the auth library's login url): `key` plus data.token. */
export const restAuthLogin: Handler<typeof r.restAuthLogin> = async (c) => {
  const body = parseOr400(RestAuthLoginBody, await readJson(c), SPEC_MESSAGES.loginFailed);
  const user = await checkLogin(c, (body.email || body.username)!, body.password);
  const answer = await tokenAnswer(c, user);
  return c.json({ ...answer, key: answer.data.token }, 200);
};

/** GET|POST /v1/get_user/: the user of the token (401 without a valid one). */
export const getUser: Handler<typeof r.getUser> = async (c) => {
  const user = await requireUser(c);
  return c.json({ status: 'success' as const, user: toUser(user) }, 200);
};

/** POST /v1/logout/: revokes the token of the request (the BFF also clears the cookie). */
export const logout: Handler<typeof r.logout> = async (c) => {
  const token = bearerToken(c);
  if (token) await revokeToken(c.var.db, token);
  return c.json({ status: 'success' as const, message: 'Вы вышли из личного кабинета' }, 200);
};

/** PUT /v1/changeinfo/: personal data; duplicates of e-mail and phone refused (spec §8). */
export const changeInfo: Handler<typeof r.changeInfo> = async (c) => {
  const user = await requireUser(c);
  const body = parseOr400(ChangeInfoBody, await readJson(c), 'Не удалось сохранить данные');
  const updated = await updateProfile(c.var.db, user, body, consentEvidence(c));
  return c.json({ status: 'success' as const, user: toUser(updated) }, 200);
};

/** Reset work still running after its answer (tests await it: {@link settleResetRequests}). */
const pendingResets = new Set<Promise<void>>();

/** Resolves when every reset request answered so far has finished its lookup and mail. */
export async function settleResetRequests(): Promise<void> {
  while (pendingResets.size > 0) await Promise.allSettled([...pendingResets]);
}

/**
 * The part of a reset request that depends on whether the address has an account, run after the
 * answer: lookup, the per-account mail limit (quiet: past it no mail, the newest link already
 * mailed stays valid), the single-use token and the mail. Failures are logged without the address.
 */
function mailResetLink(c: Ctx, email: string): void {
  const { db, throttle } = c.var;
  const work = (async () => {
    const user = await userByEmail(db, email);
    if (!user?.email) return;
    const mailKey = `reset:mail:${user.id}`;
    if (await throttle.isLimited(THROTTLE_RULES.resetMail, mailKey)) return;
    await throttle.hit(THROTTLE_RULES.resetMail, mailKey);
    const { token } = await issueResetToken(db, user.id);
    await sendMail(resetPasswordMail(user.email, user.firstName, token));
  })()
    .catch((error: unknown) => logError('shop-api', 'password reset mail', error))
    .finally(() => pendingResets.delete(work));
  pendingResets.add(work);
}

/**
 * POST /v1/reset/ {email}: mails a single-use link /reset/{token} when the address has an account.
 * Issue #29: the answer is the same 200 {@link resetSentMessage} for every address, given before
 * the lookup (the account lookup, token and mail run after it), so neither the status nor the
 * timing tells whether an account exists. Throttled per client and address (3 an hour) and per
 * client (10 an hour) with 429, so a stranger's requests never use up the owner's; mails per
 * account are limited quietly (THROTTLE_RULES.resetMail).
 */
export const reset: Handler<typeof r.reset> = async (c) => {
  const { email } = parseOr400(ResetBody, await readJson(c), ACCOUNT_MESSAGES.resetFailed);
  const { throttle } = c.var;
  const client = clientAddress(c);
  const pairKey = `reset:pair:${client}:${canonicalEmail(email)}`;
  const clientKey = `reset:client:${client}`;
  if (
    (await throttle.isLimited(THROTTLE_RULES.resetPair, pairKey)) ||
    (await throttle.isLimited(THROTTLE_RULES.resetClient, clientKey))
  ) {
    throw new ApiHttpError(429, ACCOUNT_MESSAGES.resetThrottled);
  }
  await throttle.hit(THROTTLE_RULES.resetPair, pairKey);
  await throttle.hit(THROTTLE_RULES.resetClient, clientKey);
  mailResetLink(c, email);
  return c.json({ status: 'success' as const, message: resetSentMessage(email) }, 200);
};

/** POST /v1/reset/complite/ {password_one, password_two, token}: single use, expiring. */
export const resetComplete: Handler<typeof r.resetComplete> = async (c) => {
  const { throttle } = c.var;
  const clientKey = `reset-complete:client:${clientAddress(c)}`;
  if (await throttle.isLimited(THROTTLE_RULES.resetClient, clientKey))
    throw new ApiHttpError(429, ACCOUNT_MESSAGES.resetThrottled);
  const body = parseOr400(ResetCompleteBody, await readJson(c), 'Не удалось сменить пароль');
  try {
    await completeReset(c.var.db, body.token, body.password_one);
  } catch (error) {
    await throttle.hit(THROTTLE_RULES.resetClient, clientKey);
    throw error;
  }
  return c.json({ status: 'success' as const, message: SPEC_MESSAGES.dataSaved }, 200);
};

/** GET /v1/social/providers/: configured social logins (the storefront hides the others). */
export const providers: Handler<typeof r.providers> = (c) => {
  return c.json({ status: 'success' as const, providers: socialProviders() }, 200);
};

/**
 * POST /v1/login/social/token_user/{provider}/ (spec §4, §7): exchanges the provider code for a
 * user and answers like /v1/auth/. VK only, when VK_CLIENT_ID/SECRET are set; instagram and
 * facebook → 404, unconfigured VK → 400, both with a clear message. The body is the spec's {code,
 * clientId, redirectUri} plus VK ID's codeVerifier, deviceId and state (required for VK: 400
 * without them, as for a clientId of another application).
 */
export const socialExchange: Handler<typeof r.socialExchange> = async (c) => {
  const { provider } = c.req.valid('param');
  if (provider !== 'vk' && provider !== 'vk-oauth2') {
    throw new ApiHttpError(
      404,
      provider === 'instagram' || provider === 'facebook'
        ? ACCOUNT_MESSAGES.socialNotConfigured
        : ACCOUNT_MESSAGES.socialUnknownProvider,
    );
  }
  if (socialProviders().length === 0) throw new ApiHttpError(400, ACCOUNT_MESSAGES.socialNotConfigured);
  const body = parseOr400(SocialExchangeBody, await readJson(c), ACCOUNT_MESSAGES.socialFailed);
  // VK ID's OAuth 2.1 exchange needs the PKCE verifier and the device id it returned with the
  // code; without them (or for another application) VK would refuse, so refuse before calling it.
  const [vk] = socialProviders();
  if (!body.codeVerifier || !body.deviceId || (body.clientId !== undefined && body.clientId !== vk!.client_id)) {
    throw new ApiHttpError(400, ACCOUNT_MESSAGES.socialFailed);
  }
  const profile = await exchangeVkCode(body);
  const user = await userForVkProfile(c.var.db, profile);
  return c.json(await tokenAnswer(c, user), 200);
};

/**
 * GET /v1/my_data/: everything the shop holds about the signed-in shopper (issue #29, 152-ФЗ
 * art. 14) as a JSON file download (`Content-Disposition: attachment`), never cached.
 */
export const myData: Handler<typeof r.myData> = async (c) => {
  const user = await requireUser(c);
  const data = await exportAccountData(c.var.db, user);
  c.header('Content-Disposition', `attachment; filename="my-data-${data.exported_at.slice(0, 10)}.json"`);
  c.header('Cache-Control', 'private, no-store');
  return c.json(data, 200);
};

/**
 * POST /v1/delete_account/: deletes the signed-in shopper's account (issue #29, 152-ФЗ art. 9
 * part 2, art. 21 part 5; see server/services/account-data.ts): personal fields anonymised,
 * orders kept without contacts, consents withdrawn, tokens revoked (the BFF clears the cookie).
 * @throws ApiHttpError 401 without a valid token; 409 while an order is still in progress.
 */
export const deleteAccountHandler: Handler<typeof r.deleteAccount> = async (c) => {
  const user = await requireUser(c);
  await deleteAccount(c.var.db, user, cartIdOf(c));
  return c.json({ status: 'success' as const, message: ACCOUNT_DATA_TEXTS.deleted }, 200);
};
