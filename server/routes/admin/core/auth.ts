/**
 * The console's auth routes (issue #32, the console API contract "Auth"; docs/operator-console.md):
 * login with password and, once enabled, a TOTP code (throttled like the shop's login,
 * server/services/throttle.ts), logout, me, TOTP setup and enabling, password change.
 */
import { eq } from 'drizzle-orm';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import {
  ADMIN_MESSAGES,
  AdminLoginBody,
  AdminMe,
  AdminOk,
  PasswordChangeBody,
  TotpEnableBody,
  TotpSetup,
} from '@/lib/api/contract/admin/auth';
import { staff } from '../../../db/schema';
import { ApiHttpError, parseOr400, readJson } from '../../../http';
import { recordAudit } from '../../../services/admin/audit';
import {
  ADMIN_COOKIE,
  SESSION_ABSOLUTE_MS,
  closeOtherSessions,
  closeSession,
  openSession,
} from '../../../services/admin/sessions';
import { checkTotp, newTotp, staffByLogin, toMe } from '../../../services/admin/staff';
import { burnVerifyTime, hashPassword, verifyPassword } from '../../../services/auth';
import { clientAddress } from '../../../services/client-address';
import { THROTTLE_RULES } from '../../../services/throttle';
import { jsonResponses } from '../../docs';
import { openapiRoute, routeGroup } from '../../openapi';
import { checkAdminCsrf, currentSessionId, currentStaff, requireStaffSession } from '../guard';
import type { ApiApp, AppEnv } from '../../../types';
import type { Context } from 'hono';

/** Tag of every console route in the OpenAPI document. */
export const ADMIN_TAG = 'Консоль';
const open = routeGroup({ tags: [ADMIN_TAG] });
const session = routeGroup({ tags: [ADMIN_TAG], security: [{ AdminSession: [] }] });

const loginRoute = open.post(
  '/api/admin/auth/login',
  { body: AdminLoginBody },
  jsonResponses(
    AdminMe,
    'Вход в консоль; ставит cookie admin_session. 401 с totpRequired — нужен код TOTP',
    [400, 401, 403, 429],
  ),
);
const logoutRoute = session.post(
  '/api/admin/auth/logout',
  {},
  jsonResponses(AdminOk, 'Выход: сессия закрыта', [401, 403]),
);
const meRoute = session.get('/api/admin/auth/me', {}, jsonResponses(AdminMe, 'Сотрудник текущей сессии', [401]));
const totpSetupRoute = session.post(
  '/api/admin/auth/totp/setup',
  {},
  jsonResponses(TotpSetup, 'Новый секрет TOTP и QR-код; включается кодом', [401, 403, 409]),
);
const totpEnableRoute = session.post(
  '/api/admin/auth/totp/enable',
  { body: TotpEnableBody },
  jsonResponses(AdminMe, 'Двухфакторная аутентификация включена', [400, 401, 403, 409]),
);
const passwordRoute = session.post(
  '/api/admin/auth/password',
  { body: PasswordChangeBody },
  jsonResponses(AdminOk, 'Пароль сменён; другие сессии закрыты', [400, 401, 403]),
);

/** Whether the site the browser sees is https (the BFF sets X-Forwarded-Proto from SITE_URL). */
function isHttps(c: Context): boolean {
  return c.req.header('x-forwarded-proto') === 'https' || new URL(c.req.url).protocol === 'https:';
}

/**
 * POST /api/admin/auth/login {login, password, totp?}: 200 with the staff member and the
 * `admin_session` cookie; 401 «Неверный логин или пароль» (unknown login, wrong password, disabled
 * account — one answer, one timing); 401 `{totpRequired: true}` when a code is needed or wrong;
 * 429 after 5 failures of a login from one client or 20 from one client in 15 minutes.
 */
async function login(c: Context<AppEnv>) {
  checkAdminCsrf(c);
  const body = parseOr400(AdminLoginBody, await readJson(c), 'Вход');
  const name = body.login.trim().toLowerCase();
  const client = clientAddress(c);
  const pairKey = `admin-login:pair:${name}:${client}`;
  const clientKey = `admin-login:client:${client}`;
  const { throttle, db } = c.var;
  if (
    (await throttle.isLimited(THROTTLE_RULES.loginPair, pairKey)) ||
    (await throttle.isLimited(THROTTLE_RULES.loginClient, clientKey))
  ) {
    throw new ApiHttpError(429, ADMIN_MESSAGES.throttled);
  }
  const fail = async () => {
    await throttle.hit(THROTTLE_RULES.loginPair, pairKey);
    await throttle.hit(THROTTLE_RULES.loginClient, clientKey);
  };
  const row = await staffByLogin(db, name);
  const ok = row ? await verifyPassword(row.passwordHash, body.password) : (await burnVerifyTime(body.password), false);
  if (!row || !ok || row.disabled) {
    await fail();
    throw new ApiHttpError(401, ADMIN_MESSAGES.loginFailed);
  }
  if (row.totpEnabled && row.totpSecret) {
    if (!body.totp) {
      return c.json({ status: 'error' as const, message: ADMIN_MESSAGES.totpRequired, totpRequired: true }, 401);
    }
    const step = checkTotp(row.totpSecret, body.totp, row.totpLastStep);
    if (step === null) {
      await fail();
      return c.json({ status: 'error' as const, message: ADMIN_MESSAGES.totpWrong, totpRequired: true }, 401);
    }
    await db.update(staff).set({ totpLastStep: step }).where(eq(staff.id, row.id));
  }
  await throttle.clear(pairKey);
  const { token } = await openSession(db, row.id);
  await recordAudit(db, { staffId: row.id, action: 'login', entity: 'staff', entityId: row.id });
  setCookie(c, ADMIN_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Strict',
    path: '/',
    secure: isHttps(c),
    maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000),
  });
  return c.json(toMe(row), 200);
}

/** POST /api/admin/auth/logout: closes this session and clears the cookie. */
async function logout(c: Context<AppEnv>) {
  const token = getCookie(c, ADMIN_COOKIE);
  if (token) await closeSession(c.var.db, token);
  deleteCookie(c, ADMIN_COOKIE, { path: '/', secure: isHttps(c), httpOnly: true, sameSite: 'Strict' });
  return c.json({ ok: true as const }, 200);
}

/** GET /api/admin/auth/me. */
async function me(c: Context<AppEnv>) {
  return c.json(toMe(currentStaff(c)), 200);
}

/**
 * POST /api/admin/auth/totp/setup: a new secret, stored but not active until enabled with a code.
 * 409 once TOTP is enabled (a stolen session cannot replace the owner's second factor).
 */
async function totpSetup(c: Context<AppEnv>) {
  const me = currentStaff(c);
  if (me.totpEnabled) throw new ApiHttpError(409, ADMIN_MESSAGES.totpAlreadyEnabled);
  const setup = newTotp(me.login);
  await c.var.db.update(staff).set({ totpSecret: setup.secret }).where(eq(staff.id, me.id));
  return c.json(setup, 200);
}

/** POST /api/admin/auth/totp/enable {code}: turns TOTP on when the code matches the set-up secret. */
async function totpEnable(c: Context<AppEnv>) {
  const body = parseOr400(TotpEnableBody, await readJson(c), 'Код');
  const me = currentStaff(c);
  if (me.totpEnabled) throw new ApiHttpError(409, ADMIN_MESSAGES.totpAlreadyEnabled);
  if (!me.totpSecret) throw new ApiHttpError(409, ADMIN_MESSAGES.totpNotSetUp);
  const step = checkTotp(me.totpSecret, body.code, null);
  if (step === null) throw new ApiHttpError(400, ADMIN_MESSAGES.totpWrong, { code: ADMIN_MESSAGES.totpWrong });
  const row = await c.var.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(staff)
      .set({ totpEnabled: true, totpLastStep: step })
      .where(eq(staff.id, me.id))
      .returning();
    await recordAudit(tx, {
      staffId: me.id,
      action: 'totp',
      entity: 'staff',
      entityId: me.id,
      before: { totpEnabled: false },
      after: { totpEnabled: true },
    });
    return updated!;
  });
  return c.json(toMe(row), 200);
}

/** POST /api/admin/auth/password {current, next}: changes the password and closes the other sessions. */
async function changePassword(c: Context<AppEnv>) {
  const body = parseOr400(PasswordChangeBody, await readJson(c), 'Смена пароля');
  const me = currentStaff(c);
  if (!(await verifyPassword(me.passwordHash, body.current))) {
    throw new ApiHttpError(400, ADMIN_MESSAGES.passwordWrong, { current: ADMIN_MESSAGES.passwordWrong });
  }
  const passwordHash = await hashPassword(body.next);
  await c.var.db.transaction(async (tx) => {
    await tx.update(staff).set({ passwordHash }).where(eq(staff.id, me.id));
    await recordAudit(tx, { staffId: me.id, action: 'password', entity: 'staff', entityId: me.id });
  });
  await closeOtherSessions(c.var.db, me.id, currentSessionId(c));
  return c.json({ ok: true as const }, 200);
}

/** Registers the auth routes and the `AdminSession` security scheme. */
export function registerAdminAuthRoutes(app: ApiApp) {
  app.openAPIRegistry.registerComponent('securitySchemes', 'AdminSession', {
    type: 'apiKey',
    in: 'cookie',
    name: ADMIN_COOKIE,
    description: 'Сессия консоли; небезопасные методы — с заголовком X-Admin-Request: 1',
  });
  for (const path of [
    '/api/admin/auth/logout',
    '/api/admin/auth/me',
    '/api/admin/auth/totp/*',
    '/api/admin/auth/password',
  ]) {
    app.use(path, requireStaffSession());
  }
  openapiRoute(app, loginRoute, login as never);
  openapiRoute(app, logoutRoute, logout as never);
  openapiRoute(app, meRoute, me as never);
  openapiRoute(app, totpSetupRoute, totpSetup as never);
  openapiRoute(app, totpEnableRoute, totpEnable as never);
  openapiRoute(app, passwordRoute, changePassword as never);
}
