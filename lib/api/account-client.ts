/**
 * Browser fetchers of the account endpoints (spec §7 Auth and user, Locations, order history,
 * favourites) through the same-origin BFF (lib/api/bff-client.ts), which turns the httpOnly
 * `token` cookie into `Authorization: Token …` and sets/clears it (lib/api/session-cookie.ts).
 */
import { bffRequest, type SchemaSource } from './bff-client';

/** Message when the server gave none (spec §8 registration default). */
export const ACCOUNT_FALLBACK_MESSAGE = 'Неизвестная ошибка, обратитесь в тех поддержку';

/**
 * Calls `/api{path}` and parses the answer with `schema` — a zod schema or a function loading one
 * (`() => import('./contract/accounts').then((m) => m.UserResponse)`), so code that runs on every
 * page can leave zod out of the first visit (issue #7 JS budget). `signal` (a TanStack query's)
 * aborts the request.
 * @throws BffRequestError on a non-2xx answer, a network failure or a contract mismatch; a
 *   server error without a message reads {@link ACCOUNT_FALLBACK_MESSAGE}.
 */
export function accountRequest<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  schema: SchemaSource<T>,
  body?: unknown,
  signal?: AbortSignal,
): Promise<T> {
  return bffRequest(method, path, schema, body, { fallbackMessage: ACCOUNT_FALLBACK_MESSAGE, signal });
}

/** GET /v1/regions/?data={} (spec §7 Locations, query data as JSON): every region. @throws BffRequestError. */
export function fetchRegions(signal?: AbortSignal) {
  return accountRequest(
    'GET',
    `/v1/regions/?data=${encodeURIComponent('{}')}`,
    () => import('./contract/accounts').then((m) => m.RegionsResponse),
    undefined,
    signal,
  );
}

/** GET /v1/cities/?data={"region_id":N} (spec §7 Locations): the cities of one region. @throws BffRequestError. */
export function fetchCities(regionId: number, signal?: AbortSignal) {
  return accountRequest(
    'GET',
    `/v1/cities/?data=${encodeURIComponent(JSON.stringify({ region_id: regionId }))}`,
    () => import('./contract/accounts').then((m) => m.CitiesResponse),
    undefined,
    signal,
  );
}
