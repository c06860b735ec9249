/**
 * Forwarding headers at the storefront's entry (issue #12 "Trust boundary", DESIGN.md "Auth and
 * security"): whatever a browser wrote in `X-Forwarded-*`, `Forwarded` or `X-Real-IP` is dropped,
 * and `X-Forwarded-For` becomes the one client address this server determined itself: the socket's
 * peer, or, when that peer is a proxy named in TRUSTED_PROXIES (nginx of the cluster topology), the
 * first address of the chain that is not a trusted proxy (Express's `proxy-addr`). Next keeps an
 * `X-Forwarded-For` it finds, so the BFF (`lib/api/bff-relay.ts`) relays exactly this address to the
 * API, where it keys the login and rate-limit throttles.
 *
 * `X-Forwarded-Proto` and `-Host` are dropped too: the shop's public origin is SITE_URL only.
 */
import proxyAddr from 'proxy-addr';
import type { IncomingMessage } from 'node:http';

const FORWARDING = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-real-ip',
];

/**
 * The trust function of a TRUSTED_PROXIES value: comma-separated addresses or CIDR ranges, or the
 * names proxy-addr knows ("loopback", "linklocal", "uniquelocal"). Empty: no proxy is trusted.
 * @throws TypeError for a malformed address or range (start-up fails with a clear message).
 */
export function compileTrust(value: string | undefined): (addr: string, i: number) => boolean {
  const list = String(value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return proxyAddr.compile(list);
}

/**
 * Rewrites the forwarding headers of an incoming request in place (see the module docstring).
 * @param req node's IncomingMessage (headers and socket)
 * @param trust a function of {@link compileTrust}
 * @returns the client address used
 */
export function normalizeForwarding(req: IncomingMessage, trust: (addr: string, i: number) => boolean): string {
  // proxy-addr reads X-Forwarded-For, so decide before the browser's headers are dropped.
  const client = req.socket?.remoteAddress ? proxyAddr(req, trust) : '';
  for (const name of FORWARDING) delete req.headers[name];
  if (client) req.headers['x-forwarded-for'] = client.replace(/^::ffff:/, '');
  return client;
}
