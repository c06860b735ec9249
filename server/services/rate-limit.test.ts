/**
 * Per-client rate limits (issue #12 item 7): registration is refused with 429, a Russian message
 * and Retry-After after 30 attempts of one client in 15 minutes, before any password is hashed;
 * other clients keep registering. The 429 texts name the wait in Russian.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/contract/common';
import { rateLimitMessage, waitPhrase } from '@/lib/messages/rate-limits';
import { users } from '../db/schema';
import { call, createTestApi, type TestApi } from '../test-utils';
import { RATE_LIMIT_RULES } from './rate-limit';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi(20);
});
afterAll(async () => {
  await api?.close();
});

const person = (email: string) => ({
  full_name: 'Лимитова Анна',
  email,
  phone: '',
  password_one: 'Secret123',
  password_two: 'Secret123',
  personal_data_consent: true,
});

describe('POST /v1/sign_in/ (registration) per client', () => {
  it('counts every attempt, also invalid ones, and refuses the 31st in 15 minutes without creating the user', async () => {
    const attacker = { 'x-forwarded-for': '198.51.100.77' };
    for (let i = 0; i < 30; i += 1)
      expect((await call(api, 'POST', '/api/v1/sign_in/', {}, attacker)).status).toBe(400);
    const res = await api.app.request('/api/v1/sign_in/', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...attacker },
      body: JSON.stringify(person('limited@example.ru')),
    });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('900');
    expect(ApiError.parse(await res.json()).message).toBe(
      'Слишком много попыток регистрации. Попробуйте снова через 15\u00A0минут',
    );
    expect(
      (await api.handle.db.select({ n: count() }).from(users).where(eq(users.email, 'limited@example.ru')))[0]!.n,
    ).toBe(0);

    const other = await call(api, 'POST', '/api/v1/sign_in/', person('welcome@example.ru'), {
      'x-forwarded-for': '198.51.100.78',
    });
    expect(other.status).toBe(200);
  });
});

describe('429 texts', () => {
  it('name the wait of the window in Russian', () => {
    expect(waitPhrase(60_000)).toBe('через 1\u00A0минуту');
    expect(waitPhrase(2 * 60_000)).toBe('через 2\u00A0минуты');
    expect(waitPhrase(15 * 60_000)).toBe('через 15\u00A0минут');
    expect(waitPhrase(60 * 60_000)).toBe('через час');
    expect(waitPhrase(3 * 60 * 60_000)).toBe('через 3\u00A0часа');
    expect(waitPhrase(24 * 60 * 60_000)).toBe('через сутки');
    expect(waitPhrase(5 * 24 * 60 * 60_000)).toBe('через 5\u00A0дней');
    for (const rule of Object.values(RATE_LIMIT_RULES))
      expect(rateLimitMessage(rule.action, rule.windowMs)).toMatch(/^Слишком много [а-яё ]+\. Попробуйте снова через /);
  });
});
