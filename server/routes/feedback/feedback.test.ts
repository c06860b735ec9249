/**
 * Help form and newsletter API (spec §3 Feedback message, §5 Help form, §7 send_message,
 * subscribe, unsubscribe): messages are stored, subscriptions toggle, bad input is a 4xx with a
 * Russian message and nothing is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { ApiError } from '@/lib/api/contract/common';
import { SuccessMessage } from '@/lib/api/contract/feedback';
import { feedbackMessages, subscriptions } from '../../db/schema';
import { call, createTestApi, type TestApi } from '../../test-utils';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi(20);
});
afterAll(async () => {
  await api?.close();
});

function expectError(res: { status: number; json: unknown }, status: number, message: RegExp) {
  expect(res.status).toBe(status);
  expect(ApiError.parse(res.json).message).toMatch(message);
}

const messageCount = async () => (await api.handle.db.select({ n: count() }).from(feedbackMessages))[0]!.n;

describe('POST /v1/send_message/', () => {
  it('stores the message and answers the spec §4 success text', async () => {
    const before = await messageCount();
    const res = await call(api, 'POST', '/api/v1/send_message/', {
      messageFeedback: { message: '  Подскажите, есть ли купальник в размере M?  ', contactData: 'anna@example.ru' },
    });
    expect(res.status).toBe(200);
    expect(SuccessMessage.parse(res.json).message).toBe('Сообщение отправлено успешно');
    expect(await messageCount()).toBe(before + 1);
    const [row] = await api.handle.db.select().from(feedbackMessages).where(eq(feedbackMessages.contactData, 'anna@example.ru'));
    expect(row?.message).toBe('Подскажите, есть ли купальник в размере M?');
  });

  it('rejects empty fields, a missing wrapper and malformed JSON without storing anything', async () => {
    const before = await messageCount();
    expectError(
      await call(api, 'POST', '/api/v1/send_message/', { messageFeedback: { message: 'Текст', contactData: '   ' } }),
      400,
      /Укажите контактную почту или телефон/,
    );
    expectError(
      await call(api, 'POST', '/api/v1/send_message/', { messageFeedback: { message: '', contactData: '+79991234567' } }),
      400,
      /Напишите текст сообщения/,
    );
    expectError(await call(api, 'POST', '/api/v1/send_message/', { message: 'Текст', contactData: 'a@b.ru' }), 400, /Сообщение не отправлено/);
    expectError(await call(api, 'POST', '/api/v1/send_message/', '{"messageFeedback":'), 400, /Некорректный JSON/);
    expectError(
      await call(api, 'POST', '/api/v1/send_message/', { messageFeedback: { message: 'я'.repeat(5001), contactData: 'a@b.ru' } }),
      400,
      /не длиннее 5000/,
    );
    expect(await messageCount()).toBe(before);
  });
});

describe('subscribe and unsubscribe', () => {
  it('subscribes an e-mail (lowercased), says so when repeated, and unsubscribes it', async () => {
    const first = await call(api, 'GET', '/api/v1/subscribe/?email=Olga.Petrova@Example.RU');
    expect(first.status).toBe(200);
    expect(SuccessMessage.parse(first.json).message).toMatch(/Вы подписались/);
    const again = await call(api, 'GET', '/api/v1/subscribe/?email=olga.petrova@example.ru');
    expect(again.json.message).toMatch(/уже подписаны/);
    const rows = await api.handle.db.select().from(subscriptions).where(eq(subscriptions.email, 'olga.petrova@example.ru'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.active).toBe(true);

    const off = await call(api, 'GET', '/api/v1/unsubscribe/?email=olga.petrova@example.ru');
    expect(off.status).toBe(200);
    expect(off.json.message).toBe('Вы отписались от рассылки');
    const [after] = await api.handle.db.select().from(subscriptions).where(eq(subscriptions.email, 'olga.petrova@example.ru'));
    expect(after!.active).toBe(false);
  });

  it('rejects a missing or invalid e-mail with 400 and an unknown one on unsubscribe with 404', async () => {
    expectError(await call(api, 'GET', '/api/v1/subscribe/'), 400, /Укажите адрес электронной почты/);
    expectError(await call(api, 'GET', '/api/v1/subscribe/?email=not-an-email'), 400, /Введите корректный адрес электронной почты/);
    expectError(await call(api, 'GET', '/api/v1/unsubscribe/?email=a@'), 400, /корректный адрес/);
    expectError(await call(api, 'GET', '/api/v1/unsubscribe/?email=nobody@example.ru'), 404, /не подписан/);
  });
});
