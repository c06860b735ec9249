/**
 * Wire shapes shared by every resource of the shop API (spec §7). The spec leaves most response
 * shapes "not shown"; the shapes here are ours and follow the Django REST conventions the spec's
 * field names come from (snake_case, `{count, next, previous, results}` pages).
 */
import { z } from 'zod';
import { MAX_LIST_OFFSET } from '@/lib/constants';

/** An error answer: `{status: "error", message}` with a Russian message, always with a 4xx. */
export const ApiError = z
  .object({
    status: z.literal('error'),
    message: z.string(),
    /** Field → message, for invalid input. */
    errors: z.record(z.string(), z.string()).optional(),
  })
  .meta({ id: 'ApiError' });
export type ApiError = z.infer<typeof ApiError>;

/**
 * Any 8-4-4-4-12 hex identifier in either case (zod's `guid`): order guids, basket cookies, review
 * photo keys, 1C's GUIDs. Not `z.uuid()`, which also demands an RFC 9562 version and variant that
 * identifiers made by other systems need not have.
 */
export const Guid = z.guid();

/** Whether `value` is a {@link Guid} (decides lookups by guid before they reach the database). */
export function isGuid(value: string): boolean {
  return Guid.safeParse(value).success;
}

/** Largest value of a PostgreSQL `integer` (int4): every id column of the shop is int4. */
export const INT4_MAX = 2_147_483_647;

/** Russian message of a string with control characters. */
export const CONTROL_CHARS_MESSAGE = 'Поле содержит недопустимые символы';

/**
 * A string without C0 control characters except tab, LF and CR (and without DEL). U+0000 cannot
 * be stored or even compared in PostgreSQL text (SQLSTATE 22021, a 500 before issue #12 item 10);
 * the other control characters have no place in a shop's form fields either.
 */
export const NO_CONTROL_CHARS = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;

/**
 * Every string the API accepts (query, path, JSON body) is built on this: `z.string(params)`
 * that refuses control characters with a Russian 400 message (issue #12 item 10). Chain the
 * usual string checks (`.trim().min().max()`) after it.
 */
export function safeString(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).regex(NO_CONTROL_CHARS, CONTROL_CHARS_MESSAGE);
}

/**
 * An integer id of a JSON body: 1..2147483647 (PostgreSQL int4). A larger one used to reach the
 * database and fail there with 22003 (issue #12 item 10); now it is a 400 with `message`.
 */
export function intId(message = 'Некорректный идентификатор') {
  return z.number({ error: message }).int(message).min(1, message).max(INT4_MAX, message);
}

/**
 * An integer id of a path or query parameter (a decimal string), parsed to a number: digits
 * only (no sign, exponent or spaces), 1..2147483647.
 */
export function intIdParam(message = 'Некорректный идентификатор') {
  return z
    .string({ error: message })
    .regex(/^[1-9]\d{0,9}$/, message)
    .transform(Number)
    .pipe(intId(message));
}

/** Rubles; may carry kopecks (spec §9). */
export const Rubles = z.number().nonnegative();

/** Page of a list (spec §9: 24 per page, offset pagination). */
export function paginated<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    count: z.number().int().nonnegative(),
    limit: z.number().int(),
    offset: z.number().int(),
    results: z.array(item),
  });
}

/** `limit` / `offset` query of lists (spec §7, §9: limit=24&offset=0). */
export const PageQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit должен быть числом' })
    .int('limit должен быть целым числом')
    .min(1, 'limit должен быть от 1 до 100')
    .max(100, 'limit должен быть от 1 до 100')
    .default(24),
  offset: z.coerce
    .number({ error: 'offset должен быть числом' })
    .int('offset должен быть целым числом')
    .min(0, 'offset не может быть отрицательным')
    .max(MAX_LIST_OFFSET, 'offset слишком большой')
    .default(0),
});
