/**
 * Browser fetchers of the account endpoints (spec §7 Auth and user, Locations, order history,
 * favourites) through the storefront's same-origin BFF `/api/...`, which turns the httpOnly
 * `token` cookie into `Authorization: Token …` and sets/clears it (lib/api/session-cookie.ts).
 * Answers are parsed with the contract; failures reject with {@link AccountRequestError}
 * carrying the server's Russian message and field errors.
 */
import type { z } from 'zod';
import { readApiError } from './api-error';

/** Message when the server gave none (spec §8 registration default). */
export const ACCOUNT_FALLBACK_MESSAGE = 'Неизвестная ошибка, обратитесь в тех поддержку';

/** A failed account call: HTTP status (0 = no answer), Russian message, field → message. */
export class AccountRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AccountRequestError';
  }
}

function sameOrigin(path: string): string {
  const origin = typeof window !== 'undefined' ? window.location?.origin : undefined;
  return origin && origin !== 'null' ? new URL(path, origin).toString() : path;
}

/**
 * Calls `/api{path}` with an optional JSON body and parses the answer with `schema` — a zod schema
 * or a function loading one (`() => import('./contract/accounts').then((m) => m.UserResponse)`),
 * so code that runs on every page can leave zod out of the first visit (issue #7 JS budget).
 * @throws AccountRequestError on a non-2xx answer, a network failure or a contract mismatch.
 */
export async function accountRequest<S extends z.ZodType>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  schema: S | (() => Promise<S>),
  body?: unknown,
): Promise<z.output<S>> {
  let response: Response;
  try {
    response = await fetch(sameOrigin(`/api${path}`), {
      method,
      credentials: 'same-origin',
      cache: 'no-store',
      headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new AccountRequestError('Сервис временно недоступен. Попробуйте ещё раз', 0);
  }
  const payload: unknown = await response.json().catch(() => null);
  if (response.ok) {
    const parsed = (typeof schema === 'function' ? await schema() : schema).safeParse(payload);
    if (parsed.success) return parsed.data;
    throw new AccountRequestError(ACCOUNT_FALLBACK_MESSAGE, response.status);
  }
  const error = readApiError(payload);
  throw new AccountRequestError(error ? error.message : ACCOUNT_FALLBACK_MESSAGE, response.status, error ? (error.errors ?? {}) : {});
}

/** Reads the script-readable `token_exp` cookie (epoch seconds) set beside the httpOnly token. */
export function sessionExpiry(cookieString: string = typeof document === 'undefined' ? '' : document.cookie): number | null {
  const match = /(?:^|;\s*)token_exp=(\d+)/.exec(cookieString);
  return match ? Number(match[1]) * 1000 : null;
}
