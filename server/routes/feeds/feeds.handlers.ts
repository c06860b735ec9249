/**
 * Handlers of the product feeds (issue #15 "feeds out"): GET /api/v1/feeds/yml.xml (Yandex
 * Market) and GET /api/v1/feeds/google-merchant.xml (Google Merchant Center), streamed as the
 * database pages come (server/services/feeds/). The storefront relays them at /yml.xml and
 * /google-merchant.xml (app/yml.xml/route.ts), with absolute URLs on SITE_URL: the same public
 * origin the API already uses for links in e-mails.
 */
import { readServerEnv } from '../../env';
import { googleMerchantFeed } from '../../services/feeds/google-merchant';
import { ymlFeed, type FeedOptions } from '../../services/feeds/yml';
import { logError } from '../../services/log';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../types';
import type { Context } from 'hono';

type Ctx = Context<AppEnv>;

/**
 * Cache-Control of a feed: shared caches (a CDN, nginx) keep it 5 minutes and may answer a stale
 * copy 5 minutes more while they fetch a new one; browsers always ask again. Never longer: prices
 * and stock change, and the marketplaces fetch the feed on their own schedule anyway.
 */
export const FEED_CACHE_CONTROL = 'public, max-age=0, s-maxage=300, stale-while-revalidate=300';

/** The shop name used when the organization record has none. */
const FALLBACK_SHOP_NAME = 'Lumière';

/**
 * A byte stream pulling one string at a time from `chunks`: the next database page is read only
 * when the client has taken the previous one (backpressure), and a client that leaves stops it.
 * A failure mid-way errors the stream (the connection is cut, so no half feed looks complete).
 */
export function streamOf(
  make: (signal: AbortSignal) => AsyncGenerator<string>,
  label: string,
): ReadableStream<Uint8Array> {
  const abort = new AbortController();
  const chunks = make(abort.signal);
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await chunks.next();
        // The client left while this page was read: nothing to send, and no failure to report.
        if (abort.signal.aborted) return;
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        logError('shop-api', `feed ${label} failed`, error);
        controller.error(error);
      }
    },
    async cancel() {
      abort.abort();
      await chunks.return(undefined);
    },
  });
}

function feedResponse(c: Ctx, label: string, make: (db: Db, options: FeedOptions) => AsyncGenerator<string>) {
  const db = c.var.db;
  const siteUrl = readServerEnv().SITE_URL;
  const body = streamOf((signal) => make(db, { siteUrl, shopName: FALLBACK_SHOP_NAME, signal }), label);
  return new Response(body, {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': FEED_CACHE_CONTROL,
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/** GET /v1/feeds/yml.xml: the Yandex Market YML feed, streamed. */
export function yml(c: Ctx) {
  return feedResponse(c, 'yml', ymlFeed);
}

/** GET /v1/feeds/google-merchant.xml: the Google Merchant RSS 2.0 feed, streamed. */
export function googleMerchant(c: Ctx) {
  return feedResponse(c, 'google-merchant', googleMerchantFeed);
}
