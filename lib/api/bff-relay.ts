/**
 * The BFF relay (DESIGN.md "Two applications, one contract", "Auth and security"): client
 * islands call the storefront's same-origin `/api/...`; this relays the call to
 * `{SHOP_API_URL}/api/...` with the visitor's cookies and answers with the API's status, body,
 * content type and every Set-Cookie. Used by `app/api/[...path]/route.ts`; kept framework-free
 * (plain `Request` → `Response`) so it is unit-tested without Next.
 *
 * - The httpOnly `token` cookie becomes `Authorization: Token <token>` (spec §7).
 * - Unsafe methods from another origin are refused with 403 (CSRF).
 * - Bodies over {@link BFF_MAX_BODY_BYTES} are refused with 413 before the API sees them.
 * - When the API cannot be reached (or times out) the answer is 502
 *   `{status: "error", message: "Сервис временно недоступен"}`.
 * - The path is relayed exactly, trailing slash included (spec §7 writes `/v2/cart/`).
 * - Forwarding headers are the relay's own (issue #12, DESIGN.md "Auth and security"): whatever
 *   `X-Forwarded-*`, `Forwarded` or `X-Real-IP` the browser wrote is dropped; `X-Forwarded-Host`
 *   and `-Proto` come from SITE_URL, `X-Forwarded-For` is the one client address the storefront's
 *   own server determined (see {@link clientAddressOf}).
 * - The API's reference page and OpenAPI document are not relayed (404): they belong to the API's
 *   own origin, not to the shop's pages.
 * - The product feeds (`/api/v1/feeds/*.xml`) are redirected (308) to their public addresses
 *   /yml.xml and /google-merchant.xml (issue #28 item 9): relayed here, a 45–65 MB download was
 *   decoded by fetch, sent uncompressed and cut by the {@link BFF_TIMEOUT_MS} timeout, which
 *   covered the whole body (crawlers got XML truncated at 15 s). features/seo/api/relay-feed.ts
 *   relays them with their codings and validators.
 * - {@link BFF_TIMEOUT_MS} bounds the wait for the API's answer head; a body that is under way is
 *   not cut (the storefront server's idle-socket timeout ends one that stalls).
 */

import 'server-only';
import {
  clearedTokenCookies,
  sessionActionFor,
  takeToken,
  tokenCookies,
  shouldUseSecureCookies,
  type SessionAction,
} from './session-cookie';

/** Largest request body relayed, bytes (1 MB). */
export const BFF_MAX_BODY_BYTES = 1024 * 1024;
/** ms before a relayed call is given up (answered 502). */
export const BFF_TIMEOUT_MS = 15_000;

/** Russian messages of the relay's own answers. */
export const BFF_MESSAGES = {
  unavailable: 'Сервис временно недоступен',
  tooLarge: 'Слишком большой запрос: не более 1 МБ',
  foreignOrigin: 'Запрос с другого сайта отклонён',
  notFound: 'Не найдено',
} as const;

/** Options of {@link relayToShopApi}. */
export type RelayOptions = {
  /** Origin of the shop API without a trailing slash, e.g. "http://127.0.0.1:8000". */
  apiBase: string;
  /** Public origin of the storefront (SITE_URL), accepted as an Origin besides the request's own. */
  siteUrl?: string;
  /** Injected for tests; defaults to the global fetch. */
  fetchImpl?: typeof fetch;
  /** Default {@link BFF_TIMEOUT_MS}. */
  timeoutMs?: number;
  /** Default {@link BFF_MAX_BODY_BYTES}. */
  maxBodyBytes?: number;
  /** Sent as `X-Shop-Bff-Secret` so the API trusts X-Forwarded-For from a remote BFF. */
  bffSecret?: string;
};

// What the browser (or anything in front of the storefront) may have written about the hop; the
// relay describes the hop itself, so none of these is relayed.
const FORWARDING = new Set([
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-real-ip',
  'x-shop-bff-secret',
]);

// Paths of the API that are not part of the shop's same-origin API (issue #12), nor the copy of
// its whole database (issue #31: npm run backup asks the API itself, never the public origin).
const NOT_RELAYED = /^\/api\/(docs|openapi\.json|v1\/operator\/backup)(\/|$)/;
// The product feeds, served at the storefront's root (app/yml.xml, app/google-merchant.xml).
const FEED = /^\/api\/v1\/feeds\/(yml\.xml|google-merchant\.xml)\/?$/;

/**
 * The browser's address as the storefront's own server saw it: the last entry of
 * `X-Forwarded-For`, which `storefront-server/serve.ts` sets from its socket (or, behind the proxies named
 * in TRUSTED_PROXIES, from their chain) after dropping whatever the browser sent. Null when absent
 * or not an IP address.
 */
export function clientAddressOf(request: Request): string | null {
  const last = request.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim();
  return last && /^[0-9a-f.:]{2,45}$/i.test(last) ? last : null;
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

// Hop-by-hop headers (RFC 9110 §7.6.1) and those fetch computes itself.
const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'content-length',
  'host',
];

// Describe the browser → storefront hop only; the API gets a server-to-server call.
const DROP_FROM_REQUEST = new Set([
  ...HOP_BY_HOP,
  'origin',
  'accept-encoding',
  'sec-fetch-site',
  'sec-fetch-mode',
  'sec-fetch-dest',
  'sec-fetch-user',
  // Issue #31: the trace context of this hop is the relay's own fetch's (its span, child of the
  // browser's request span), set by the tracing instrumentation; a copy would name the wrong parent.
  'traceparent',
  'tracestate',
  'baggage',
]);

// fetch has already decoded the body, so the encoding and length no longer describe it.
const DROP_FROM_RESPONSE = new Set([...HOP_BY_HOP, 'content-encoding', 'set-cookie']);

function errorJson(status: number, message: string): Response {
  return Response.json({ status: 'error', message }, { status, headers: { 'cache-control': 'no-store' } });
}

/** Value of one cookie in a Cookie header, or undefined. */
export function readCookie(cookieHeader: string | null, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

/**
 * Whether an unsafe request may be relayed: its Origin (when the browser sent one) must be the
 * storefront's own origin, as seen directly, through X-Forwarded-Host/-Proto, or as SITE_URL.
 * Without an Origin, a browser's `Sec-Fetch-Site` other than same-origin/none is refused; other
 * clients (curl, server code) pass, since CSRF needs a browser.
 */
export function isSameOriginRequest(request: Request, siteUrl?: string): boolean {
  const origin = request.headers.get('origin');
  if (!origin) {
    const site = request.headers.get('sec-fetch-site');
    return !site || site === 'same-origin' || site === 'none';
  }
  if (origin === 'null') return false;

  const url = new URL(request.url);
  // X-Forwarded-Host is not consulted: SITE_URL names the public origin behind a proxy.
  const allowed = new Set<string>([url.origin]);
  const host = request.headers.get('host');
  if (host) allowed.add(`${url.protocol}//${host}`);
  if (siteUrl) {
    try {
      allowed.add(new URL(siteUrl).origin);
    } catch {
      // An invalid SITE_URL is caught by lib/env.ts; nothing to add here.
    }
  }
  try {
    return allowed.has(new URL(origin).origin);
  } catch {
    return false;
  }
}

/** Reads a request body up to `limit` bytes; null when it is larger. */
async function readLimited(request: Request, limit: number): Promise<Uint8Array | null> {
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/**
 * Drops the Domain attribute of a Set-Cookie, so a cookie the API scopes to its own host lands on
 * the storefront's host, which is the only host the browser talks to.
 */
export function rescopeSetCookie(setCookie: string): string {
  return setCookie
    .split(';')
    .filter((part, index) => index === 0 || !/^\s*domain\s*=/i.test(part))
    .join(';');
}

/**
 * Relays one request of the browser to the shop API and returns the API's answer.
 * @param request the incoming request; its path must start with `/api/`.
 * @returns the API's status, headers (minus hop-by-hop), body and every Set-Cookie; or the relay's
 *   own JSON error: 403 foreign origin, 413 body over the limit, 502 API unreachable or timed out.
 */
export async function relayToShopApi(request: Request, options: RelayOptions): Promise<Response> {
  const {
    apiBase,
    siteUrl,
    fetchImpl = fetch,
    timeoutMs = BFF_TIMEOUT_MS,
    maxBodyBytes = BFF_MAX_BODY_BYTES,
    bffSecret,
  } = options;
  const url = new URL(request.url);
  if (!url.pathname.startsWith('/api/') || NOT_RELAYED.test(url.pathname)) return errorJson(404, BFF_MESSAGES.notFound);
  const feed = FEED.exec(url.pathname);
  if (feed)
    return new Response(null, {
      status: 308,
      headers: { location: `/${feed[1]}`, 'cache-control': 'public, max-age=86400' },
    });

  const method = request.method.toUpperCase();
  if (UNSAFE_METHODS.has(method) && !isSameOriginRequest(request, siteUrl)) {
    return errorJson(403, BFF_MESSAGES.foreignOrigin);
  }

  let body: Uint8Array | undefined;
  if (method !== 'GET' && method !== 'HEAD') {
    const declared = Number(request.headers.get('content-length') ?? '0');
    if (Number.isFinite(declared) && declared > maxBodyBytes) return errorJson(413, BFF_MESSAGES.tooLarge);
    const read = await readLimited(request, maxBodyBytes);
    if (read === null) return errorJson(413, BFF_MESSAGES.tooLarge);
    body = read.byteLength > 0 ? read : undefined;
  }

  const headers = new Headers();
  request.headers.forEach((value, key) => {
    if (!DROP_FROM_REQUEST.has(key) && !FORWARDING.has(key)) headers.set(key, value);
  });
  const token = readCookie(request.headers.get('cookie'), 'token');
  // A cookie the browser decodes into control characters is no token: relayed as anonymous
  // (Headers would throw on it, answering 500; issue #12 fuzzing).
  if (token && /^[\x21-\x7e]{1,500}$/.test(token)) headers.set('authorization', `Token ${token}`);
  const publicUrl = new URL(siteUrl ?? url.origin);
  headers.set('x-forwarded-host', publicUrl.host);
  headers.set('x-forwarded-proto', publicUrl.protocol.replace(':', ''));
  const client = clientAddressOf(request);
  if (client) headers.set('x-forwarded-for', client);
  if (bffSecret) headers.set('x-shop-bff-secret', bffSecret);

  let upstream: Response;
  // Only the wait for the answer head is bounded: AbortSignal.timeout on fetch also aborts a body
  // still streaming, and cut long answers mid-way.
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), timeoutMs);
  const cancel = () => timeout.abort();
  request.signal?.addEventListener('abort', cancel, { once: true });
  try {
    upstream = await fetchImpl(`${apiBase.replace(/\/+$/, '')}${url.pathname}${url.search}`, {
      method,
      headers,
      body: body as BodyInit | undefined,
      redirect: 'manual',
      cache: 'no-store',
      signal: timeout.signal,
    });
  } catch {
    return errorJson(502, BFF_MESSAGES.unavailable);
  } finally {
    clearTimeout(timer);
  }

  const responseHeaders = new Headers();
  upstream.headers.forEach((value, key) => {
    if (!DROP_FROM_RESPONSE.has(key)) responseHeaders.set(key, value);
  });
  for (const cookie of upstream.headers.getSetCookie()) responseHeaders.append('set-cookie', rescopeSetCookie(cookie));
  // Per-visitor answers (cart, user) must never land in a shared cache.
  if (!responseHeaders.has('cache-control')) responseHeaders.set('cache-control', 'private, no-store');

  const session = sessionActionFor(method, url.pathname);
  if (session) return withSessionCookies(session, upstream, responseHeaders, shouldUseSecureCookies(siteUrl));

  const bodyless = method === 'HEAD' || upstream.status === 204 || upstream.status === 205 || upstream.status === 304;
  if (bodyless) await upstream.body?.cancel().catch(() => undefined);
  return new Response(bodyless ? null : upstream.body, {
    status: upstream.status,
    statusText: upstream.statusText,
    headers: responseHeaders,
  });
}

/**
 * Answers a login / logout / user call with the session cookies of `session-cookie.ts`: a login
 * answer's token goes into the httpOnly cookie and is redacted from the body; logout and a 401
 * of get_user clear the cookies.
 */
async function withSessionCookies(
  action: Exclude<SessionAction, null>,
  upstream: Response,
  headers: Headers,
  secure: boolean,
): Promise<Response> {
  const text = await upstream.text();
  let body = text;
  if (action === 'login' && upstream.ok) {
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      // Not JSON: relayed as it is, no cookie.
    }
    const taken = takeToken(json);
    if (taken) {
      for (const value of tokenCookies(taken.token, secure, taken.expiresAt)) headers.append('set-cookie', value);
      body = JSON.stringify(taken.redacted);
    }
  }
  if (action === 'logout' || (action === 'user' && upstream.status === 401) || (action === 'deleted' && upstream.ok)) {
    for (const value of clearedTokenCookies(secure)) headers.append('set-cookie', value);
  }
  return new Response(body, { status: upstream.status, statusText: upstream.statusText, headers });
}
