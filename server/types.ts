/** Hono environment of the shop API: the database handle is injected per app (tests use their own). */
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Db } from './db/client';

export interface AppEnv {
  Variables: { db: Db };
}

export type ApiApp = OpenAPIHono<AppEnv>;
