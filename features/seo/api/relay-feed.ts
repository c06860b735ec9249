/**
 * The product feeds at the storefront's own origin (issue #15 "feeds out"): /yml.xml and
 * /google-merchant.xml relay GET {SHOP_API_URL}/api/v1/feeds/{name} byte for byte as it streams
 * (the embedded API writes it from the database page by page, server/services/feeds), so the
 * storefront holds no more than a network buffer of a 100,000-product feed.
 *
 * Against a retailer's own backend (SHOP_API_URL): a backend that serves the same path gets its
 * feed relayed; one that does not (404) gets a plain 404 here saying so, because a feed built by the
 * storefront from the listing calls of spec §7 would take thousands of calls and could not know
 * stock per size — and a marketplace must never receive an empty or half feed as if it were the
 * catalogue. Any other failure is a 503 with `Retry-After`, which marketplaces retry.
 */
import { apiUrl } from '@/lib/api/fetcher';

/** Feeds the API may serve. */
export type FeedName = 'yml.xml' | 'google-merchant.xml';

/** Cache-Control when the API sent none: shared caches 5 minutes, never for good (prices change). */
const DEFAULT_CACHE_CONTROL = 'public, max-age=0, s-maxage=300, stale-while-revalidate=300';

/** How long to wait for the API's first byte, ms (the body then streams without a deadline). */
const FIRST_BYTE_TIMEOUT_MS = 10_000;

function plain(status: number, text: string, extra: Record<string, string> = {}): Response {
  return new Response(`${text}\n`, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...extra },
  });
}

/**
 * The feed `name` as a streamed Response: 200 with the API's XML, 404 when the backend has no such
 * feed, 503 when it cannot be reached or fails.
 */
export async function relayFeed(name: FeedName, request: Request): Promise<Response> {
  // One controller: the marketplace hanging up cancels the upstream stream at any time; the
  // timeout covers only the wait for the answer's headers (a whole feed streams for minutes).
  const controller = new AbortController();
  const cancel = () => controller.abort();
  request.signal.addEventListener('abort', cancel, { once: true });
  const timer = setTimeout(cancel, FIRST_BYTE_TIMEOUT_MS);
  let upstream: Response;
  try {
    upstream = await fetch(apiUrl(`/v1/feeds/${name}`), {
      cache: 'no-store',
      headers: { Accept: 'application/xml' },
      signal: controller.signal,
    });
  } catch {
    return plain(503, 'Фид временно недоступен: API магазина не отвечает. Повторите запрос позже.', {
      'Retry-After': '60',
    });
  } finally {
    clearTimeout(timer);
  }
  if (upstream.status === 404) {
    void upstream.body?.cancel();
    return plain(404, `Фид не настроен: API магазина не отдаёт /api/v1/feeds/${name} (docs/feeds.md).`);
  }
  if (!upstream.ok || !upstream.body) {
    void upstream.body?.cancel();
    return plain(503, 'Фид временно недоступен. Повторите запрос позже.', { 'Retry-After': '60' });
  }
  return new Response(upstream.body, {
    status: 200,
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': upstream.headers.get('cache-control') ?? DEFAULT_CACHE_CONTROL,
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
