/** Issue #29: the canonical form of an e-mail address, in TypeScript and in SQL alike. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/client';
import { createTestApi, type TestApi } from '../test-utils';
import { canonicalEmail, canonicalEmailSql } from './customer-email';

const CASES: Array<[string, string]> = [
  [' Guest+2@Example.RU ', 'guest@example.ru'],
  ['anna.maria+sale@gmail.com', 'annamaria@gmail.com'],
  ['Anna.Maria@GoogleMail.com', 'annamaria@gmail.com'],
  ['ivan.petrov+shop@ya.ru', 'ivan-petrov@yandex.ru'],
  ['ivan-petrov@yandex.com', 'ivan-petrov@yandex.ru'],
  ['ivanpetrov@yandex.ru', 'ivanpetrov@yandex.ru'],
  ['olga.smirnova@mail.ru', 'olga.smirnova@mail.ru'],
  ['+only@example.ru', '+only@example.ru'],
  ['not-an-address', 'not-an-address'],
];

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi(0);
});
afterAll(async () => {
  await api?.close();
});

describe('canonicalEmail', () => {
  it.each(CASES)('%s → %s', (input, expected) => {
    expect(canonicalEmail(input)).toBe(expected);
  });

  it('the SQL expression gives the same answers', async () => {
    for (const [input, expected] of CASES) {
      const [row] = await rows<{ v: string }>(
        api.handle.db,
        sql`select ${sql.raw(canonicalEmailSql('x'))} as v from (select ${input}::text as x) t`,
      );
      expect(row!.v).toBe(expected);
    }
  });
});
