/**
 * The console's auth provider (issue #32, tasks/contract.md "Auth"): staff sign in at
 * `/api/admin/auth/login` with login, password and — when the API answers 401 with
 * `totpRequired` — a TOTP code; the session is the HttpOnly `admin_session` cookie, so the browser
 * never holds a token. `me` gives the identity and the role that hides menus the role may not use
 * (the API enforces roles anyway, 403).
 */
import { HttpError, type AuthProvider, type UserIdentity } from 'react-admin';
import { ADMIN_API, adminFetch } from './http';

/** Staff roles of the console: owner (everything), manager (orders, promotions, people), editor (content). */
export type StaffRole = 'owner' | 'manager' | 'editor';

/** The signed-in staff member as `GET /api/admin/auth/me` answers. */
export type StaffMe = { id: number | string; login: string; name: string; role: StaffRole; totpEnabled: boolean };

/** Thrown by `login` when the password was right and the second factor is needed. */
export class TotpRequiredError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TotpRequiredError';
  }
}

/** Credentials the login form sends; `totp` only on the second step. */
export type LoginParams = { login: string; password: string; totp?: string };

let me: StaffMe | null = null;

/** The signed-in staff member, asked of the API once per page load (null when signed out). */
async function fetchMe(force = false): Promise<StaffMe | null> {
  if (me && !force) return me;
  try {
    const { json } = await adminFetch(`${ADMIN_API}/auth/me`);
    me = json as StaffMe;
    return me;
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) return (me = null);
    throw error;
  }
}

/** Forgets the cached identity (after the owner enabled TOTP, for example). */
export function refreshIdentity(): Promise<StaffMe | null> {
  return fetchMe(true);
}

/** Builds the console's auth provider. */
export function createAuthProvider(): AuthProvider {
  return {
    async login(params: LoginParams) {
      try {
        const { json } = await adminFetch(`${ADMIN_API}/auth/login`, {
          method: 'POST',
          body: JSON.stringify({
            login: params.login,
            password: params.password,
            ...(params.totp ? { totp: params.totp } : {}),
          }),
        });
        me = json as StaffMe;
      } catch (error) {
        if (error instanceof HttpError && (error.body as { totpRequired?: boolean } | null)?.totpRequired)
          throw new TotpRequiredError(error.message);
        throw error;
      }
    },
    async logout() {
      me = null;
      await adminFetch(`${ADMIN_API}/auth/logout`, { method: 'POST' }).catch(() => undefined);
    },
    async checkAuth() {
      if (!(await fetchMe())) throw new HttpError('Войдите в консоль', 401, null);
    },
    async checkError(error: { status?: number }) {
      // 403 is a role's limit, not a lost session: stay signed in and show the message.
      if (error?.status === 401) {
        me = null;
        throw new HttpError('Сеанс истёк, войдите снова', 401, null);
      }
    },
    async getIdentity(): Promise<UserIdentity> {
      const staff = await fetchMe();
      if (!staff) throw new HttpError('Войдите в консоль', 401, null);
      return { ...staff, fullName: staff.name || staff.login };
    },
    async getPermissions() {
      return (await fetchMe())?.role ?? null;
    },
  };
}
