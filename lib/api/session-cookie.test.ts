/**
 * Session cookies of the BFF (DESIGN.md "Auth and security", spec §3, §4 Session): the token of a
 * login answer lands in an httpOnly cookie and never in the relayed body; logout and a 401 of
 * get_user clear it.
 */
import { describe, expect, it } from 'vitest';
import { relayToShopApi } from './bff-relay';
import { sessionActionFor, takeToken, tokenCookies, shouldUseSecureCookies } from './session-cookie';

const exp = Math.floor(Date.now() / 1000) + 3600;
const token = `v1.${Buffer.from(JSON.stringify({ exp, uid: 1 })).toString('base64url')}.SECRETPART123456`;

function fakeApi(status: number, body: unknown): typeof fetch {
  return (async () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })) as typeof fetch;
}

function post(path: string, host = 'http://localhost:3000') {
  return new Request(`${host}${path}`, {
    method: 'POST',
    headers: { origin: host, 'content-type': 'application/json' },
    body: '{}',
  });
}

describe('BFF session cookies', () => {
  it('sets an httpOnly SameSite=Lax token cookie from data.token of /v1/auth/ and redacts the token', async () => {
    const res = await relayToShopApi(post('/api/v1/auth/'), {
      apiBase: 'http://api',
      fetchImpl: fakeApi(200, {
        status: 'success',
        data: { token, expires_at: new Date(exp * 1000).toISOString() },
        user: {},
      }),
    });
    const cookies = res.headers.getSetCookie();
    const tokenCookie = cookies.find((c) => c.startsWith('token='))!;
    expect(tokenCookie).toContain(`token=${encodeURIComponent(token)}`);
    expect(tokenCookie).toMatch(/HttpOnly/);
    expect(tokenCookie).toMatch(/SameSite=Lax/);
    expect(tokenCookie).not.toMatch(/Secure/);
    expect(cookies.find((c) => c.startsWith('token_exp='))).toContain(`token_exp=${exp}`);
    const text = await res.text();
    expect(text).not.toContain('SECRETPART');
    expect(JSON.parse(text).data.token.split('.')).toHaveLength(3);
  });

  it('is Secure exactly when SITE_URL is https, whatever scheme the server saw (issue #12)', async () => {
    // The storefront's own server sees http behind TLS termination: the request URL is http.
    const res = await relayToShopApi(post('/api/v1/sign_in/', 'http://localhost:3000'), {
      apiBase: 'http://api',
      siteUrl: 'https://shop.example.ru',
      fetchImpl: fakeApi(200, { status: 'success', data: { token } }),
    });
    expect(res.headers.getSetCookie()).toHaveLength(2);
    expect(res.headers.getSetCookie().every((c) => c.includes('Secure'))).toBe(true);
    expect(shouldUseSecureCookies('https://shop.example.ru')).toBe(true);
    expect(shouldUseSecureCookies('http://localhost:3000')).toBe(false);
    expect(shouldUseSecureCookies(undefined)).toBe(false);
  });

  it('sets no cookie for a failed login', async () => {
    const res = await relayToShopApi(post('/api/v1/auth/'), {
      apiBase: 'http://api',
      fetchImpl: fakeApi(400, { status: 'error', message: 'x' }),
    });
    expect(res.status).toBe(400);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('clears the cookies on logout and on a 401 of get_user, not on a 200', async () => {
    const out = await relayToShopApi(post('/api/v1/logout/'), {
      apiBase: 'http://api',
      fetchImpl: fakeApi(200, { status: 'success', message: 'ok' }),
    });
    expect(out.headers.getSetCookie().map((c) => c.split(';')[0])).toEqual(['token=', 'token_exp=']);
    expect(out.headers.getSetCookie()[0]).toMatch(/Max-Age=0/);
    const failed = await relayToShopApi(new Request('http://localhost:3000/api/v1/get_user/'), {
      apiBase: 'http://api',
      fetchImpl: fakeApi(401, { status: 'error', message: 'x' }),
    });
    expect(failed.headers.getSetCookie()).toHaveLength(2);
    const ok = await relayToShopApi(new Request('http://localhost:3000/api/v1/get_user/'), {
      apiBase: 'http://api',
      fetchImpl: fakeApi(200, { status: 'success' }),
    });
    expect(ok.headers.getSetCookie()).toEqual([]);
  });

  it('clears the cookies after a deleted account (issue #29), not after a refused deletion', async () => {
    const deleted = await relayToShopApi(post('/api/v1/delete_account/'), {
      apiBase: 'http://api',
      fetchImpl: fakeApi(200, { status: 'success', message: 'Аккаунт удалён' }),
    });
    expect(deleted.headers.getSetCookie().map((c) => c.split(';')[0])).toEqual(['token=', 'token_exp=']);
    const refused = await relayToShopApi(post('/api/v1/delete_account/'), {
      apiBase: 'http://api',
      fetchImpl: fakeApi(409, { status: 'error', message: 'Заказ в работе' }),
    });
    expect(refused.headers.getSetCookie()).toEqual([]);
  });

  it('knows the login paths of spec §7', () => {
    expect(sessionActionFor('POST', '/api/v1/rest-auth/login/')).toBe('login');
    expect(sessionActionFor('POST', '/api/v1/login/social/token_user/vk/')).toBe('login');
    expect(sessionActionFor('POST', '/api/login/social/token_user/vk/')).toBe('login');
    expect(sessionActionFor('GET', '/api/v1/auth/')).toBeNull();
    expect(sessionActionFor('POST', '/api/v2/cart/')).toBeNull();
    expect(takeToken({ data: {} })).toBeNull();
    expect(tokenCookies(token, false)[0]).toMatch(/Max-Age=3[56]\d\d/);
  });
});
