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
import { serverEnv } from '../../env';
import { ApiHttpError, parseOr400, readJson } from '../../http';
import { resetPasswordMail } from '../../services/account-mail';
import {
  bearerToken,
  burnVerifyTime,
  completeReset,
  issueResetToken,
  issueToken,
  registerUser,
  requireUser,
  revokeToken,
  toUser,
  updateProfile,
  userByEmail,
  verifyPassword,
  type UserRow,
} from '../../services/auth';
import { clientAddress } from '../../services/client-address';
import { sendMail } from '../../services/mail';
import { limitPerClient } from '../../services/rate-limit';
import { exchangeVkCode, socialProviders, userForVkProfile } from '../../services/social';
import { THROTTLE_RULES } from '../../services/throttle';
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

/** POST /v1/sign_in/: registration (spec §3 payload); duplicates refused with spec §8 texts. */
export const signIn: Handler<typeof r.signIn> = async (c) => {
  await limitPerClient(c, 'signIn'); // issue #12: every attempt counts, before any argon2 work (429).
  const body = parseOr400(SignInBody, await readJson(c), 'Не удалось зарегистрироваться');
  const user = await registerUser(c.var.db, body);
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
  const updated = await updateProfile(c.var.db, user, body);
  return c.json({ status: 'success' as const, user: toUser(updated) }, 200);
};

/**
 * POST /v1/reset/ {email}: mails a single-use link /reset/{token}. Unknown e-mail → 400 with the
 * spec §8 message (the spec's own message reveals it; nothing else does). Throttled per account
 * (3 an hour) and per client (10 an hour).
 */
export const reset: Handler<typeof r.reset> = async (c) => {
  const { email } = parseOr400(ResetBody, await readJson(c), SPEC_MESSAGES.resetUnknownEmail);
  const { throttle } = c.var;
  const accountKey = `reset:account:${email}`;
  const clientKey = `reset:client:${clientAddress(c)}`;
  if (
    (await throttle.isLimited(THROTTLE_RULES.resetAccount, accountKey)) ||
    (await throttle.isLimited(THROTTLE_RULES.resetClient, clientKey))
  ) {
    throw new ApiHttpError(429, ACCOUNT_MESSAGES.resetThrottled);
  }
  await throttle.hit(THROTTLE_RULES.resetAccount, accountKey);
  await throttle.hit(THROTTLE_RULES.resetClient, clientKey);
  const user = await userByEmail(c.var.db, email);
  if (!user) throw new ApiHttpError(400, SPEC_MESSAGES.resetUnknownEmail);
  const { token } = await issueResetToken(c.var.db, user.id);
  await sendMail(resetPasswordMail(email, user.firstName, token));
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
