/**
 * HTTP helpers of the shop API: the error shape of the contract (`{status:"error", message}`),
 * zod validation that answers 400 with a Russian message instead of throwing, and JSON body
 * parsing that turns malformed JSON into a 400 (DESIGN.md "Auth and security": bad input gets a
 * 4xx with a clear Russian message, never a 500).
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';

/** Thrown by handlers and services; `app.onError` turns it into the contract's error answer. */
export class ApiHttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiHttpError';
  }
}

/** Answers `{status:"error", message, errors?}` with the given 4xx/5xx status. */
export function errorResponse(
  c: Context,
  status: ContentfulStatusCode,
  message: string,
  errors?: Record<string, string>,
) {
  return c.json({ status: 'error' as const, message, ...(errors ? { errors } : {}) }, status);
}

/**
 * Validates `input` with a contract schema.
 * @throws ApiHttpError 400 with the first issue's message and a field → message map.
 */
export function parseOr400<S extends z.ZodType>(schema: S, input: unknown, what = 'Некорректный запрос'): z.infer<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw badRequest(parsed.error, what);
}

/**
 * The contract's 400 for a failed zod parse: `${what}: <first issue in Russian>` and a field →
 * message map. Used by {@link parseOr400} and by the routes' `defaultHook` (server/routes/openapi.ts).
 */
export function badRequest(error: z.ZodError, what = 'Некорректный запрос'): ApiHttpError {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    if (!(key in errors)) errors[key] = russianIssue(issue);
  }
  const first = error.issues[0];
  return new ApiHttpError(400, first ? `${what}: ${russianIssue(first)}` : what, errors);
}

function russianIssue(issue: z.core.$ZodIssue): string {
  // Contract schemas carry Russian messages; zod's English defaults are replaced here.
  if (/[а-яё]/i.test(issue.message)) return issue.message;
  const field = issue.path.join('.') || 'значение';
  switch (issue.code) {
    case 'invalid_type':
      return `поле «${field}» имеет неверный тип`;
    case 'unrecognized_keys':
      return `неизвестные поля: ${issue.keys.join(', ')}`;
    case 'too_big':
      return `поле «${field}» слишком большое`;
    case 'too_small':
      return `поле «${field}» слишком маленькое`;
    case 'invalid_value':
      return `недопустимое значение поля «${field}»`;
    default:
      return `поле «${field}» заполнено неверно`;
  }
}

/**
 * Reads a JSON body. Empty body → `{}`.
 * @throws ApiHttpError 400 "Некорректный JSON" for malformed JSON, 415 for another content type.
 */
export async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  const type = c.req.header('content-type') ?? '';
  if (type && !type.includes('json')) {
    throw new ApiHttpError(415, 'Тело запроса должно быть в формате JSON');
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiHttpError(400, 'Некорректный JSON в теле запроса');
  }
}

/**
 * Parses a JSON-encoded query value (spec §7: "filters as JSON query data").
 * @throws ApiHttpError 400 "Некорректные фильтры" when it is not valid JSON.
 */
export function parseJsonQuery(value: string | undefined): unknown {
  if (value === undefined || value === '') return {};
  try {
    return JSON.parse(value);
  } catch {
    throw new ApiHttpError(400, 'Некорректные фильтры: ожидается JSON');
  }
}

/**
 * The PostgreSQL SQLSTATE of a database error (PGlite, node-postgres, or wrapped by Drizzle as
 * `cause`), or undefined when `error` is not one.
 */
export function sqlStateOf(error: unknown): string | undefined {
  for (
    let e: unknown = error, depth = 0;
    e && typeof e === 'object' && depth < 4;
    e = (e as { cause?: unknown }).cause, depth += 1
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * Whether a database error is a data exception (SQLSTATE class 22: a NUL byte in text 22021, an
 * out-of-range number 22003, a bad cast 22P02…), i.e. bad input the contract let through. The API
 * answers it 400 as a safety net (issue #12 item 10); the contract is meant to refuse it first.
 */
export function isDataException(error: unknown): boolean {
  return sqlStateOf(error)?.startsWith('22') ?? false;
}
