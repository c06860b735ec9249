/**
 * Liveness and readiness of the shop API (issue #31 item 3):
 * - `GET /api/health` — liveness: the process answers (200 even while migrations run; a probe
 *   that fails here means "restart the process");
 * - `GET /api/ready` — readiness: 200 only when the database answers `select 1` within
 *   {@link READY_TIMEOUT_MS}; 503 with a Russian message while migrations run (server/startup-gate.ts
 *   answers it then, before this app exists) or when the database is unreachable (a probe that
 *   fails here means "send no traffic", not "restart").
 * Both are registered before the load-shedding gate: a saturated API is still alive and ready.
 * The storefront passes `/api/ready` through its BFF (app/api/[...path]), answering 502 when the
 * API itself is down.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { ApiApp } from '../../types';

/** How long the readiness query may take before the database counts as unreachable, ms. */
export const READY_TIMEOUT_MS = 3000;

/** Russian answer of `/api/ready` while the database does not answer. */
export const DB_UNREACHABLE = 'База данных недоступна';

const Ok = z.object({ status: z.literal('ok') });
const NotReady = z.object({ status: z.literal('error'), message: z.string() });

export const health = createRoute({
  method: 'get',
  path: '/api/health',
  tags: ['Служебное'],
  summary: 'Жив ли процесс API (liveness)',
  responses: { 200: { description: 'Процесс отвечает', content: { 'application/json': { schema: Ok } } } },
});

export const ready = createRoute({
  method: 'get',
  path: '/api/ready',
  tags: ['Служебное'],
  summary: 'Готов ли API принимать запросы (readiness)',
  description:
    '503, пока применяются миграции и заполняется новая база, и когда база данных не отвечает за 3 с; ' +
    'балансировщик не должен направлять сюда запросы, пока ответ не 200.',
  responses: {
    200: { description: 'База данных отвечает', content: { 'application/json': { schema: Ok } } },
    503: {
      description: 'Не готов: миграции или база недоступна',
      content: { 'application/json': { schema: NotReady } },
    },
  },
});

/**
 * Whether `db` answers `select 1` within `timeoutMs`.
 * @returns true, or false on an error or a timeout (never throws).
 */
export async function databaseAnswers(db: Db, timeoutMs = READY_TIMEOUT_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
  try {
    return await Promise.race([db.execute(sql`select 1`).then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Registers `/api/health` and `/api/ready` on the app of `db` (call before the load-shedding gate). */
export function registerHealthRoutes(app: ApiApp, db: Db) {
  app.openapi(health, (c) => c.json({ status: 'ok' as const }, 200));
  app.openapi(ready, async (c) => {
    c.header('Cache-Control', 'no-store');
    if (await databaseAnswers(db)) return c.json({ status: 'ok' as const }, 200);
    c.header('Retry-After', '5');
    return c.json({ status: 'error' as const, message: DB_UNREACHABLE }, 503);
  });
}
