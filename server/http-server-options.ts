/**
 * Timeouts of the shop API's HTTP server (server/main.ts).
 *
 * - Issue #31 item 5: a client that sends its headers slowly (one byte now and then: the
 *   "slowloris" attack) held a connection for at least 20 s (Node's default check of
 *   `headersTimeout` runs every 30 s). The API is called by the storefront and by operators'
 *   tools, which send a request's headers at once: 5 s for them, checked every second; Node then
 *   answers 408 and closes the connection.
 * - Idle keep-alive connections stay open longer than any client keeps them (Node's agent, which
 *   Next's /media rewrite proxy uses, drops them after 5 s — the server's default too): with equal
 *   timeouts the server closed a connection just as the storefront reused it, and an image answered
 *   500 "socket hang up" under load. `headersTimeout` counts only while a request's headers are
 *   arriving, not while a kept-alive connection waits (tested in http-server-options.test.ts).
 * - Issue #12: a client that never finishes sending its request is dropped after `requestTimeout`.
 */
import type { Server } from 'node:http';

/** Options given to `http.createServer` (through @hono/node-server's `serverOptions`); ms. */
export const API_SERVER_OPTIONS = {
  headersTimeout: 5_000,
  requestTimeout: 70_000,
  keepAliveTimeout: 65_000,
  connectionsCheckingInterval: 1_000,
} as const;

/**
 * Sets the timeouts that Node reads from the server object rather than from its options (older
 * Node versions ignore `keepAliveTimeout` among the options).
 */
export function applyApiServerTimeouts(
  server: Pick<Server, 'headersTimeout' | 'requestTimeout' | 'keepAliveTimeout'>,
): void {
  server.keepAliveTimeout = API_SERVER_OPTIONS.keepAliveTimeout;
  server.headersTimeout = API_SERVER_OPTIONS.headersTimeout;
  server.requestTimeout = API_SERVER_OPTIONS.requestTimeout;
}
