/**
 * The API's Redis connection (issue #16 "Past one machine", docs/topology.md): with REDIS_URL set,
 * the login/registration throttles, the per-client rate limits and the response cache of every API
 * instance live in one Redis, so a limit holds across instances and a cached answer is computed
 * once for all of them. Without it each process keeps them in its own memory (`npm start`).
 *
 * Commands fail at once while the connection is down (no offline queue): a request never waits on
 * Redis; the callers then let the request through uncounted and uncached and log it (see
 * {@link reportRedisError}).
 */
import { createClient } from 'redis';
import { logError } from './log';

function makeClient(url: string) {
  let connected = false;
  const client = createClient({
    url,
    disableOfflineQueue: true,
    pingInterval: 10_000,
    socket: {
      connectTimeout: 2000,
      // Before the first connection an error ends connect() (the caller learns at once); after
      // it, the client keeps reconnecting.
      reconnectStrategy: (retries: number, cause: Error) => (connected ? Math.min(100 * 2 ** retries, 2000) : cause),
    },
  });
  client.on('ready', () => (connected = true));
  return client;
}

/** A connected client of the `redis` package. */
export type Redis = ReturnType<typeof makeClient>;

/** ms one command may take before its caller gives up on Redis for that request. */
export const REDIS_COMMAND_TIMEOUT_MS = 500;

/**
 * Connects to `url` (redis://host:port/db) and keeps reconnecting (every ≤ 2 s) after a loss.
 * @throws Error when the first connection fails (the API refuses to start half-configured).
 */
export async function connectRedis(url: string): Promise<Redis> {
  const client = makeClient(url);
  client.on('error', (error: unknown) => reportRedisError('connection', error));
  await client.connect();
  return client;
}

let lastReport = 0;

/** Logs a Redis failure at most once every 10 s (a lost Redis must not flood the log). */
export function reportRedisError(what: string, error: unknown): void {
  const now = Date.now();
  if (now - lastReport < 10_000) return;
  lastReport = now;
  logError('redis', what, error);
}

/** The client bounded to {@link REDIS_COMMAND_TIMEOUT_MS} per command. */
export function timed(client: Redis): Redis {
  return client.withAbortSignal(AbortSignal.timeout(REDIS_COMMAND_TIMEOUT_MS));
}
