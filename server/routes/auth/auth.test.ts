/**
 * Auth and user API (spec §3, §5, §7 Auth and user, §8 messages; DESIGN.md "Auth and security"):
 * registration rules and duplicates, login with throttling, tokens that expire and are revoked,
 * password reset by a single-use expiring link mailed as an .eml file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  OkResponse,
  TokenResponse,
  UserResponse,
  RestAuthLoginResponse,
  SocialProvidersResponse,
} from '@/lib/api/contract/accounts';
import { ApiError } from '@/lib/api/contract/common';
import { ACCOUNT_MESSAGES, PASSWORD_HINTS, resetSentMessage, SPEC_MESSAGES } from '@/lib/messages/accounts';
import { authTokens, passwordResetTokens, users } from '../../db/schema';
import { digest } from '../../services/auth';
import { call, createTestApi, restoreServerEnv, stubServerEnv, type TestApi } from '../../test-utils';
import { settleResetRequests } from './auth.handlers';

// Before the server's modules load: server/env.ts parses the environment once, at import.
const mailDir = await vi.hoisted(async () => {
  const { mkdtempSync: mkdtemp } = await import('node:fs');
  const { tmpdir: tmp } = await import('node:os');
  const { join } = await import('node:path');
  const dir = mkdtemp(join(tmp(), 'shop-mail-'));
  process.env.MAIL_DIR = dir;
  return dir;
});

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi(20);
});
afterAll(async () => {
  await api?.close();
});

let seq = 0;
function person(overrides: Record<string, unknown> = {}) {
  seq += 1;
  return {
    full_name: 'Петрова Мария Ивановна',
    email: `Maria.${seq}.${Date.now()}@Example.ru`,
    phone: `+7(9${String(seq).padStart(2, '0')})-765-43-21`,
    password_one: 'Secret123',
    password_two: 'Secret123',
    personal_data_consent: true,
    ...overrides,
  };
}

const auth = (token: string) => ({ authorization: `Token ${token}` });

function expectError(res: { status: number; json: unknown }, status: number, message?: string | RegExp) {
  expect(res.status).toBe(status);
  const body = ApiError.parse(res.json);
  expect(body.message).toMatch(/[а-яё]/i);
  if (typeof message === 'string') expect(body.message).toBe(message);
  else if (message) expect(body.message).toMatch(message);
  return body;
}

async function register(overrides: Record<string, unknown> = {}) {
  const body = person(overrides);
  // Its own client address: registrations are limited per client (issue #12), and the suite registers many.
  const res = await call(api, 'POST', '/api/v1/sign_in/', body, { 'x-forwarded-for': `10.29.${seq % 250}.${seq % 7}` });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return { body, answer: TokenResponse.parse(res.json) };
}

describe('registration (spec §3, §5, §8)', () => {
  it('creates the user, lowercases the e-mail, splits the name, strips the phone mask and returns data.token', async () => {
    const { body, answer } = await register();
    expect(answer.user.email).toBe(body.email.toLowerCase());
    expect(answer.user).toMatchObject({
      last_name: 'Петрова',
      first_name: 'Мария',
      middle_name: 'Ивановна',
      second_name: 'Ивановна',
      name: 'Мария Петрова',
    });
    expect(answer.user.phone).toMatch(/^\+79\d{9}$/);
    expect(answer.data.token.split('.')).toHaveLength(3);
    const [row] = await api.handle.db.select().from(users).where(eq(users.id, answer.user.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    const me = await call(api, 'GET', '/api/v1/get_user/', undefined, auth(answer.data.token));
    expect(UserResponse.parse(me.json).user.email).toBe(body.email.toLowerCase());
  });

  it('refuses a duplicate e-mail (any case) and a duplicate phone with the spec messages', async () => {
    const { body } = await register();
    const sameEmail = await call(api, 'POST', '/api/v1/sign_in/', person({ email: body.email.toUpperCase() }));
    expectError(sameEmail, 400, SPEC_MESSAGES.duplicateEmail);
    const samePhone = await call(api, 'POST', '/api/v1/sign_in/', person({ phone: body.phone }));
    expectError(samePhone, 400, SPEC_MESSAGES.duplicatePhone);
  });

  it('refuses a 10 kB name, a malformed e-mail, missing fields, weak passwords and unequal passwords with 4xx', async () => {
    expectError(
      await call(api, 'POST', '/api/v1/sign_in/', person({ full_name: `${'Я'.repeat(10_240)} Б` })),
      400,
      /Слишком длинное имя/,
    );
    expectError(
      await call(api, 'POST', '/api/v1/sign_in/', person({ email: 'not-an-email' })),
      400,
      /электронной почты/,
    );
    expectError(await call(api, 'POST', '/api/v1/sign_in/', {}), 400);
    expectError(await call(api, 'POST', '/api/v1/sign_in/', person({ full_name: 'Одно' })), 400, /фамилию и имя/);
    expectError(
      await call(api, 'POST', '/api/v1/sign_in/', person({ password_one: 'short1A', password_two: 'short1A' })),
      400,
      new RegExp(PASSWORD_HINTS.length),
    );
    expectError(
      await call(api, 'POST', '/api/v1/sign_in/', person({ password_one: 'longenough1', password_two: 'longenough1' })),
      400,
      new RegExp(PASSWORD_HINTS.upper),
    );
    expectError(
      await call(api, 'POST', '/api/v1/sign_in/', person({ password_one: 'LongEnough', password_two: 'LongEnough' })),
      400,
      new RegExp(PASSWORD_HINTS.digit),
    );
    expectError(
      await call(api, 'POST', '/api/v1/sign_in/', person({ password_two: 'Other1234' })),
      400,
      /не совпадают/,
    );
    expectError(await call(api, 'POST', '/api/v1/sign_in/', person({ phone: '+7(912)-34' })), 400, /телефона/);
    expectError(await call(api, 'POST', '/api/v1/sign_in/', '{"broken'), 400);
    expectError(
      await call(api, 'POST', '/api/v1/sign_in/', { ...person(), full_name: 'Ив Ан Ко', complete: true }),
      400,
      /длиннее 2/,
    );
  });
});

describe('login (spec §7 /v1/auth/, §8)', () => {
  it('logs in with the e-mail in any case and refuses a wrong password with the spec message', async () => {
    const { body } = await register();
    const ok = await call(api, 'POST', '/api/v1/auth/', {
      username: body.email.toUpperCase(),
      password: body.password_one,
    });
    expect(TokenResponse.parse(ok.json).data.token).toBeTruthy();
    expectError(
      await call(api, 'POST', '/api/v1/auth/', { username: body.email, password: 'Wrong1234' }),
      400,
      SPEC_MESSAGES.loginFailed,
    );
    expectError(
      await call(api, 'POST', '/api/v1/auth/', { username: 'nobody@example.ru', password: 'Wrong1234' }),
      400,
      SPEC_MESSAGES.loginFailed,
    );
  });

  it('throttles a brute force of 50 wrong passwords from one client; the owner elsewhere still logs in (issue #12)', async () => {
    const { body } = await register();
    const attacker = { 'x-forwarded-for': '203.0.113.66' };
    const statuses: number[] = [];
    for (let i = 0; i < 50; i += 1) {
      statuses.push(
        (await call(api, 'POST', '/api/v1/auth/', { username: body.email, password: `Guess${i}Pass` }, attacker))
          .status,
      );
    }
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    expectError(
      await call(api, 'POST', '/api/v1/auth/', { username: body.email, password: body.password_one }, attacker),
      429,
      /Слишком много попыток/,
    );
    const owner = await call(
      api,
      'POST',
      '/api/v1/auth/',
      { username: body.email, password: body.password_one },
      { 'x-forwarded-for': '198.51.100.200' },
    );
    expect(owner.status).toBe(200);
  });

  it('slows, never refuses, an account guessed from many clients; the right password still works', async () => {
    stubServerEnv({ LOGIN_SLOWDOWN_MS: '400' });
    try {
      const { body } = await register();
      const statuses: number[] = [];
      for (let i = 0; i < 12; i += 1) {
        statuses.push(
          (
            await call(
              api,
              'POST',
              '/api/v1/auth/',
              { username: body.email, password: `Guess${i}Pass` },
              { 'x-forwarded-for': `10.9.${i}.1` },
            )
          ).status,
        );
      }
      expect(statuses.every((s) => s === 400)).toBe(true);
      const started = Date.now();
      const owner = await call(
        api,
        'POST',
        '/api/v1/auth/',
        { username: body.email, password: body.password_one },
        { 'x-forwarded-for': '198.51.100.201' },
      );
      expect(owner.status).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    } finally {
      restoreServerEnv();
    }
  });

  it('throttles one client trying many accounts', async () => {
    const client = { 'x-forwarded-for': '203.0.113.77' };
    const statuses: number[] = [];
    for (let i = 0; i < 25; i += 1) {
      statuses.push(
        (await call(api, 'POST', '/api/v1/auth/', { username: `spray${i}@example.ru`, password: 'Spray1234' }, client))
          .status,
      );
    }
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
    // Another client is not affected.
    expect(
      (
        await call(
          api,
          'POST',
          '/api/v1/auth/',
          { username: 'spray0@example.ru', password: 'Spray1234' },
          { 'x-forwarded-for': '203.0.113.78' },
        )
      ).status,
    ).toBe(400);
  });

  it('rest-auth login answers key and data.token', async () => {
    const { body } = await register();
    const res = await call(api, 'POST', '/api/v1/rest-auth/login/', { email: body.email, password: body.password_one });
    const parsed = RestAuthLoginResponse.parse(res.json);
    expect(parsed.key).toBe(parsed.data.token);
  });
});

describe('tokens', () => {
  it('get_user needs a token (401), accepts GET and POST', async () => {
    expectError(await call(api, 'GET', '/api/v1/get_user/'), 401);
    expectError(await call(api, 'GET', '/api/v1/get_user/', undefined, auth('v1.bogus.bogus-token-value')), 401);
    const { answer } = await register();
    expect((await call(api, 'POST', '/api/v1/get_user/', undefined, auth(answer.data.token))).status).toBe(200);
  });

  it('an expired token is refused', async () => {
    const { answer } = await register();
    await api.handle.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.tokenHash, digest(answer.data.token)));
    expectError(await call(api, 'GET', '/api/v1/get_user/', undefined, auth(answer.data.token)), 401);
  });

  it('logout revokes the token', async () => {
    const { answer } = await register();
    expect(
      OkResponse.parse((await call(api, 'POST', '/api/v1/logout/', undefined, auth(answer.data.token))).json).status,
    ).toBe('success');
    expectError(await call(api, 'GET', '/api/v1/get_user/', undefined, auth(answer.data.token)), 401);
  });
});

describe('changeinfo (spec §7 PUT /v1/changeinfo/)', () => {
  it('changes personal data and refuses another user’s e-mail', async () => {
    const a = await register();
    const b = await register();
    const res = await call(
      api,
      'PUT',
      '/api/v1/changeinfo/',
      { full_name: 'Сидорова Ольга Петровна', phone: '+7(999)-000-11-22', subscribed: true },
      auth(a.answer.data.token),
    );
    expect(UserResponse.parse(res.json).user).toMatchObject({
      last_name: 'Сидорова',
      first_name: 'Ольга',
      phone: '+79990001122',
      subscribed: true,
    });
    expectError(
      await call(api, 'PUT', '/api/v1/changeinfo/', { email: b.body.email }, auth(a.answer.data.token)),
      400,
      SPEC_MESSAGES.duplicateEmail,
    );
    expectError(
      await call(api, 'PUT', '/api/v1/changeinfo/', { first_name: 'x'.repeat(10_000) }, auth(a.answer.data.token)),
      400,
    );
    expectError(await call(api, 'PUT', '/api/v1/changeinfo/', { email: 'a@b.ru' }), 401);
  });
});

function latestMailTo(email: string): string {
  const files = readdirSync(mailDir)
    .filter((f) => f.endsWith('.eml') && f.includes(email.toLowerCase()))
    .sort();
  if (files.length === 0) throw new Error(`no mail for ${email}`);
  return readFileSync(path.join(mailDir, files.at(-1)!), 'utf8');
}

/** POST /v1/reset/ and wait for its lookup and mail, which run after the answer (issue #29). */
async function resetCall(...args: Parameters<typeof call>) {
  const res = await call(...args);
  await settleResetRequests();
  return res;
}

function resetTokenFrom(mail: string): string {
  const match = /\/reset\/([A-Za-z0-9_-]{20,})/.exec(mail.replace(/=\r?\n/g, ''));
  if (!match) throw new Error('no reset link in the mail');
  return match[1]!;
}

describe('password reset (spec §7 /v1/reset/, /v1/reset/complite/, §8)', () => {
  it('mails a /reset/{token} link that works once; the old password and old tokens stop working', async () => {
    const { body, answer } = await register();
    const email = body.email.toLowerCase();
    const sent = await resetCall(api, 'POST', '/api/v1/reset/', { email: body.email });
    expect(OkResponse.parse(sent.json).message).toBe(resetSentMessage(email));
    const mail = latestMailTo(email);
    expect(mail).toMatch(/Subject: /);
    const token = resetTokenFrom(mail);

    const done = await call(api, 'POST', '/api/v1/reset/complite/', {
      token,
      password_one: 'Newpass123',
      password_two: 'Newpass123',
    });
    expect(OkResponse.parse(done.json).message).toBe(SPEC_MESSAGES.dataSaved);
    expectError(
      await call(api, 'POST', '/api/v1/reset/complite/', {
        token,
        password_one: 'Other1234A',
        password_two: 'Other1234A',
      }),
      400,
      /недействительна/,
    );

    expectError(
      await call(api, 'POST', '/api/v1/auth/', { username: email, password: body.password_one }),
      400,
      SPEC_MESSAGES.loginFailed,
    );
    expect((await call(api, 'POST', '/api/v1/auth/', { username: email, password: 'Newpass123' })).status).toBe(200);
    expectError(await call(api, 'GET', '/api/v1/get_user/', undefined, auth(answer.data.token)), 401);
  });

  it('builds the link from SITE_URL whatever host the request names (issue #12)', async () => {
    const { body } = await register();
    await resetCall(
      api,
      'POST',
      '/api/v1/reset/',
      { email: body.email },
      { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', host: 'evil.example' },
    );
    const mail = latestMailTo(body.email).replace(/=\r?\n/g, '');
    expect(mail).not.toContain('evil.example');
    expect(mail).toContain('http://localhost:3000/reset/');
  });

  it('a new reset link, or a completed reset, ends every other open link of the user (issue #12)', async () => {
    const { body } = await register();
    const ip = { 'x-forwarded-for': '198.51.100.150' };
    await resetCall(api, 'POST', '/api/v1/reset/', { email: body.email }, ip);
    const first = resetTokenFrom(latestMailTo(body.email));
    await new Promise((r) => setTimeout(r, 5)); // distinct mail file names
    await resetCall(api, 'POST', '/api/v1/reset/', { email: body.email }, ip);
    const second = resetTokenFrom(latestMailTo(body.email));
    expect(second).not.toBe(first);
    expectError(
      await call(
        api,
        'POST',
        '/api/v1/reset/complite/',
        { token: first, password_one: 'Newpass123', password_two: 'Newpass123' },
        ip,
      ),
      400,
      /недействительна/,
    );
    expect(
      (
        await call(
          api,
          'POST',
          '/api/v1/reset/complite/',
          { token: second, password_one: 'Newpass123', password_two: 'Newpass123' },
          ip,
        )
      ).status,
    ).toBe(200);
    // A link issued before a reset completed elsewhere dies too.
    const [user] = await api.handle.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, body.email.toLowerCase()));
    const { issueResetToken: issue, completeReset: complete } = await import('../../services/auth');
    const a = await issue(api.handle.db, user!.id);
    const b = await issue(api.handle.db, user!.id);
    await complete(api.handle.db, b.token, 'Another123');
    await expect(complete(api.handle.db, a.token, 'Another456')).rejects.toThrow(/недействительна/);
  });

  it('refuses an expired reset token', async () => {
    const { body } = await register();
    await resetCall(api, 'POST', '/api/v1/reset/', { email: body.email });
    const token = resetTokenFrom(latestMailTo(body.email));
    await api.handle.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.tokenHash, digest(token)));
    expectError(
      await call(api, 'POST', '/api/v1/reset/complite/', {
        token,
        password_one: 'Newpass123',
        password_two: 'Newpass123',
      }),
      400,
      /недействительна или устарела/,
    );
  });

  it('validates the e-mail and the new password', async () => {
    expectError(await resetCall(api, 'POST', '/api/v1/reset/', { email: 'broken' }), 400);
    expectError(
      await call(api, 'POST', '/api/v1/reset/complite/', {
        token: 'x'.repeat(40),
        password_one: 'weak',
        password_two: 'weak',
      }),
      400,
      new RegExp(PASSWORD_HINTS.length),
    );
  });
});

describe('password reset tells nobody whether an address has an account (issue #29)', () => {
  it('answers an unknown address the same 200 and message as a known one, and mails only the known one', async () => {
    const { body } = await register();
    const known = body.email.toLowerCase();
    const unknown = `nobody-${Date.now()}@example.ru`;
    const a = await resetCall(api, 'POST', '/api/v1/reset/', { email: unknown }, { 'x-forwarded-for': '198.51.100.1' });
    const b = await resetCall(api, 'POST', '/api/v1/reset/', { email: known }, { 'x-forwarded-for': '198.51.100.1' });
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(OkResponse.parse(a.json).message).toBe(resetSentMessage(unknown));
    expect(OkResponse.parse(b.json).message).toBe(resetSentMessage(known));
    expect(readdirSync(mailDir).some((f) => f.includes(unknown))).toBe(false);
    expect(latestMailTo(known)).toMatch(/\/reset\//);
  });

  it('answers a known address as fast as an unknown one (the lookup and mail run after the answer)', async () => {
    const { body } = await register();
    const time = async (email: string, i: number) => {
      const started = performance.now();
      const res = await call(api, 'POST', '/api/v1/reset/', { email }, { 'x-forwarded-for': `203.0.113.${i}` });
      const ms = performance.now() - started;
      expect(res.status).toBe(200);
      await settleResetRequests();
      return ms;
    };
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
    const knownMs: number[] = [];
    const unknownMs: number[] = [];
    for (let i = 0; i < 9; i += 1) {
      unknownMs.push(await time(`ghost-${i}-${Date.now()}@example.ru`, 100 + i));
      knownMs.push(await time(body.email, 120 + i));
    }
    // Before: 10.2 vs 2.8 ms (token, transaction and mail only for a known address).
    expect(median(knownMs)).toBeLessThan(median(unknownMs) * 1.5 + 1);
  });

  it("a stranger's three requests do not use up the owner's quota; the stranger's client and pair are limited", async () => {
    const { body } = await register();
    const stranger = { 'x-forwarded-for': '198.51.100.66' };
    const owner = { 'x-forwarded-for': '192.0.2.10' };
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1)
      statuses.push((await resetCall(api, 'POST', '/api/v1/reset/', { email: body.email }, stranger)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const mine = await resetCall(api, 'POST', '/api/v1/reset/', { email: body.email }, owner);
    expect(mine.status).toBe(200);
    // The owner's mail is the newest and its link works.
    const token = resetTokenFrom(latestMailTo(body.email.toLowerCase()));
    const done = await call(api, 'POST', '/api/v1/reset/complite/', {
      token,
      password_one: 'Owner1234',
      password_two: 'Owner1234',
    });
    expect(done.status).toBe(200);
  });

  it('mails one account at most 5 times an hour, quietly: the answer stays 200 and the last link keeps working', async () => {
    const { body } = await register();
    const email = body.email.toLowerCase();
    const mails = () => readdirSync(mailDir).filter((f) => f.includes(email)).length;
    const before = mails();
    for (let i = 0; i < 7; i += 1) {
      const res = await resetCall(api, 'POST', '/api/v1/reset/', { email }, { 'x-forwarded-for': `198.18.0.${i + 1}` });
      expect(res.status).toBe(200);
    }
    expect(mails() - before).toBe(5);
    const token = resetTokenFrom(latestMailTo(email));
    expect(
      (
        await call(api, 'POST', '/api/v1/reset/complite/', {
          token,
          password_one: 'Last12345',
          password_two: 'Last12345',
        })
      ).status,
    ).toBe(200);
  });
});

describe('social login (spec §4, §7)', () => {
  it('lists no provider without VK credentials and refuses the exchange with a clear message', async () => {
    expect((await call(api, 'GET', '/api/v1/social/providers/')).json).toEqual({ status: 'success', providers: [] });
    const body = { code: 'abc', clientId: '1', redirectUri: 'http://localhost:3000/' };
    expectError(await call(api, 'POST', '/api/v1/login/social/token_user/vk/', body), 400, /не настроен/);
    expectError(await call(api, 'POST', '/api/v1/login/social/token_user/facebook/', body), 404, /не настроен/);
  });
});

describe('VK ID login when configured (spec §4 Session "Social login", §7 social exchange)', () => {
  const CLIENT_ID = '51234567';
  const SECRET = 'vk-secret-value-never-shown';
  const exchange = (overrides: Record<string, unknown> = {}) => ({
    code: 'vk-code-1',
    clientId: CLIENT_ID,
    redirectUri: 'http://localhost:3000/auth/vk/callback',
    codeVerifier: 'v'.repeat(64),
    deviceId: 'device-1',
    state: 's'.repeat(43),
    ...overrides,
  });

  afterEach(() => {
    restoreServerEnv();
    vi.unstubAllGlobals();
  });

  /** A stand-in for id.vk.com: records the requests and answers like VK ID. */
  function fakeVk(answer: { ok: boolean; userId?: string; email?: string }) {
    const requests: Array<{ url: string; form: URLSearchParams }> = [];
    const fetchMock = vi.fn(async (url: string | URL, init?: RequestInit) => {
      requests.push({ url: String(url), form: new URLSearchParams(String(init?.body ?? '')) });
      if (!answer.ok)
        return Response.json({ error: 'invalid_grant', error_description: 'code is invalid' }, { status: 400 });
      if (String(url).endsWith('/oauth2/auth'))
        return Response.json({ access_token: 'vk-access', user_id: Number(answer.userId) });
      return Response.json({
        user: { user_id: answer.userId, first_name: 'Анна', last_name: 'Смирнова', email: answer.email },
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    return { requests, fetchMock };
  }

  it('shows VK with the public client id and authorize URL, never the secret', async () => {
    stubServerEnv({ VK_CLIENT_ID: CLIENT_ID });
    stubServerEnv({ VK_CLIENT_SECRET: SECRET });
    const res = await call(api, 'GET', '/api/v1/social/providers/');
    expect(res.status).toBe(200);
    expect(SocialProvidersResponse.parse(res.json).providers).toEqual([
      { provider: 'vk', client_id: CLIENT_ID, authorize_url: 'https://id.vk.com/authorize' },
    ]);
    expect(JSON.stringify(res.json)).not.toContain(SECRET);
    // Only one of the two set: still hidden.
    stubServerEnv({ VK_CLIENT_SECRET: '' });
    expect((await call(api, 'GET', '/api/v1/social/providers/')).json.providers).toEqual([]);
  });

  it('refuses an exchange without the PKCE verifier or device id, or for another app, without calling VK', async () => {
    stubServerEnv({ VK_CLIENT_ID: CLIENT_ID });
    stubServerEnv({ VK_CLIENT_SECRET: SECRET });
    const { fetchMock } = fakeVk({ ok: true, userId: '1' });
    expectError(
      await call(api, 'POST', '/api/v1/login/social/token_user/vk/', exchange({ codeVerifier: undefined })),
      400,
      ACCOUNT_MESSAGES.socialFailed,
    );
    expectError(
      await call(api, 'POST', '/api/v1/login/social/token_user/vk/', exchange({ deviceId: undefined })),
      400,
      ACCOUNT_MESSAGES.socialFailed,
    );
    expectError(
      await call(api, 'POST', '/api/v1/login/social/token_user/vk/', exchange({ clientId: '999' })),
      400,
      ACCOUNT_MESSAGES.socialFailed,
    );
    expectError(
      await call(api, 'POST', '/api/v1/login/social/token_user/vk/', exchange({ redirectUri: 'not a url' })),
      400,
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('exchanges the code with what VK ID needs, creates the user once and answers a working token', async () => {
    stubServerEnv({ VK_CLIENT_ID: CLIENT_ID });
    stubServerEnv({ VK_CLIENT_SECRET: SECRET });
    const vkUser = String(700_000 + Math.floor(Math.random() * 100_000));
    const { requests } = fakeVk({ ok: true, userId: vkUser, email: `Anna.${vkUser}@Example.ru` });
    const res = await call(api, 'POST', '/api/v1/login/social/token_user/vk/', exchange());
    expect(res.status).toBe(200);
    const answer = TokenResponse.parse(res.json);
    expect(answer.user.email).toBe(`anna.${vkUser}@example.ru`);
    const tokenRequest = requests.find((r) => r.url === 'https://id.vk.com/oauth2/auth')!;
    expect(Object.fromEntries(tokenRequest.form)).toMatchObject({
      grant_type: 'authorization_code',
      code: 'vk-code-1',
      client_id: CLIENT_ID,
      redirect_uri: 'http://localhost:3000/auth/vk/callback',
      code_verifier: 'v'.repeat(64),
      device_id: 'device-1',
      state: 's'.repeat(43),
    });
    // Spec §4: the user is then loaded with the returned token.
    const me = await call(api, 'GET', '/api/v1/get_user/', undefined, { authorization: `Token ${answer.data.token}` });
    expect(UserResponse.parse(me.json).user.id).toBe(answer.user.id);
    const again = TokenResponse.parse(
      (await call(api, 'POST', '/api/v1/login/social/token_user/vk/', exchange({ code: 'vk-code-2' }))).json,
    );
    expect(again.user.id).toBe(answer.user.id);
  });

  it('answers a clear 400 when VK refuses the code', async () => {
    stubServerEnv({ VK_CLIENT_ID: CLIENT_ID });
    stubServerEnv({ VK_CLIENT_SECRET: SECRET });
    fakeVk({ ok: false });
    expectError(
      await call(api, 'POST', '/api/v1/login/social/token_user/vk/', exchange()),
      400,
      ACCOUNT_MESSAGES.socialFailed,
    );
  });
});

describe('complete registration after a social login (spec §2/§4 popup; issue #34 item 7)', () => {
  async function vkUser(email: string | null) {
    const { userForVkProfile } = await import('../../services/social');
    const { issueToken } = await import('../../services/auth');
    seq += 1;
    const user = await userForVkProfile(api.handle.db, {
      vkId: `vk-${seq}-${Date.now()}`,
      email,
      firstName: 'Иван',
      lastName: 'Соколов',
    });
    return { user, token: (await issueToken(api.handle.db, user.id)).token };
  }
  const from = () => ({ 'x-forwarded-for': `10.34.${seq % 250}.${seq % 7}` });

  it('completes the signed-in VK account (no second account) and then refuses to do it again', async () => {
    const { user, token } = await vkUser(null);
    const me = UserResponse.parse((await call(api, 'GET', '/api/v1/get_user/', undefined, auth(token))).json).user;
    expect(me).toMatchObject({ email: null, has_password: false, middle_name: '' });

    const body = person({ full_name: 'Соколов Иван Петрович', complete: true });
    const res = await call(api, 'POST', '/api/v1/sign_in/', body, { ...auth(token), ...from() });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const answer = TokenResponse.parse(res.json);
    expect(answer.user).toMatchObject({
      id: user.id,
      email: body.email.toLowerCase(),
      last_name: 'Соколов',
      first_name: 'Иван',
      middle_name: 'Петрович',
      has_password: true,
    });
    const login = await call(api, 'POST', '/api/v1/auth/', { username: body.email, password: 'Secret123' }, from());
    expect(TokenResponse.parse(login.json).user.id).toBe(user.id);

    expectError(
      await call(api, 'POST', '/api/v1/sign_in/', person({ full_name: 'Соколов Иван Петрович', complete: true }), {
        ...auth(token),
        ...from(),
      }),
      400,
      ACCOUNT_MESSAGES.registrationComplete,
    );
  });

  it('refuses an e-mail of another account with the spec message and leaves the VK account as it was', async () => {
    const taken = await register();
    const { user, token } = await vkUser(null);
    expectError(
      await call(
        api,
        'POST',
        '/api/v1/sign_in/',
        person({ full_name: 'Соколов Иван Петрович', email: taken.body.email, complete: true }),
        { ...auth(token), ...from() },
      ),
      400,
      SPEC_MESSAGES.duplicateEmail,
    );
    const [row] = await api.handle.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ email: null, passwordHash: null, middleName: '' });
  });
});
