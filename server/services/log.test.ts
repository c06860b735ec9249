/**
 * Error logs carry no personal data (issue #12 item 9): a failed query's parameters, which
 * Drizzle puts into the error message, never reach the log.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { describeError, logError } from './log';

afterEach(() => vi.restoreAllMocks());

function failedInsert() {
  const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_uq"'), {
    name: 'DatabaseError',
    code: '23505',
    constraint: 'users_email_uq',
    detail: 'Key (email)=(maria@example.ru) already exists.',
  });
  return Object.assign(
    new Error(
      'Failed query: insert into "users" ("email", "phone", "password_hash") values ($1, $2, $3)\nparams: maria@example.ru,+79991234567,$argon2id$v=19$m=19456',
    ),
    { name: 'DrizzleQueryError', cause },
  );
}

describe('logError', () => {
  it('prints the class, SQLSTATE and constraint, never the message, parameters or detail', () => {
    const printed: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void printed.push(args.join(' ')));
    logError('shop-api', 'POST /api/v1/sign_in', failedInsert());
    const line = printed.join('\n');
    expect(line).toContain(
      '[shop-api] POST /api/v1/sign_in: DrizzleQueryError <- DatabaseError code=23505 constraint=users_email_uq',
    );
    expect(line).not.toMatch(/maria@example\.ru|79991234567|argon2|Failed query/);
    expect(line).toMatch(/\n\s+at /); // where it happened stays
  });

  it('describes non-errors without printing them', () => {
    expect(describeError('secret-token-value')).toBe('string');
    expect(describeError(null)).toBe('object');
  });
});
