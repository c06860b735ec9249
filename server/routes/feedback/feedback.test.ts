/**
 * Help form and newsletter API (spec §3 Feedback message, §5 Help form, §7 send_message,
 * Subscription; issue #12 item 7): messages are stored, bad input is a 4xx with a Russian message
 * and nothing is stored; the newsletter changes state only by POST and only after the address
 * owner confirms from a mail; each endpoint answers 429 with a Russian message past its per-client
 * limit.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/contract/common';
import { SuccessMessage } from '@/lib/api/contract/feedback';
import { NEWSLETTER_MESSAGES } from '@/lib/messages/newsletter';
import { feedbackMessages, subscriptionConfirmations, subscriptions, users } from '../../db/schema';
import { call, createTestApi, restoreServerEnv, stubServerEnv, type TestApi } from '../../test-utils';
import type { MailMessage } from '../../services/mail';

const mail = vi.hoisted(() => ({ sent: [] as MailMessage[], fail: false }));
vi.mock('../../services/mail', () => ({
  sendMail: async (message: MailMessage) => {
    if (mail.fail) throw new Error('SMTP refused');
    mail.sent.push(message);
    return { via: 'file', file: '/dev/null' };
  },
}));

let api: TestApi;
beforeAll(async () => {
  stubServerEnv({ SITE_URL: 'https://shop.example.ru' });
  api = await createTestApi(20);
});
afterAll(async () => {
  restoreServerEnv();
  await api?.close();
});
beforeEach(() => {
  mail.sent.length = 0;
  mail.fail = false;
});

/** Each test calls from its own client address, so per-client limits of one test do not leak into another. */
let clientSeq = 0;
const newClient = () => ({ 'x-forwarded-for': `203.0.113.${++clientSeq}` });

function expectError(res: { status: number; json: unknown }, status: number, message: RegExp | string) {
  expect(res.status).toBe(status);
  const text = ApiError.parse(res.json).message;
  if (typeof message === 'string') expect(text).toBe(message);
  else expect(text).toMatch(message);
}

const messageCount = async () => (await api.handle.db.select({ n: count() }).from(feedbackMessages))[0]!.n;
const subscriber = async (email: string) =>
  (await api.handle.db.select().from(subscriptions).where(eq(subscriptions.email, email)))[0];

/** The token of the last mailed link of `kind`, checking that the link is built from SITE_URL. */
function linkToken(kind: 'subscribe/confirm' | 'unsubscribe', message = mail.sent.at(-1)): string {
  const match = message?.text.match(new RegExp(`https://shop\\.example\\.ru/${kind}/([A-Za-z0-9_-]+)`));
  expect(match, message?.text).not.toBeNull();
  return match![1]!;
}

describe('POST /v1/send_message/', () => {
  it('stores the message and answers the spec §4 success text', async () => {
    const before = await messageCount();
    const res = await call(api, 'POST', '/api/v1/send_message/', {
      messageFeedback: { message: '  Подскажите, есть ли купальник в размере M?  ', contactData: 'anna@example.ru' },
      personal_data_consent: true,
    });
    expect(res.status).toBe(200);
    expect(SuccessMessage.parse(res.json).message).toBe('Сообщение отправлено успешно');
    expect(await messageCount()).toBe(before + 1);
    const [row] = await api.handle.db
      .select()
      .from(feedbackMessages)
      .where(eq(feedbackMessages.contactData, 'anna@example.ru'));
    expect(row?.message).toBe('Подскажите, есть ли купальник в размере M?');
  });

  it('rejects empty fields, a missing wrapper and malformed JSON without storing anything', async () => {
    const client = newClient();
    const before = await messageCount();
    expectError(
      await call(
        api,
        'POST',
        '/api/v1/send_message/',
        { messageFeedback: { message: 'Текст', contactData: '   ' } },
        client,
      ),
      400,
      /Укажите контактную почту или телефон/,
    );
    expectError(
      await call(
        api,
        'POST',
        '/api/v1/send_message/',
        { messageFeedback: { message: '', contactData: '+79991234567' } },
        client,
      ),
      400,
      /Напишите текст сообщения/,
    );
    expectError(
      await call(api, 'POST', '/api/v1/send_message/', { message: 'Текст', contactData: 'a@b.ru' }, client),
      400,
      /Сообщение не отправлено/,
    );
    expectError(
      await call(api, 'POST', '/api/v1/send_message/', '{"messageFeedback":', client),
      400,
      /Некорректный JSON/,
    );
    expectError(
      await call(
        api,
        'POST',
        '/api/v1/send_message/',
        { messageFeedback: { message: 'я'.repeat(5001), contactData: 'a@b.ru' } },
        client,
      ),
      400,
      /не длиннее 5000/,
    );
    expect(await messageCount()).toBe(before);
  });

  it('answers 429 with a Russian message and Retry-After past 10 messages per client an hour, and stores nothing then', async () => {
    const client = newClient();
    const body = { messageFeedback: { message: 'Спам', contactData: 'spam@example.ru' }, personal_data_consent: true };
    for (let i = 0; i < 10; i += 1)
      expect((await call(api, 'POST', '/api/v1/send_message/', body, client)).status).toBe(200);
    const before = await messageCount();
    const res = await api.app.request('/api/v1/send_message/', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...client },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('3600');
    expect(ApiError.parse(await res.json()).message).toBe('Слишком много сообщений. Попробуйте снова через час');
    expect(await messageCount()).toBe(before);
    // Another shopper is not affected.
    expect((await call(api, 'POST', '/api/v1/send_message/', body, newClient())).status).toBe(200);
  });
});

describe('newsletter: double opt-in, state changes only by POST (issue #12)', () => {
  it('GET /v1/subscribe/ and /v1/unsubscribe/ change nothing: 405 with Allow: POST and a Russian message', async () => {
    for (const path of [
      '/api/v1/subscribe/?email=get.only@example.ru',
      '/api/v1/unsubscribe/?email=get.only@example.ru',
      '/api/v1/subscribe/',
    ]) {
      const res = await api.app.request(path, { headers: newClient() });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
      expect(ApiError.parse(await res.json()).message).toBe(NEWSLETTER_MESSAGES.postOnly);
    }
    expect(await subscriber('get.only@example.ru')).toBeUndefined();
    expect(mail.sent).toHaveLength(0);
  });

  it('POST /v1/subscribe/ only mails a link; the address is subscribed after the link is confirmed, once', async () => {
    const client = newClient();
    const res = await call(
      api,
      'POST',
      '/api/v1/subscribe/',
      { email: 'Olga.Petrova@Example.RU', personal_data_consent: true },
      client,
    );
    expect(res.status).toBe(200);
    expect(SuccessMessage.parse(res.json).message).toBe(NEWSLETTER_MESSAGES.requested);
    expect((await subscriber('olga.petrova@example.ru'))?.active).toBe(false);
    expect(mail.sent).toHaveLength(1);
    expect(mail.sent[0]).toMatchObject({ to: 'olga.petrova@example.ru', subject: 'Подтвердите подписку на рассылку' });
    const token = linkToken('subscribe/confirm');
    linkToken('unsubscribe');
    // Only the hash of the link's token is stored.
    const stored = await api.handle.db
      .select()
      .from(subscriptionConfirmations)
      .where(eq(subscriptionConfirmations.email, 'olga.petrova@example.ru'));
    expect(stored.map((r) => r.tokenHash)).not.toContain(token);

    const ok = await call(api, 'POST', '/api/v1/subscribe/confirm/', { token }, client);
    expect(ok.status).toBe(200);
    expect(ok.json.message).toBe('Подписка подтверждена');
    const row = await subscriber('olga.petrova@example.ru');
    expect(row).toMatchObject({ active: true });
    expect(row!.confirmedAt).toBeInstanceOf(Date);

    expectError(
      await call(api, 'POST', '/api/v1/subscribe/confirm/', { token }, client),
      400,
      NEWSLETTER_MESSAGES.confirmInvalid,
    );
  });

  it('answers the same for an address that is already subscribed, and still needs its owner to confirm anything', async () => {
    const client = newClient();
    await call(
      api,
      'POST',
      '/api/v1/subscribe/',
      { email: 'same.answer@example.ru', personal_data_consent: true },
      client,
    );
    await call(api, 'POST', '/api/v1/subscribe/confirm/', { token: linkToken('subscribe/confirm') }, client);
    const fresh = await call(
      api,
      'POST',
      '/api/v1/subscribe/',
      { email: 'never.seen@example.ru', personal_data_consent: true },
      client,
    );
    const known = await call(
      api,
      'POST',
      '/api/v1/subscribe/',
      { email: 'same.answer@example.ru', personal_data_consent: true },
      client,
    );
    expect(known.status).toBe(fresh.status);
    expect(known.json).toEqual(fresh.json);
    expect((await subscriber('never.seen@example.ru'))?.active).toBe(false);
  });

  it('refuses an expired, unknown or malformed token with 400 and changes nothing', async () => {
    const client = newClient();
    await call(api, 'POST', '/api/v1/subscribe/', { email: 'late@example.ru', personal_data_consent: true }, client);
    const token = linkToken('subscribe/confirm');
    await api.handle.db
      .update(subscriptionConfirmations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(subscriptionConfirmations.email, 'late@example.ru'));
    expectError(
      await call(api, 'POST', '/api/v1/subscribe/confirm/', { token }, client),
      400,
      NEWSLETTER_MESSAGES.confirmInvalid,
    );
    expect((await subscriber('late@example.ru'))?.active).toBe(false);
    expectError(
      await call(api, 'POST', '/api/v1/subscribe/confirm/', { token: 'A'.repeat(43) }, client),
      400,
      NEWSLETTER_MESSAGES.confirmInvalid,
    );
    expectError(
      await call(api, 'POST', '/api/v1/subscribe/confirm/', { token: 'short' }, client),
      400,
      /откройте её из письма целиком/,
    );
    expectError(
      await call(api, 'POST', '/api/v1/subscribe/confirm/', { token: '../../etc/passwd-xxxxxxxx' }, client),
      400,
      /откройте её из письма целиком/,
    );
    expectError(
      await call(api, 'POST', '/api/v1/subscribe/confirm/', {}, client),
      400,
      /откройте её из письма целиком/,
    );
  });

  it('rejects a missing or invalid e-mail with 400 and mails nothing', async () => {
    const client = newClient();
    expectError(await call(api, 'POST', '/api/v1/subscribe/', {}, client), 400, /Укажите адрес электронной почты/);
    expectError(
      await call(api, 'POST', '/api/v1/subscribe/', { email: 'not-an-email', personal_data_consent: true }, client),
      400,
      /Введите корректный адрес электронной почты/,
    );
    expect(mail.sent).toHaveLength(0);
  });

  it('POST /v1/unsubscribe/ with the token of the mailed link unsubscribes (repeatably) and kills open confirmation links', async () => {
    const client = newClient();
    await call(api, 'POST', '/api/v1/subscribe/', { email: 'leaving@example.ru', personal_data_consent: true }, client);
    await call(api, 'POST', '/api/v1/subscribe/confirm/', { token: linkToken('subscribe/confirm') }, client);
    expect((await subscriber('leaving@example.ru'))?.active).toBe(true);
    await call(api, 'POST', '/api/v1/subscribe/', { email: 'leaving@example.ru', personal_data_consent: true }, client);
    const pending = linkToken('subscribe/confirm');
    const unsubscribeToken = linkToken('unsubscribe');

    const off = await call(api, 'POST', '/api/v1/unsubscribe/', { token: unsubscribeToken }, client);
    expect(off.status).toBe(200);
    expect(off.json.message).toBe('Вы отписались от рассылки');
    expect((await subscriber('leaving@example.ru'))?.active).toBe(false);
    expect((await call(api, 'POST', '/api/v1/unsubscribe/', { token: unsubscribeToken }, client)).status).toBe(200);
    expectError(
      await call(api, 'POST', '/api/v1/subscribe/confirm/', { token: pending }, client),
      400,
      NEWSLETTER_MESSAGES.confirmInvalid,
    );
    expect((await subscriber('leaving@example.ru'))?.active).toBe(false);
    expectError(
      await call(api, 'POST', '/api/v1/unsubscribe/', { token: 'B'.repeat(43) }, client),
      400,
      NEWSLETTER_MESSAGES.unsubscribeInvalid,
    );
    expectError(
      await call(api, 'POST', '/api/v1/unsubscribe/', { email: 'leaving@example.ru' }, client),
      400,
      /откройте её из письма целиком/,
    );
  });

  it("keeps the profile's subscribed flag of the account with that e-mail in step with the mails", async () => {
    const client = newClient();
    const [user] = await api.handle.db
      .insert(users)
      .values({ email: 'profile.flag@example.ru', lastName: 'Тестова', firstName: 'Анна' })
      .returning();
    await call(
      api,
      'POST',
      '/api/v1/subscribe/',
      { email: 'profile.flag@example.ru', personal_data_consent: true },
      client,
    );
    await call(api, 'POST', '/api/v1/subscribe/confirm/', { token: linkToken('subscribe/confirm') }, client);
    expect((await api.handle.db.select().from(users).where(eq(users.id, user!.id)))[0]!.subscribed).toBe(true);
    await call(api, 'POST', '/api/v1/unsubscribe/', { token: linkToken('unsubscribe') }, client);
    expect((await api.handle.db.select().from(users).where(eq(users.id, user!.id)))[0]!.subscribed).toBe(false);
  });

  it('answers 503 when the mail cannot be sent, and the unsent link never works', async () => {
    mail.fail = true;
    const res = await call(
      api,
      'POST',
      '/api/v1/subscribe/',
      { email: 'no.mail@example.ru', personal_data_consent: true },
      newClient(),
    );
    expectError(res, 503, /Не удалось отправить письмо/);
    const open = await api.handle.db
      .select()
      .from(subscriptionConfirmations)
      .where(eq(subscriptionConfirmations.email, 'no.mail@example.ru'));
    expect(open.every((r) => r.usedAt !== null)).toBe(true);
  });

  it('mails one address at most 3 times a day, answering the same afterwards (no mailbox flooding)', async () => {
    for (let i = 0; i < 5; i += 1) {
      const res = await call(
        api,
        'POST',
        '/api/v1/subscribe/',
        { email: 'victim@example.ru', personal_data_consent: true },
        newClient(),
      );
      expect(res.status).toBe(200);
      expect(res.json.message).toBe(NEWSLETTER_MESSAGES.requested);
    }
    expect(mail.sent.filter((m) => m.to === 'victim@example.ru')).toHaveLength(3);
  });

  it('answers 429 with a Russian message past 10 subscribe requests and 20 link posts per client', async () => {
    const client = newClient();
    for (let i = 0; i < 10; i += 1)
      expect(
        (
          await call(
            api,
            'POST',
            '/api/v1/subscribe/',
            { email: `burst.${i}@example.ru`, personal_data_consent: true },
            client,
          )
        ).status,
      ).toBe(200);
    const sentBefore = mail.sent.length;
    const res = await api.app.request('/api/v1/subscribe/', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...client },
      body: JSON.stringify({ email: 'burst.x@example.ru', personal_data_consent: true }),
    });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('3600');
    expect(ApiError.parse(await res.json()).message).toBe(
      'Слишком много запросов на подписку. Попробуйте снова через час',
    );
    expect(mail.sent.length).toBe(sentBefore);
    expect(await subscriber('burst.x@example.ru')).toBeUndefined();

    const guesser = newClient();
    for (let i = 0; i < 20; i += 1)
      await call(api, 'POST', '/api/v1/unsubscribe/', { token: `guess${i}`.padEnd(43, 'x') }, guesser);
    expectError(
      await call(api, 'POST', '/api/v1/subscribe/confirm/', { token: 'C'.repeat(43) }, guesser),
      429,
      'Слишком много переходов по ссылкам рассылки. Попробуйте снова через 15\u00A0минут',
    );
  });
});
