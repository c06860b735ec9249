/**
 * The BFF (DESIGN.md "Two applications, one contract"): same-origin `/api/...` of the browser →
 * `{SHOP_API_URL}/api/...`, with the visitor's cookies, `Authorization: Token <token>` from the
 * httpOnly `token` cookie, an Origin check on unsafe methods (403), a 1 MB body limit (413) and
 * 502 `{status: "error", message: "Сервис временно недоступен"}` when the API is down.
 * The relay itself lives in `lib/api/bff-relay.ts`; it also sets and clears the session cookies
 * (`lib/api/session-cookie.ts`).
 */
import { relayToShopApi } from '@/lib/api/bff-relay';
import { env } from '@/lib/env';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Relays any method to the shop API (see `relayToShopApi`). */
function relay(request: Request): Promise<Response> {
  return relayToShopApi(request, {
    apiBase: env.SHOP_API_URL,
    siteUrl: env.SITE_URL,
    bffSecret: env.BFF_SHARED_SECRET,
  });
}

/** GET /api/... → shop API. */
export const GET = relay;
/** POST /api/... → shop API (Origin checked). */
export const POST = relay;
/** PUT /api/... → shop API (Origin checked). */
export const PUT = relay;
/** PATCH /api/... → shop API (Origin checked). */
export const PATCH = relay;
/** DELETE /api/... → shop API (Origin checked). */
export const DELETE = relay;
