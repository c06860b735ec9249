/**
 * The client address used for per-client throttling.
 *
 * Decision (documented in the README): the API normally sits behind the storefront's BFF, so the
 * socket address is the BFF's. X-Forwarded-For is trusted only when the request comes from a
 * loopback address (the BFF on the same machine, the default deployment) or carries
 * `X-Shop-Bff-Secret` equal to BFF_SHARED_SECRET (BFF on another machine). Then the last entry of
 * X-Forwarded-For is used: the one the BFF's own HTTP server appended for the browser's socket, so
 * entries a browser forges in front of it are ignored. Otherwise the socket address is used.
 */
import { timingSafeEqual } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import { serverEnv } from '../env';
import type { Context } from 'hono';

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

function socketAddress(c: Context): string | null {
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    // app.request() in tests has no socket: treated like a local caller.
    return null;
  }
}

function secretMatches(given: string | undefined, expected: string | undefined): boolean {
  if (!given || !expected) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether the caller is the trusted BFF (loopback or matching shared secret). */
function isTrustedProxy(c: Context): boolean {
  const address = socketAddress(c);
  if (address === null || LOOPBACK.test(address)) return true;
  return secretMatches(c.req.header('x-shop-bff-secret'), serverEnv.BFF_SHARED_SECRET);
}

/** The client's address for throttling (see the module docstring). */
export function clientAddress(c: Context): string {
  const socket = socketAddress(c) ?? 'local';
  if (!isTrustedProxy(c)) return socket;
  const forwarded = c.req.header('x-forwarded-for');
  const last = forwarded
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .at(-1);
  return last ?? socket;
}
