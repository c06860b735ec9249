/**
 * Zod-free reader of the shop API's error body `{status: "error", message, errors?}` (spec §7,
 * `ApiError` in lib/api/contract/common.ts) for browser code: the client fetchers use it so the
 * first visit of a page does not ship zod (issue #7 JS budget). Server code keeps parsing with
 * the contract schema.
 */

/** The error body of a 4xx/5xx answer. */
export type ApiErrorBody = { message: string; errors?: Record<string, string> };

/**
 * `payload` as an API error, or null when it is not one (wrong shape, non-string message).
 * Non-string entries of `errors` are dropped.
 */
export function readApiError(payload: unknown): ApiErrorBody | null {
  if (!payload || typeof payload !== 'object') return null;
  const { status, message, errors } = payload as Record<string, unknown>;
  if (status !== 'error' || typeof message !== 'string') return null;
  if (!errors || typeof errors !== 'object') return { message };
  const fields = Object.fromEntries(
    Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  return { message, errors: fields };
}
