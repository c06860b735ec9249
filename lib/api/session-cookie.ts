/**
 * The session cookies of the BFF (DESIGN.md "Auth and security", spec §3 "The token is kept in a
 * cookie named token", §4 Session):
 * - `token`: httpOnly, SameSite=Lax, Path=/, Secure whenever SITE_URL is https, set from `data.token` of a successful login, registration, social
 *   exchange or rest-auth login; its Max-Age follows the token's expiry.
 * - `token_exp`: the expiry in epoch seconds, readable by scripts, so the storefront knows that
 *   a session exists (spec §4 "if the token cookie exists … the user is loaded") without ever
 *   seeing the token.
 * Both are cleared on logout and when GET|POST /v1/get_user/ answers 401 (spec §4/§8: a failed
 * user load clears the token). The token never reaches the browser's scripts: the BFF replaces
 * the secret part in the relayed body, keeping the three-part shape (`v1.{payload}.`) so spec
 * §5's expiry check still reads `exp`.
 */
import { tokenExpiry } from '@/lib/validation/auth';

/** Name of the httpOnly token cookie (spec §3). */
export const TOKEN_COOKIE = 'token';
/** Name of the script-readable expiry cookie. */
export const TOKEN_EXP_COOKIE = 'token_exp';

/**
 * What the BFF does with the session cookies after relaying a call; `deleted` (issue #29: the
 * account was deleted) clears them like a logout, but only when the deletion succeeded.
 */
export type SessionAction = 'login' | 'logout' | 'user' | 'deleted' | null;

const LOGIN_PATHS = [
  /^\/api\/v1\/auth$/,
  /^\/api\/v1\/sign_in$/,
  /^\/api\/v1\/rest-auth\/login$/,
  /^\/api(\/v1)?\/login\/social\/token_user\/[\w-]+$/,
];

/** Which session action a relayed call implies (method + path, trailing slashes ignored). */
export function sessionActionFor(method: string, pathname: string): SessionAction {
  const path = pathname.replace(/\/+$/, '');
  const m = method.toUpperCase();
  if (m === 'POST' && LOGIN_PATHS.some((re) => re.test(path))) return 'login';
  if (m === 'POST' && path === '/api/v1/logout') return 'logout';
  if (m === 'POST' && path === '/api/v1/delete_account') return 'deleted';
  if ((m === 'GET' || m === 'POST') && path === '/api/v1/get_user') return 'user';
  return null;
}

function cookie(name: string, value: string, maxAgeS: number, opts: { httpOnly: boolean; secure: boolean }): string {
  return [
    `${name}=${encodeURIComponent(value)}`,
    'Path=/',
    `Max-Age=${Math.max(0, Math.floor(maxAgeS))}`,
    'SameSite=Lax',
    ...(opts.httpOnly ? ['HttpOnly'] : []),
    ...(opts.secure ? ['Secure'] : []),
  ].join('; ');
}

/**
 * Set-Cookie values storing a token. Max-Age from the token's `exp` (or `expiresAt`, ISO), else
 * 30 days.
 * @param now ms since epoch.
 */
export function tokenCookies(token: string, secure: boolean, expiresAt?: string, now = Date.now()): string[] {
  const expMs = tokenExpiry(token) ?? (expiresAt ? Date.parse(expiresAt) : NaN);
  const exp = Number.isFinite(expMs) ? expMs : now + 30 * 86_400_000;
  const maxAge = (exp - now) / 1000;
  return [
    cookie(TOKEN_COOKIE, token, maxAge, { httpOnly: true, secure }),
    cookie(TOKEN_EXP_COOKIE, String(Math.floor(exp / 1000)), maxAge, { httpOnly: false, secure }),
  ];
}

/** Set-Cookie values removing both session cookies. */
export function clearedTokenCookies(secure: boolean): string[] {
  return [
    cookie(TOKEN_COOKIE, '', 0, { httpOnly: true, secure }),
    cookie(TOKEN_EXP_COOKIE, '', 0, { httpOnly: false, secure }),
  ];
}

/** The token with its secret part removed: "v1.{payload}.{secret}" → "v1.{payload}.". */
export function redactToken(token: string): string {
  const parts = token.split('.');
  return parts.length === 3 ? `${parts[0]}.${parts[1]}.` : '';
}

/**
 * Reads `data.token` (and `data.expires_at`) of a login answer and returns the body with the
 * token (and rest-auth's `key`) redacted. Null when the body has no token.
 */
export function takeToken(body: unknown): { token: string; expiresAt?: string; redacted: unknown } | null {
  if (!body || typeof body !== 'object') return null;
  const data = (body as { data?: unknown }).data;
  if (!data || typeof data !== 'object') return null;
  const token = (data as { token?: unknown }).token;
  if (typeof token !== 'string' || token === '') return null;
  const expiresAt = (data as { expires_at?: unknown }).expires_at;
  const redacted: Record<string, unknown> = {
    ...(body as Record<string, unknown>),
    data: { ...data, token: redactToken(token) },
  };
  if ('key' in redacted) redacted.key = redactToken(token);
  return { token, expiresAt: typeof expiresAt === 'string' ? expiresAt : undefined, redacted };
}

/**
 * Whether the session cookies get `Secure` (issue #12): exactly when the shop's public address
 * (SITE_URL) is https. The storefront's own server may see plain http behind a TLS proxy, so the
 * request's scheme says nothing; an http SITE_URL (a local run) cannot use Secure cookies at all.
 */
export function shouldUseSecureCookies(siteUrl: string | undefined): boolean {
  if (!siteUrl) return false;
  try {
    return new URL(siteUrl).protocol === 'https:';
  } catch {
    return false;
  }
}
