/**
 * API-test helpers of the console (issue #32): create a staff member and get a session cookie.
 *
 *     const owner = await staffSession(api, 'owner');          // TOTP enabled for owners
 *     const res = await adminCall(api, owner, 'GET', '/api/admin/orders');
 *
 * `adminCall` sends the cookie and, for unsafe methods, the `X-Admin-Request: 1` header.
 */
import { eq } from 'drizzle-orm';
import { staff, type StaffRole } from '../../db/schema';
import { ADMIN_COOKIE, openSession } from '../../services/admin/sessions';
import { createStaff, newTotp } from '../../services/admin/staff';
import { call, type TestApi } from '../../test-utils';

/** A test staff member with a live session. */
export interface TestStaff {
  id: number;
  login: string;
  role: StaffRole;
  password: string;
  /** TOTP secret (owners get one, enabled), else null. */
  totpSecret: string | null;
  /** `admin_session=…`, the value of a Cookie header. */
  cookie: string;
}

let counter = 0;

/**
 * Creates a staff member with `role` and opens a session for them directly (no login round trip).
 * Owners get TOTP enabled unless `totp: false`, so the owner-without-TOTP rule does not get in the way.
 */
export async function staffSession(
  api: TestApi,
  role: StaffRole,
  options: { totp?: boolean; login?: string; password?: string } = {},
): Promise<TestStaff> {
  counter += 1;
  const login = options.login ?? `${role}${counter}-${process.pid}`;
  const password = options.password ?? 'Test-password-123';
  const row = await createStaff(api.handle.db, { login, name: `Тест ${role}`, role, password }, null);
  if (!row) throw new Error(`staffSession: login ${login} is taken`);
  let totpSecret: string | null = null;
  if (options.totp ?? role === 'owner') {
    totpSecret = newTotp(login).secret;
    await api.handle.db.update(staff).set({ totpSecret, totpEnabled: true }).where(eq(staff.id, row.id));
  }
  const { token } = await openSession(api.handle.db, row.id);
  return { id: row.id, login: row.login, role, password, totpSecret, cookie: `${ADMIN_COOKIE}=${token}` };
}

/** Calls a console route as `who` (cookie + CSRF header); `headers` override. */
export function adminCall(
  api: TestApi,
  who: TestStaff | null,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const unsafe = !['GET', 'HEAD'].includes(method.toUpperCase());
  return call(api, method, path, body, {
    ...(who ? { cookie: who.cookie } : {}),
    ...(unsafe ? { 'x-admin-request': '1' } : {}),
    ...headers,
  });
}

/** `call` but keeping the raw Response (headers such as Content-Range, CSV bodies). */
export function adminRequest(
  api: TestApi,
  who: TestStaff | null,
  method: string,
  path: string,
  init: RequestInit = {},
) {
  const unsafe = !['GET', 'HEAD'].includes(method.toUpperCase());
  return api.app.request(path, {
    ...init,
    method,
    headers: {
      ...(who ? { cookie: who.cookie } : {}),
      ...(unsafe ? { 'x-admin-request': '1' } : {}),
      ...((init.headers as Record<string, string>) ?? {}),
    },
  });
}
