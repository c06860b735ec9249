/**
 * Wire shapes shared by every resource of the shop API (spec §7). The spec leaves most response
 * shapes "not shown"; the shapes here are ours and follow the Django REST conventions the spec's
 * field names come from (snake_case, `{count, next, previous, results}` pages).
 */
import { z } from 'zod';

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
    .max(1_000_000, 'offset слишком большой')
    .default(0),
});
