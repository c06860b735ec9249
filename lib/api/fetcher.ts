/**
 * Server-side client of the shop API (spec §7: every call goes to `{host}/api`). Responses are
 * parsed with the contract's zod schemas (`lib/api/contract`), so a page never renders a shape it
 * did not expect. Server components only: this module reads the server environment.
 *
 * Errors: any non-2xx answer, network failure or contract mismatch throws `ApiRequestError`;
 * call sites turn `status === 404` into `notFound()` (see `isNotFound`).
 *
 * Saturation (issue #12 item 15): when the API sheds load it answers 503 + `Retry-After` at once
 * (server/load-shed.ts). The fetcher then fails fast: for the next `Retry-After` seconds (at most
 * {@link MAX_BUSY_MS} ms) uncached calls throw a 503 `ApiRequestError` without a request, instead
 * of adding to the API's queue; cached calls still go to Next's data cache, which may answer them.
 * The deadline is kept on `globalThis` under {@link API_BUSY_KEY} so storefront-server/serve.ts (same
 * process) turns the 500 of a page that failed meanwhile into a 503 + Retry-After.
 */
import 'server-only';
import { z } from 'zod';
import { env } from '../env';
import { ApiError } from './contract/common';

/** A failed call to the shop API. `status` is the HTTP status, 0 for network errors, 502 for a contract mismatch. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly path: string;
  /** Field → Russian message, when the API sent them. */
  readonly errors?: Record<string, string>;

  constructor(message: string, status: number, path: string, errors?: Record<string, string>) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.path = path;
    this.errors = errors;
  }
}

/** `globalThis[API_BUSY_KEY]`: epoch ms until which the shop API said it is saturated (storefront-server/serve.ts reads it). */
export const API_BUSY_KEY = Symbol.for('storefront.apiBusyUntil');
/** Longest time (ms) calls fail fast after one 503, whatever `Retry-After` says. */
export const MAX_BUSY_MS = 5_000;
/** Default `timeoutMs` of a call: far above a normal answer (ms), below the storefront's 10 s budget. */
export const DEFAULT_TIMEOUT_MS = 6_000;

type BusyGlobal = typeof globalThis & { [API_BUSY_KEY]?: number };

/** Epoch ms until which uncached calls fail fast (0 when the API is not known to be saturated). */
export function apiBusyUntil(): number {
  return (globalThis as BusyGlobal)[API_BUSY_KEY] ?? 0;
}

/** Records a 503 of the API: `retryAfter` is its `Retry-After` header (seconds), default 2 s. */
function markApiBusy(retryAfter: string | null): void {
  const seconds = Number(retryAfter);
  const ms = Math.min(MAX_BUSY_MS, Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 2000);
  (globalThis as BusyGlobal)[API_BUSY_KEY] = Math.max(apiBusyUntil(), Date.now() + ms);
}

/**
 * `globalThis[API_FAILED_KEY]`: epoch ms of the last call that failed for the API's sake (a network
 * error, a timeout or a 5xx); deploy/outage-guard.mjs then keeps error pages out of the page cache.
 */
export const API_FAILED_KEY = Symbol.for('storefront.apiFailedAt');

function markApiFailed(): void {
  (globalThis as typeof globalThis & { [API_FAILED_KEY]?: number })[API_FAILED_KEY] = Date.now();
}

/** Russian message of a call refused because the API is saturated. */
const BUSY_MESSAGE = 'Магазин перегружен, повторите через несколько секунд';

/** True for an `ApiRequestError` with status 404 (the caller then calls `notFound()`). */
export function isNotFound(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError && error.status === 404;
}

/** Query values; arrays repeat the key, `undefined` and `''` are dropped. */
export type ApiQuery = Record<string, string | number | boolean | undefined | readonly (string | number)[]>;

/** Caching of a GET: Next's data cache with revalidation seconds and tags; `false` for no-store. */
export type ApiCache = { revalidate: number; tags?: string[] } | false;

export type ApiCallOptions = {
  query?: ApiQuery;
  cache?: ApiCache;
  /** Sent as `Authorization: Token {token}` (spec §7). */
  token?: string;
  /** ms before the call is aborted; default {@link DEFAULT_TIMEOUT_MS}. */
  timeoutMs?: number;
};

/**
 * URL of an API path: `apiUrl('/v1/category/kupalniki', {tag: 'leto'})` →
 * "http://127.0.0.1:8000/api/v1/category/kupalniki?tag=leto".
 * @param path starts with "/v1/" or "/v2/"; trailing slashes are kept as given (spec §7).
 */
export function apiUrl(path: string, query?: ApiQuery): string {
  const url = new URL(`${env.SHOP_API_URL}/api${path}`);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === '') continue;
    if (Array.isArray(value)) for (const item of value) url.searchParams.append(key, String(item));
    else url.searchParams.set(key, String(value));
  }
  return url.toString();
}

async function call<S extends z.ZodType>(
  method: 'GET' | 'POST',
  path: string,
  schema: S,
  body: unknown,
  options: ApiCallOptions,
): Promise<z.output<S>> {
  const url = apiUrl(path, options.query);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.token) headers.Authorization = `Token ${options.token}`;
  const cache = options.cache ?? false;
  if (cache === false && Date.now() < apiBusyUntil()) throw new ApiRequestError(BUSY_MESSAGE, 503, path);

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      // Issue #13: CATALOG_MAX_STALE_S bounds every cached answer, for backends that never call
      // the revalidation webhook (docs/caching.md).
      ...(cache === false
        ? { cache: 'no-store' as const }
        : { next: { revalidate: Math.min(cache.revalidate, env.CATALOG_MAX_STALE_S), tags: cache.tags } }),
    });
  } catch (cause) {
    markApiFailed();
    throw new ApiRequestError(`Shop API unreachable: ${method} ${path} (${String(cause)})`, 0, path);
  }

  if (response.status >= 500) markApiFailed();
  if (response.status === 503) {
    markApiBusy(response.headers.get('retry-after'));
    void response.body?.cancel();
    throw new ApiRequestError(BUSY_MESSAGE, 503, path);
  }

  const text = await response.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    // Non-JSON body: reported below with the status.
  }

  if (!response.ok) {
    const parsed = ApiError.safeParse(json);
    const message = parsed.success ? parsed.data.message : `${method} ${path} → ${response.status}`;
    throw new ApiRequestError(message, response.status, path, parsed.success ? parsed.data.errors : undefined);
  }

  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new ApiRequestError(
      `Shop API answer does not match the contract: ${method} ${path}: ${z.prettifyError(parsed.error)}`,
      502,
      path,
    );
  }
  return parsed.data;
}

/**
 * GET a shop API path and parse the answer with `schema`.
 * @throws ApiRequestError on non-2xx, network failure or contract mismatch.
 */
export function apiGet<S extends z.ZodType>(
  path: string,
  schema: S,
  options: ApiCallOptions = {},
): Promise<z.output<S>> {
  return call('GET', path, schema, undefined, options);
}

/**
 * POST a JSON body to a shop API path and parse the answer with `schema`. Not cached unless
 * `options.cache` says so (catalogue lists like `/v1/offers_list/` are safe to cache).
 * @throws ApiRequestError on non-2xx, network failure or contract mismatch.
 */
export function apiPost<S extends z.ZodType>(
  path: string,
  body: unknown,
  schema: S,
  options: ApiCallOptions = {},
): Promise<z.output<S>> {
  return call('POST', path, schema, body, options);
}
