/**
 * The console through the storefront's BFF relay (lib/api/bff-relay.ts, issue #32): the
 * `admin_session` cookie reaches the API and the API's Set-Cookie for it reaches the browser
 * (Secure on an https site), a cross-site POST is refused, and the API's response cache never keeps
 * a console answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relayToShopApi } from '@/lib/api/bff-relay';
import { createApp } from '../../../app';
import { CACHEABLE_PATHS } from '../../../services/response-cache';
import { createTestApi, type TestApi } from '../../../test-utils';
import { staffSession, type TestStaff } from '../test-utils';

let api: TestApi;
let manager: TestStaff;
const SITE = 'https://shop.example.ru';

beforeAll(async () => {
  api = await createTestApi(2);
  manager = await staffSession(api, 'manager');
}, 120_000);
afterAll(async () => api?.close());

function relay(app: { request: (url: string, init: RequestInit) => Response | Promise<Response> }, request: Request) {
  return relayToShopApi(request, {
    apiBase: 'http://api.internal',
    siteUrl: SITE,
    fetchImpl: (async (url: string, init: RequestInit) => {
      const u = new URL(url);
      return app.request(`${u.pathname}${u.search}`, init);
    }) as typeof fetch,
  });
}

describe('console through the BFF relay', () => {
  it('passes the login cookie to the browser and the browser cookie to the API', async () => {
    const login = await relay(
      api.app,
      new Request(`${SITE}/api/admin/auth/login`, {
        method: 'POST',
        headers: { origin: SITE, 'content-type': 'application/json', 'x-admin-request': '1' },
        body: JSON.stringify({ login: manager.login, password: manager.password }),
      }),
    );
    expect(login.status).toBe(200);
    const setCookie = login.headers.getSetCookie().find((c) => c.startsWith('admin_session='));
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Secure/);
    const cookie = setCookie!.split(';')[0]!;
    const me = await relay(api.app, new Request(`${SITE}/api/admin/auth/me`, { headers: { cookie } }));
    expect(me.status).toBe(200);
    expect(me.headers.get('cache-control')).toMatch(/no-store/);
    expect(await me.json()).toMatchObject({ login: manager.login });

    const logout = await relay(
      api.app,
      new Request(`${SITE}/api/admin/auth/logout`, {
        method: 'POST',
        headers: { origin: SITE, cookie, 'x-admin-request': '1' },
      }),
    );
    expect(logout.headers.getSetCookie().some((c) => /^admin_session=;/.test(c) && /Max-Age=0/.test(c))).toBe(true);
  });

  it('refuses a console POST from another site before the API sees it', async () => {
    const res = await relay(
      api.app,
      new Request(`${SITE}/api/admin/staff`, {
        method: 'POST',
        headers: {
          origin: 'https://evil.example',
          cookie: manager.cookie,
          'x-admin-request': '1',
          'content-type': 'application/json',
        },
        body: '{}',
      }),
    );
    expect(res.status).toBe(403);
  });

  it('never caches a console answer in the API response cache', async () => {
    expect(CACHEABLE_PATHS.some((re) => re.test('/api/admin/orders'))).toBe(false);
    // With the cache on, a session's answer is not served to the next, anonymous request.
    const cached = createApp(api.handle.db, { cacheTtlMs: 60_000 });
    expect((await cached.request('/api/admin/auth/me', { headers: { cookie: manager.cookie } })).status).toBe(200);
    expect((await cached.request('/api/admin/auth/me')).status).toBe(401);
  });
});
