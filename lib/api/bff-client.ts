/**
 * The one browser request helper for the storefront's same-origin BFF `/api/...` (app/api/[...path]
 * relays the `cart_id` cookie and turns the httpOnly `token` cookie into `Authorization`). The
 * account (lib/api/account-client.ts) and checkout (lib/api/checkout-client.ts) fetchers are thin
 * wrappers over {@link bffRequest}.
 *
 * Answers are parsed with a zod contract schema, passed either as the schema or as a function that
 * imports it, so code reachable from every page (the header's session and basket, and routes the
 * router prefetches) keeps zod out of the first visit (issue #7 JS budget: 170 kB gzip).
 */
import type { z } from 'zod';
import { readApiError } from './api-error';

/** Message when the server gave none and the network failed (spec §8 wording of a retryable error). */
export const SERVICE_UNAVAILABLE_MESSAGE = 'Сервис временно недоступен. Попробуйте ещё раз';

/** A failed BFF call: HTTP status (0 = no answer), Russian message, field name → Russian message. */
export class BffRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'BffRequestError';
  }
}

/** A zod schema, or a loader resolving to one (a dynamic import of lib/api/contract/*). */
export type SchemaSource<S extends z.ZodType> = S | (() => Promise<S>);

/** Options of {@link bffRequest}. */
export type BffRequestOptions = {
  /** Extra request headers (e.g. `Idempotency-Key`). */
  headers?: Record<string, string>;
  /** Message of a non-2xx answer without a readable `{status:"error", message}` body, and of a contract mismatch. */
  fallbackMessage?: string;
};

function sameOrigin(path: string): string {
  const origin = typeof window !== 'undefined' ? window.location?.origin : undefined;
  return origin && origin !== 'null' ? new URL(path, origin).toString() : path;
}

/**
 * Calls `/api{path}` (never cached) with an optional JSON body and returns the answer parsed by
 * `schema`.
 * @throws BffRequestError with status 0 and {@link SERVICE_UNAVAILABLE_MESSAGE} when the network
 *   fails; with the server's status, Russian message and field errors on a non-2xx answer; with
 *   the answer's status and `fallbackMessage` when a 2xx body does not match the contract.
 */
export async function bffRequest<S extends z.ZodType>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  schema: SchemaSource<S>,
  body?: unknown,
  { headers = {}, fallbackMessage = SERVICE_UNAVAILABLE_MESSAGE }: BffRequestOptions = {},
): Promise<z.output<S>> {
  let response: Response;
  try {
    response = await fetch(sameOrigin(`/api${path}`), {
      method,
      credentials: 'same-origin',
      cache: 'no-store',
      headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new BffRequestError(SERVICE_UNAVAILABLE_MESSAGE, 0);
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
