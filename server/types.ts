/** Hono environment of the shop API: the database handle is injected per app (tests use their own). */
import type { Db } from './db/client';
import type { Throttle } from './services/throttle';
import type { OpenAPIHono } from '@hono/zod-openapi';

export interface AppEnv {
  /** `throttle`: login/reset counters of this app instance (server/services/throttle.ts). */
  Variables: { db: Db; throttle: Throttle };
}

export type ApiApp = OpenAPIHono<AppEnv>;
