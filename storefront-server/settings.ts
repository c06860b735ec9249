/**
 * The settings of the Node layer in front of Next (issue #17 item 6): scripts/start.mjs and
 * storefront-server/serve.ts read their environment variables only through this module, parsed once per
 * process with zod. A value that is not what a variable accepts stops the start with a message
 * naming the variable, the value and the accepted range (before, `MICRO_CACHE_MS=x` turned the
 * micro-cache off without a word). An unset or empty variable takes its default (README
 * "Configuration" lists them). The API's own settings are parsed by server/env.ts, the storefront's
 * by lib/env.ts; the variables both sides read (PORT, SHOP_API_URL, …) are checked here only as far
 * as these scripts use them.
 */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { compileTrust } from './forwarded.ts';

/** A settings value the scripts cannot start with; `message` lists every such variable. */
export class SettingsError extends Error {
  readonly problems: Array<{ name: string; value: string; expected: string }>;

  constructor(problems: Array<{ name: string; value: string; expected: string }>) {
    super(
      `Invalid settings (README "Configuration"):\n${problems.map((p) => `  ${p.name}=${JSON.stringify(p.value)}: expected ${p.expected}`).join('\n')}`,
    );
    this.name = 'SettingsError';
    this.problems = problems;
  }
}

/**
 * An integer variable in [min, max]; `expected` is the phrase of the error message.
 * @param unit e.g. "ms", "MB"
 */
function int(min: number, max: number, unit: string = '') {
  const error = `an integer from ${min} to ${max}${unit ? ` (${unit})` : ''}`;
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });
}

/** A TCP port. */
const portNumber = () => int(1, 65535);

/** An http(s) URL without trailing slashes. */
const httpUrl = () =>
  z
    .string()
    .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), { error: 'an http(s) URL' })
    .transform((value) => value.replace(/\/+$/, ''));

/** A folder inside the checkout, given relative to it (Next refuses a build folder outside). */
const relativeFolder = () =>
  z
    .string()
    .refine(
      (value) =>
        !path.isAbsolute(value) &&
        !path.normalize(value).split(path.sep).includes('..') &&
        path.normalize(value) !== '.',
      {
        error: 'a folder inside the project, relative to it (e.g. .next-test)',
      },
    );

/** A boolean switch written as 0 or 1. */
const flag = () => z.enum(['0', '1'], { error: '0 or 1' }).transform((v) => v === '1');

/** Settings of storefront-server/serve.ts (the storefront's HTTP server, one process per worker). */
const ServeSchema = z.object({
  /** Port of the storefront. */
  PORT: portNumber().default(3000),
  /** Address to listen on; unset or `localhost`: every interface, as `next start` does. */
  HOSTNAME: z.string().optional(),
  /** Storefront server processes; default: the available cores, at most 8. */
  WEB_CONCURRENCY: int(1, 32).optional(),
  /** Bound of the on-disk copies of cached pages, pruned every minute (MB). */
  PAGE_CACHE_DISK_MB: int(0, 1_048_576, 'MB').default(1024),
  /** Longest time a worker answers a page from its micro-cache (ms; 0 turns it off). */
  MICRO_CACHE_MS: int(0, 60_000, 'ms').default(1000),
  /** Bodies the micro-cache keeps per worker (MB). */
  MICRO_CACHE_MB: int(1, 4096, 'MB').default(16),
  /** After a revalidation, how long an old copy may still answer while one request renders the new page. */
  MICRO_CACHE_REVALIDATED_STALE_MS: int(0, 10_000, 'ms').default(1000),
  /** Expired pages each worker renders again in the background at once (storefront-server/serve.ts). */
  MICRO_CACHE_REFRESHES: int(1, 256).default(8),
  /** Admission gate of each worker: requests in Next at once, waiting, longest wait. */
  WEB_CONCURRENCY_LIMIT: int(1, 10_000).default(8),
  WEB_QUEUE: int(0, 100_000).default(64),
  WEB_QUEUE_TIMEOUT_MS: int(0, 600_000, 'ms').default(1000),
  /** A page Next has not answered this long after it arrived gets the 503 page (ms; 0: no deadline). */
  WEB_REQUEST_DEADLINE_MS: int(0, 600_000, 'ms').default(7000),
  /** Proxies whose X-Forwarded-For is believed (storefront-server/forwarded.ts). */
  TRUSTED_PROXIES: z
    .string()
    .refine(
      (value) => {
        try {
          compileTrust(value);
          return true;
        } catch {
          return false;
        }
      },
      { error: 'comma-separated IP addresses, CIDR ranges or loopback/linklocal/uniquelocal' },
    )
    .default(''),
  /** Next's build folder (next.config.ts distDir). */
  NEXT_DIST_DIR: relativeFolder().default('.next'),
  /** Secret of POST /api/revalidate, passed between workers (lib/env.ts checks its length). */
  REVALIDATE_SECRET: z.string().default(''),
  /** The shop API the feeds are relayed from (storefront-server/feed-relay.ts); as lib/env.ts reads it. */
  SHOP_API_URL: httpUrl().default('http://127.0.0.1:8000'),
  /** Issue #31: port of the storefront's Prometheus metrics (storefront-server/metrics.ts); unset: off. */
  WEB_METRICS_PORT: portNumber().optional(),
  /** Address the metrics listeners bind to (as the API's METRICS_HOST). */
  METRICS_HOST: z.string().default('127.0.0.1'),
});

/** Settings of scripts/start.mjs (starts the API, builds, starts storefront-server/serve.ts). */
const StartSchema = z.object({
  PORT: portNumber().default(3000),
  API_PORT: portNumber().default(8000),
  API_HOST: z.string().default('127.0.0.1'),
  /** Another shop API; set, and the embedded one is not started (unless START_EMBEDDED_API=1). */
  SHOP_API_URL: httpUrl().optional(),
  START_EMBEDDED_API: flag().default(false),
  DATABASE_URL: z
    .string()
    .refine((value) => URL.canParse(value), { error: 'a postgres:// URL' })
    .optional(),
  PGLITE_DIR: z.string().default('.data/pglite'),
  SITE_URL: z.string().default(''),
  YM_ID: z.string().optional(),
  NEXT_PUBLIC_YM_ID: z.string().optional(),
  REVALIDATE_SECRET: z.string().optional(),
  STOREFRONT_REVALIDATE_URLS: z.string().optional(),
  NEXT_DIST_DIR: relativeFolder().default('.next'),
});

/**
 * Parses `source` with `schema`: empty strings count as unset.
 * @throws {SettingsError} naming every variable whose value is not accepted.
 */
function parse<S extends z.ZodObject>(schema: S, source: Record<string, string | undefined>): z.output<S> {
  const input: Record<string, string> = {};
  for (const name of Object.keys(schema.shape)) {
    const value = source[name];
    if (value !== undefined && value !== '') input[name] = value;
  }
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const problems: Array<{ name: string; value: string; expected: string }> = [];
  for (const issue of result.error.issues) {
    const name = String(issue.path[0]);
    if (problems.some((p) => p.name === name)) continue;
    problems.push({ name, value: String(input[name]), expected: issue.message });
  }
  throw new SettingsError(problems);
}

/** The settings of storefront-server/serve.ts, as {@link readServeSettings} gives them. */
export interface ServeSettings {
  port: number;
  hostname: string | undefined;
  workers: number;
  pageCacheDiskBytes: number;
  microCache: { maxAgeMs: number; maxBytes: number; revalidatedStaleMs: number };
  backgroundRefreshes: number;
  gate: { limit: number; queue: number; timeoutMs: number };
  requestDeadlineMs: number;
  trustedProxies: string;
  distDir: string;
  revalidateSecret: string;
  apiUrl: string;
  /** Issue #31: where the primary serves the workers' metrics; null: no metrics. */
  metrics: { port: number; host: string } | null;
}

/**
 * The settings of storefront-server/serve.ts.
 * @param source the environment (default `process.env`)
 * @returns sizes in bytes, times in ms
 * @throws {SettingsError}
 */
export function readServeSettings(source: Record<string, string | undefined> = process.env): ServeSettings {
  const s = parse(ServeSchema, source);
  return {
    port: s.PORT,
    hostname: s.HOSTNAME && s.HOSTNAME !== 'localhost' ? s.HOSTNAME : undefined,
    workers: s.WEB_CONCURRENCY ?? Math.min(availableParallelism(), 8),
    pageCacheDiskBytes: s.PAGE_CACHE_DISK_MB * 1024 * 1024,
    microCache: {
      maxAgeMs: s.MICRO_CACHE_MS,
      maxBytes: s.MICRO_CACHE_MB * 1024 * 1024,
      revalidatedStaleMs: s.MICRO_CACHE_REVALIDATED_STALE_MS,
    },
    backgroundRefreshes: s.MICRO_CACHE_REFRESHES,
    gate: { limit: s.WEB_CONCURRENCY_LIMIT, queue: s.WEB_QUEUE, timeoutMs: s.WEB_QUEUE_TIMEOUT_MS },
    requestDeadlineMs: s.WEB_REQUEST_DEADLINE_MS,
    trustedProxies: s.TRUSTED_PROXIES,
    distDir: s.NEXT_DIST_DIR,
    revalidateSecret: s.REVALIDATE_SECRET,
    apiUrl: s.SHOP_API_URL,
    metrics: s.WEB_METRICS_PORT ? { port: s.WEB_METRICS_PORT, host: s.METRICS_HOST } : null,
  };
}

/**
 * The settings of scripts/start.mjs.
 * @param source the environment (default `process.env`)
 * @returns `database` names the database a build saw (host/path of DATABASE_URL, else the PGlite
 *   folder)
 * @throws {SettingsError}
 */
export function readStartSettings(source: Record<string, string | undefined> = process.env): {
  port: number;
  apiPort: number;
  apiUrl: string;
  externalApi: boolean;
  startEmbeddedApi: boolean;
  database: string;
  siteUrl: string;
  ymId: string;
  revalidateSecret: string | undefined;
  revalidateUrls: string | undefined;
  distDir: string;
} {
  const s = parse(StartSchema, source);
  const db = s.DATABASE_URL ? new URL(s.DATABASE_URL) : null;
  return {
    port: s.PORT,
    apiPort: s.API_PORT,
    apiUrl: s.SHOP_API_URL ?? `http://${s.API_HOST}:${s.API_PORT}`,
    externalApi: s.SHOP_API_URL !== undefined,
    startEmbeddedApi: s.START_EMBEDDED_API,
    database: db ? `${db.host}${db.pathname}` : s.PGLITE_DIR,
    siteUrl: s.SITE_URL,
    ymId: s.YM_ID ?? s.NEXT_PUBLIC_YM_ID ?? '',
    revalidateSecret: s.REVALIDATE_SECRET,
    revalidateUrls: s.STOREFRONT_REVALIDATE_URLS,
    distDir: s.NEXT_DIST_DIR,
  };
}

/**
 * Runs `read` and, on a {@link SettingsError}, prints its message and ends the process with
 * status 1 (a stack trace would hide the one line the operator needs).
 */
export function settingsOrExit<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
