/**
 * The console's HTTP client (issue #32, tasks/contract.md "CSRF"): every request goes same-origin
 * through the BFF to `/api/admin/...` with the `admin_session` cookie and the header
 * `X-Admin-Request: 1`, which a cross-site page cannot send without a CORS preflight the API never
 * grants. Errors become react-admin's `HttpError` carrying the API's Russian `message`.
 */
import { fetchUtils, HttpError } from 'react-admin';

/** Base path of the admin API as the browser sees it (the BFF relays it to the shop API). */
export const ADMIN_API = '/api/admin';

/** The header the API requires on every unsafe method under /api/admin. */
export const ADMIN_REQUEST_HEADER = { name: 'X-Admin-Request', value: '1' } as const;

/** Russian text of an error answer: the body's `message`, else a generic sentence with the status. */
function errorMessage(status: number, body: unknown): string {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' && body.message)
    return body.message;
  if (status === 401) return 'Войдите в консоль';
  if (status === 403) return 'Недостаточно прав';
  if (status === 413) return 'Файл слишком большой';
  if (status === 429) return 'Слишком много попыток, подождите';
  return `Ошибка сервера (${status})`;
}

/**
 * `fetchUtils.fetchJson` with the console's headers and credentials. `url` is relative to the site
 * (`/api/admin/...`). Resolves `{status, headers, body, json}`; rejects with `HttpError(message,
 * status, body)` for any status ≥ 300, where `body` is the parsed JSON error (may hold `errors`
 * per field and `totpRequired`).
 */
export async function adminFetch(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  headers.set(ADMIN_REQUEST_HEADER.name, ADMIN_REQUEST_HEADER.value);
  try {
    return await fetchUtils.fetchJson(url, { ...options, headers, credentials: 'same-origin' });
  } catch (error) {
    if (error instanceof HttpError)
      throw new HttpError(errorMessage(error.status, error.body), error.status, error.body);
    throw new HttpError('Нет связи с сервером', 0, null);
  }
}

/**
 * Sends `body` (FormData, e.g. a `file`) with the console's headers; resolves the JSON answer.
 * Throws `HttpError` like {@link adminFetch}.
 */
export async function adminUpload<T>(url: string, body: FormData): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    body,
    credentials: 'same-origin',
    headers: { [ADMIN_REQUEST_HEADER.name]: ADMIN_REQUEST_HEADER.value, Accept: 'application/json' },
  }).catch(() => {
    throw new HttpError('Нет связи с сервером', 0, null);
  });
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new HttpError(errorMessage(response.status, json), response.status, json);
  return json as T;
}
