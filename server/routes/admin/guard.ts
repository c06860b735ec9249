/**
 * The console's guard (issue #32, the console API contract "Auth", "CSRF", "Roles";
 * docs/operator-console.md): `requireStaff(...roles)` is the Hono middleware every `/api/admin`
 * route except the login sits behind. In order:
 * 1. a live `admin_session` cookie (server/services/admin/sessions.ts), else 401 — a shopper's
 *    `Authorization: Token` is never looked at;
 * 2. an unsafe method (POST/PUT/PATCH/DELETE) carries `X-Admin-Request: 1`, else 403 (a custom
 *    header cannot be sent cross-site without a CORS preflight, which the API never grants);
 * 3. the role is one of `roles` (none given: any role), else 403 «Недостаточно прав»;
 * 4. an owner without TOTP gets 403 (set it up first), except on routes declared with
 *    {@link allowWithoutTotp} (me, logout, TOTP setup, password).
 * The staff member is then read with {@link currentStaff}.
 */
import { getCookie } from 'hono/cookie';
import { ADMIN_MESSAGES } from '@/lib/api/contract/admin/auth';
import { ApiHttpError } from '../../http';
import { ADMIN_COOKIE, staffBySession, type StaffRow } from '../../services/admin/sessions';
import type { StaffRole } from '../../db/schema';
import type { AppEnv } from '../../types';
import type { Context, MiddlewareHandler } from 'hono';

export type { StaffRole } from '../../db/schema';
export type { StaffRow } from '../../services/admin/sessions';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

// The staff member of each request (the Context object is the same in middleware and handler);
// kept here so server/types.ts and its users stay as they are.
const staffOf = new WeakMap<Context, { staff: StaffRow; sessionId: number }>();

/**
 * Refuses an unsafe request without `X-Admin-Request: 1`.
 * @throws ApiHttpError 403 with the Russian CSRF message.
 */
export function checkAdminCsrf(c: Context): void {
  if (UNSAFE.has(c.req.method.toUpperCase()) && c.req.header('x-admin-request') !== '1') {
    throw new ApiHttpError(403, ADMIN_MESSAGES.csrf);
  }
}

/** Options of {@link requireStaffWith}. */
export interface GuardOptions {
  /** Roles allowed; empty: any role. */
  roles?: readonly StaffRole[];
  /** true: an owner without TOTP passes (the auth routes that let them set it up). */
  allowWithoutTotp?: boolean;
}

/** {@link requireStaff} with options. */
export function requireStaffWith(options: GuardOptions = {}): MiddlewareHandler<AppEnv> {
  const roles = options.roles ?? [];
  return async (c, next) => {
    const token = getCookie(c, ADMIN_COOKIE);
    const found = token ? await staffBySession(c.var.db, token) : null;
    if (!found) throw new ApiHttpError(401, ADMIN_MESSAGES.unauthorized);
    checkAdminCsrf(c);
    if (roles.length > 0 && !roles.includes(found.staff.role)) throw new ApiHttpError(403, ADMIN_MESSAGES.forbidden);
    if (!options.allowWithoutTotp && found.staff.role === 'owner' && !found.staff.totpEnabled) {
      throw new ApiHttpError(403, ADMIN_MESSAGES.totpSetupRequired);
    }
    staffOf.set(c, found);
    c.header('cache-control', 'private, no-store');
    await next();
  };
}

/**
 * Middleware: a live console session whose role is one of `roles` (owner always passes, since the
 * owner may do everything; no roles: any staff member). 401 / 403 as the module comment says.
 */
export function requireStaff(...roles: StaffRole[]): MiddlewareHandler<AppEnv> {
  return requireStaffWith({ roles: roles.length > 0 && !roles.includes('owner') ? [...roles, 'owner'] : roles });
}

/** Middleware: any staff member, owner's TOTP not required (the auth routes). */
export function requireStaffSession(): MiddlewareHandler<AppEnv> {
  return requireStaffWith({ allowWithoutTotp: true });
}

/**
 * The staff member of a request that passed the guard.
 * @throws Error when called on a route without the guard (a programming error, not a client's).
 */
export function currentStaff(c: Context): StaffRow {
  const found = staffOf.get(c);
  if (!found) throw new Error('currentStaff: the route has no requireStaff guard');
  return found.staff;
}

/** The session id of a request that passed the guard (password change keeps it open). */
export function currentSessionId(c: Context): number {
  const found = staffOf.get(c);
  if (!found) throw new Error('currentSessionId: the route has no requireStaff guard');
  return found.sessionId;
}
