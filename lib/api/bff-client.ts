/**
 * The one browser request helper for the storefront's same-origin BFF `/api/...` (app/api/[...path]
 * relays the `cart_id` cookie and turns the httpOnly `token` cookie into `Authorization`). The
 * account (lib/api/account-client.ts) and checkout (lib/api/checkout-client.ts) fetchers are thin
 * wrappers over {@link bffRequest}.
 *
 * Answers are parsed with a zod contract schema, passed either as the schema or as a function that
 * imports it, so code reachable from every page (the header's session and basket, and routes the
 * router prefetches) keeps zod out of the first visit (issue #7 JS budget: 170 kB gzip); the
 * basket, on every page, passes a zod-free check with the same `safeParse` shape
 * (lib/api/cart-client.ts).
 */
import { readApiError } from './api-error';
import { BffRequestError } from './bff-error';

export { BffRequestError };

/** Message when the server gave none and the network failed (spec §8 wording of a retryable error). */
export const SERVICE_UNAVAILABLE_MESSAGE = 'Сервис временно недоступен. Попробуйте ещё раз';

/** What parses an answer: a zod schema, or a zod-free check with the same `safeParse` shape. */
export type AnswerParser<T> = { safeParse(payload: unknown): { success: true; data: T } | { success: false } };

/** A parser, or a loader resolving to one (a dynamic import of lib/api/contract/*). */
export type SchemaSource<T> = AnswerParser<T> | (() => Promise<AnswerParser<T>>);

/** Options of {@link bffRequest}. */
export type BffRequestOptions = {
  /** Extra request headers (e.g. `Idempotency-Key`). */
  headers?: Record<string, string>;
  /** Message of a non-2xx answer without a readable `{status:"error", message}` body, and of a contract mismatch. */
  fallbackMessage?: string;
  /** Message when no answer came (status 0); {@link SERVICE_UNAVAILABLE_MESSAGE} by default. */
  offlineMessage?: string;
  /** Aborts the request; an abort rejects with the fetch's `AbortError`, not a BffRequestError. */
  signal?: AbortSignal;
};

function sameOrigin(path: string): string {
  const origin = typeof window !== 'undefined' ? window.location?.origin : undefined;
  return origin && origin !== 'null' ? new URL(path, origin).toString() : path;
}

/**
 * Calls `/api{path}` (never cached) with an optional JSON body and returns the answer parsed by
 * `schema`.
 * @throws BffRequestError with status 0 and `offlineMessage` when the network fails; with the
 *   server's status, Russian message and field errors on a non-2xx answer; with
 *   the answer's status and `fallbackMessage` when a 2xx body does not match the contract.
 */
export async function bffRequest<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  schema: SchemaSource<T>,
  body?: unknown,
  {
    headers = {},
    fallbackMessage = SERVICE_UNAVAILABLE_MESSAGE,
    offlineMessage = SERVICE_UNAVAILABLE_MESSAGE,
    signal,
  }: BffRequestOptions = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(sameOrigin(`/api${path}`), {
      method,
      credentials: 'same-origin',
      cache: 'no-store',
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new BffRequestError(offlineMessage, 0);
  }
  const payload: unknown = await response.json().catch(() => null);
  if (response.ok) {
    const parsed = (typeof schema === 'function' ? await schema() : schema).safeParse(payload);
    if (parsed.success) return parsed.data;
    throw new BffRequestError(fallbackMessage, response.status);
  }
  const error = readApiError(payload);
  throw new BffRequestError(error ? error.message : fallbackMessage, response.status, error?.errors ?? {});
}
