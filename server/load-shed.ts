/**
 * Load shedding of the shop API (issue #12 item 15): at most `limit` requests are handled at once,
 * up to `queue` more wait at most `timeoutMs` ms for a slot, and the rest get 503 with
 * `Retry-After` and a Russian message at once. Under a crawler's burst the API used to accept
 * every request and its single PGlite connection then took 7–12 s per call; now the storefront
 * gets a fast 503 and fails fast (lib/api/fetcher.ts) instead of waiting.
 *
 * Registered after the response cache (server/app.ts), so cached anonymous catalogue answers never
 * queue; `/api/health` is never shed (start scripts poll it). The gate is
 * storefront-server/admission-gate.ts, shared with the storefront's server. Sizes come from
 * `configureLoadShed` (server/main.ts: API_CONCURRENCY, API_QUEUE, API_QUEUE_TIMEOUT_MS) or the
 * defaults below.
 */
import { AdmissionGate, GateRefusal } from '../storefront-server/admission-gate.ts';
import type { MiddlewareHandler } from 'hono';

/** Sizes of the gate: concurrent requests, waiting requests, longest wait (ms). */
export type LoadShedOptions = { limit: number; queue: number; timeoutMs: number; retryAfterS: number };

/**
 * Defaults: the database is one connection (PGlite) or a small pool, so more than a few handlers
 * at once only queue inside it. A short wait: a page makes several calls one after another, and
 * the storefront must answer within 10 s, so a saturated API says so quickly (the fetcher then
 * fails fast) rather than letting each call wait.
 */
export const LOAD_SHED_DEFAULTS: LoadShedOptions = { limit: 8, queue: 64, timeoutMs: 500, retryAfterS: 2 };

let configured: LoadShedOptions = LOAD_SHED_DEFAULTS;

/** Sets the sizes of gates made afterwards by `loadShed()` without arguments (server/main.ts). */
export function configureLoadShed(options: Partial<LoadShedOptions>): void {
  configured = { ...LOAD_SHED_DEFAULTS, ...options };
}

/** The Russian message of a shed request. */
export const OVERLOADED_MESSAGE = 'Сервер перегружен, повторите запрос через несколько секунд';

/**
 * Middleware bounding the requests in flight (see the module docstring).
 * @returns a middleware answering 503 `{status:"error", message}` + `Retry-After` when refused;
 *   `gate` is exposed for tests and diagnostics.
 */
export function loadShed(options: Partial<LoadShedOptions> = {}): MiddlewareHandler & { gate: AdmissionGate } {
  const o = { ...configured, ...options };
  const gate = new AdmissionGate(o);
  const middleware: MiddlewareHandler = async (c, next) => {
    if (c.req.path === '/api/health') return next();
    let release: () => void;
    try {
      release = await gate.acquire(c.req.raw.signal);
    } catch (error) {
      if (!(error instanceof GateRefusal)) throw error;
      c.header('Retry-After', String(o.retryAfterS));
      c.header('Cache-Control', 'no-store');
      return c.json({ status: 'error' as const, message: OVERLOADED_MESSAGE }, 503);
    }
    try {
      await next();
    } finally {
      release();
    }
  };
  return Object.assign(middleware, { gate });
}
