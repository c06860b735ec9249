/** The console's login, TOTP, password, staff and audit-log routes (issue #32) on a real database. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpNow } from '../../../services/admin/staff';
import { call, createTestApi, type TestApi } from '../../../test-utils';
import { adminCall, staffSession, type TestStaff } from '../test-utils';

let api: TestApi;
let owner: TestStaff;

beforeAll(async () => {
  api = await createTestApi(4);
  owner = await staffSession(api, 'owner');
}, 120_000);
afterAll(async () => api?.close());

const H = { 'x-admin-request': '1' };
const cookieOf = (setCookie: string | null) => /admin_session=([^;]+)/.exec(setCookie ?? '')?.[1];

describe('login', () => {
  it('logs a manager in with an HttpOnly SameSite=Strict cookie that opens me', async () => {
    const m = await staffSession(api, 'manager', { login: 'anna.m' });
    const res = await call(api, 'POST', '/api/admin/auth/login', { login: 'Anna.M', password: m.password }, H);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ login: 'anna.m', role: 'manager', totpEnabled: false });
    expect(res.setCookie).toMatch(/HttpOnly/);
    expect(res.setCookie).toMatch(/SameSite=Strict/);
    expect(res.setCookie).toMatch(/Path=\//);
    expect(res.setCookie).not.toMatch(/Secure/);
    const me = await call(api, 'GET', '/api/admin/auth/me', undefined, {
      cookie: `admin_session=${cookieOf(res.setCookie)}`,
    });
    expect(me.json).toMatchObject({ login: 'anna.m', name: 'Тест manager' });
    // Logout ends the session.
    const cookie = `admin_session=${cookieOf(res.setCookie)}`;
    expect((await call(api, 'POST', '/api/admin/auth/logout', undefined, { ...H, cookie })).status).toBe(200);
    expect((await call(api, 'GET', '/api/admin/auth/me', undefined, { cookie })).status).toBe(401);
  });

  it('sets Secure behind an https site', async () => {
    const m = await staffSession(api, 'editor');
    const res = await call(
      api,
      'POST',
      '/api/admin/auth/login',
      { login: m.login, password: m.password },
      {
        ...H,
        'x-forwarded-proto': 'https',
      },
    );
    expect(res.setCookie).toMatch(/Secure/);
  });

  it('refuses a wrong password, an unknown login and a missing CSRF header', async () => {
    const res = await call(api, 'POST', '/api/admin/auth/login', { login: owner.login, password: 'nope' }, H);
    expect(res.status).toBe(401);
    expect(res.json.message).toBe('Неверный логин или пароль');
    expect((await call(api, 'POST', '/api/admin/auth/login', { login: 'ghost', password: 'x' }, H)).status).toBe(401);
    expect(
      (await call(api, 'POST', '/api/admin/auth/login', { login: owner.login, password: owner.password })).status,
    ).toBe(403);
  });

  it('asks an owner with TOTP for the code and accepts it once', async () => {
    const first = await call(api, 'POST', '/api/admin/auth/login', { login: owner.login, password: owner.password }, H);
    expect(first.status).toBe(401);
    expect(first.json).toMatchObject({ totpRequired: true, message: 'Введите код из приложения-аутентификатора' });
    expect(first.setCookie).toBeNull();
    const code = totpNow(owner.totpSecret!);
    const ok = await call(
      api,
      'POST',
      '/api/admin/auth/login',
      { login: owner.login, password: owner.password, totp: code },
      H,
    );
    expect(ok.status).toBe(200);
    // The same code again is a replay.
    const replay = await call(
      api,
      'POST',
      '/api/admin/auth/login',
      { login: owner.login, password: owner.password, totp: code },
      H,
    );
    expect(replay.status).toBe(401);
    expect(replay.json.totpRequired).toBe(true);
  });

  it('throttles a client after 5 failures with 429', async () => {
    const victim = await staffSession(api, 'editor');
    const from = { ...H, 'x-forwarded-for': '203.0.113.9' };
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await call(api, 'POST', '/api/admin/auth/login', { login: victim.login, password: 'wrong' }, from)).status,
      ).toBe(401);
    }
    const limited = await call(
      api,
      'POST',
      '/api/admin/auth/login',
      { login: victim.login, password: victim.password },
      from,
    );
    expect(limited.status).toBe(429);
  });

  it('answers malformed bodies 400 in Russian', async () => {
    const res = await call(api, 'POST', '/api/admin/auth/login', '{', { ...H, 'content-type': 'application/json' });
    expect(res.status).toBe(400);
    expect(res.json.message).toMatch(/[а-я]/);
    expect((await call(api, 'POST', '/api/admin/auth/login', { login: 5 }, H)).status).toBe(400);
  });
});

describe('TOTP setup', () => {
  it('keeps a new owner out until TOTP is on, then lets them in', async () => {
    const fresh = await staffSession(api, 'owner', { totp: false });
    expect((await adminCall(api, fresh, 'GET', '/api/admin/staff')).status).toBe(403);
    const setup = await adminCall(api, fresh, 'POST', '/api/admin/auth/totp/setup');
    expect(setup.status).toBe(200);
    expect(setup.json.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(setup.json.qrSvg).toMatch(/^<svg/);
    expect((await adminCall(api, fresh, 'POST', '/api/admin/auth/totp/enable', { code: '000000' })).status).toBe(400);
    const on = await adminCall(api, fresh, 'POST', '/api/admin/auth/totp/enable', { code: totpNow(setup.json.secret) });
    expect(on.status).toBe(200);
    expect(on.json.totpEnabled).toBe(true);
    expect((await adminCall(api, fresh, 'GET', '/api/admin/staff')).status).toBe(200);
    expect((await adminCall(api, fresh, 'POST', '/api/admin/auth/totp/setup')).status).toBe(409);
  });
});

describe('password change', () => {
  it('needs the current password and closes the other sessions', async () => {
    const m = await staffSession(api, 'manager');
    const other = await call(api, 'POST', '/api/admin/auth/login', { login: m.login, password: m.password }, H);
    const otherCookie = `admin_session=${cookieOf(other.setCookie)}`;
    const wrong = await adminCall(api, m, 'POST', '/api/admin/auth/password', {
      current: 'bad',
      next: 'New-password-456',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.message).toBe('Текущий пароль неверен');
    expect(
      (await adminCall(api, m, 'POST', '/api/admin/auth/password', { current: m.password, next: 'short' })).status,
    ).toBe(400);
    const ok = await adminCall(api, m, 'POST', '/api/admin/auth/password', {
      current: m.password,
      next: 'New-password-456',
    });
    expect(ok.status).toBe(200);
    expect((await adminCall(api, m, 'GET', '/api/admin/auth/me')).status).toBe(200);
    expect((await call(api, 'GET', '/api/admin/auth/me', undefined, { cookie: otherCookie })).status).toBe(401);
    expect(
      (await call(api, 'POST', '/api/admin/auth/login', { login: m.login, password: 'New-password-456' }, H)).status,
    ).toBe(200);
  });
});

describe('staff and audit-log', () => {
  it('lets the owner create an editor who can then log in, and logs it', async () => {
    const created = await adminCall(api, owner, 'POST', '/api/admin/staff', {
      login: 'Olga.Editor',
      name: 'Ольга',
      role: 'editor',
      password: 'Editor-password-1',
    });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({ login: 'olga.editor', role: 'editor', disabled: false });
    expect(created.json).not.toHaveProperty('passwordHash');
    const dup = await adminCall(api, owner, 'POST', '/api/admin/staff', {
      login: 'olga.editor',
      name: 'Ольга 2',
      role: 'editor',
      password: 'Editor-password-1',
    });
    expect(dup.status).toBe(409);
    const login = await call(
      api,
      'POST',
      '/api/admin/auth/login',
      { login: 'olga.editor', password: 'Editor-password-1' },
      H,
    );
    expect(login.status).toBe(200);
    const editorCookie = `admin_session=${cookieOf(login.setCookie)}`;
    const listed = await adminCall(api, owner, 'GET', `/api/admin/staff/${created.json.id}`);
    expect(Date.parse(listed.json.lastLoginAt)).toBeGreaterThan(Date.now() - 60_000);
    const byLogin = await adminCall(
      api,
      owner,
      'GET',
      `/api/admin/audit-log?filter=${encodeURIComponent('{"staffLogin":"olga"}')}`,
    );
    expect(byLogin.json.map((r: { action: string }) => r.action)).toEqual(['login']);
    expect((await call(api, 'GET', '/api/admin/staff', undefined, { cookie: editorCookie })).status).toBe(403);

    const list = await api.app.request(
      `/api/admin/audit-log?filter=${encodeURIComponent(JSON.stringify({ entity: 'staff', entityId: String(created.json.id) }))}&sort=${encodeURIComponent('["id","ASC"]')}`,
      { headers: { cookie: owner.cookie } },
    );
    expect(list.status).toBe(200);
    expect(list.headers.get('content-range')).toMatch(/^audit-log 0-\d+\/\d+$/);
    const records = await list.json();
    expect(records[0]).toMatchObject({
      action: 'create',
      staffLogin: owner.login,
      before: null,
      after: { login: 'olga.editor' },
    });
    expect(records.map((r: { action: string }) => r.action)).toContain('login');

    // Disabling ends the editor's session.
    const off = await adminCall(api, owner, 'DELETE', `/api/admin/staff/${created.json.id}`);
    expect(off.json.disabled).toBe(true);
    expect((await call(api, 'GET', '/api/admin/auth/me', undefined, { cookie: editorCookie })).status).toBe(401);
    expect(
      (await call(api, 'POST', '/api/admin/auth/login', { login: 'olga.editor', password: 'Editor-password-1' }, H))
        .status,
    ).toBe(401);
  });

  it('never leaves the shop without an enabled owner', async () => {
    const { handle } = api;
    const owners = await adminCall(
      api,
      owner,
      'GET',
      `/api/admin/staff?filter=${encodeURIComponent('{"role":"owner","disabled":false}')}`,
    );
    // Disable every other owner first, then the last one is refused.
    for (const o of owners.json.filter((x: { id: number }) => x.id !== owner.id)) {
      expect((await adminCall(api, owner, 'DELETE', `/api/admin/staff/${o.id}`)).status).toBe(200);
    }
    const self = await adminCall(api, owner, 'PUT', `/api/admin/staff/${owner.id}`, { name: 'Я', role: 'manager' });
    expect(self.status).toBe(409);
    expect(self.json.message).toBe('Нельзя отключить или понизить последнего владельца');
    expect((await adminCall(api, owner, 'DELETE', `/api/admin/staff/${owner.id}`)).status).toBe(409);
    void handle;
  });

  it('answers 404 and 400 for unknown and bad ids', async () => {
    expect((await adminCall(api, owner, 'GET', '/api/admin/staff/999999')).status).toBe(404);
    expect((await adminCall(api, owner, 'GET', '/api/admin/staff/abc')).status).toBe(400);
    expect((await adminCall(api, owner, 'GET', '/api/admin/audit-log/99999999')).status).toBe(404);
  });
});
