/** readApiError: the zod-free reader of `{status: "error", message, errors?}` used by browser fetchers. */
import { describe, expect, it } from 'vitest';
import { readApiError } from './api-error';
import { ApiError } from './contract/common';

describe('readApiError', () => {
  it('reads what the contract accepts', () => {
    const body = { status: 'error', message: 'Неверный пароль', errors: { password: 'Неверный пароль' } };
    expect(ApiError.safeParse(body).success).toBe(true);
    expect(readApiError(body)).toEqual({ message: 'Неверный пароль', errors: { password: 'Неверный пароль' } });
    expect(readApiError({ status: 'error', message: 'Нет' })).toEqual({ message: 'Нет' });
  });

  it('rejects what the contract rejects', () => {
    for (const body of [
      null,
      'x',
      { status: 'success', message: 'ok' },
      { status: 'error' },
      { status: 'error', message: 5 },
    ]) {
      expect(ApiError.safeParse(body).success).toBe(false);
      expect(readApiError(body)).toBeNull();
    }
  });
});
