/**
 * Environment of the shop API: the only reader of `process.env` on the server side
 * (DESIGN.md conventions, 6). Validated with zod so a bad value fails at start with a clear message.
 */
import { z } from 'zod';

const EnvSchema = z.object({
  /** PostgreSQL connection string; when absent the embedded PGlite database is used. */
  DATABASE_URL: z.string().url().optional(),
  /** Folder of the embedded PGlite database. */
  PGLITE_DIR: z.string().default('.data/pglite'),
  /** Port of the shop API. */
  API_PORT: z.coerce.number().int().min(1).max(65535).default(8000),
  API_HOST: z.string().default('127.0.0.1'),
  /** Products of the demo catalogue generated on first start. */
  SEED_PRODUCTS: z.coerce.number().int().min(1).max(200_000).default(3000),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
});

export type ServerEnv = z.infer<typeof EnvSchema>;

/** Parses `process.env`; throws with the list of bad variables. */
export function readServerEnv(source: NodeJS.ProcessEnv = process.env): ServerEnv {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    throw new Error(`Invalid shop API environment: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}
