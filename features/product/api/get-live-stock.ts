/**
 * GET /v1/stock/{pk}/ through the BFF (lib/api/contract/stock.ts, issue #13): the live stock of a
 * product's sizes for the cached product page's purchase panel. The answer is checked without zod
 * (the product page's first visit stays under the issue #7 JS budget: a schema import on mount
 * would be loaded while hydrating and counted); the server checks its answers with the contract
 * in server/routes/stock/stock.test.ts.
 */
import { useEffect, useState } from 'react';
import { bffRequest, type AnswerParser } from '@/lib/api/bff-client';
import type { StockFeature, StockResponse } from '@/lib/api/contract/stock';

/** Live stock by size SKU (`ext_id`, unique across the shop). */
export type LiveStock = ReadonlyMap<string, StockFeature>;

/**
 * The answer of a `{status: "success", product, offers: [{offer, features: [{ext_id, stock, available}]}]}`
 * body, or null for any other shape.
 */
export function readStock(payload: unknown): StockResponse | null {
  const answer = payload as Partial<Record<keyof StockResponse, unknown>> | null;
  const isFeature = (f: Partial<Record<keyof StockFeature, unknown>> | null) =>
    typeof f?.ext_id === 'string' && typeof f.stock === 'number' && typeof f.available === 'boolean';
  const isOffer = (o: { offer?: unknown; features?: unknown } | null) =>
    typeof o?.offer === 'number' && Array.isArray(o.features) && o.features.every(isFeature);
  return answer?.status === 'success' &&
    typeof answer.product === 'number' &&
    Array.isArray(answer.offers) &&
    answer.offers.every(isOffer)
    ? (payload as StockResponse)
    : null;
}

const STOCK_ANSWER: AnswerParser<StockResponse> = {
  safeParse(payload) {
    const stock = readStock(payload);
    return stock ? { success: true, data: stock } : { success: false };
  },
};

/**
 * GET /api/v1/stock/{pk}/ (never cached) as a map `ext_id` → `{ext_id, stock, available}`.
 * @param productId the product's pk (int4).
 * @throws BffRequestError on a failed or malformed answer; the fetch's AbortError on abort.
 */
export async function fetchLiveStock(productId: number, signal?: AbortSignal): Promise<LiveStock> {
  const answer = await bffRequest('GET', `/v1/stock/${productId}/`, STOCK_ANSWER, undefined, { signal });
  return new Map(answer.offers.flatMap((offer) => offer.features.map((feature) => [feature.ext_id, feature] as const)));
}

/**
 * The live stock of `productId`'s sizes, or null until (and unless) an answer came. Asked at once
 * on mount and again each time the tab becomes visible (a page left open for hours stays
 * truthful); a newer request aborts an older one. A failure keeps the last answer (or null) and
 * says nothing: the page's cached sizes remain, and the basket checks stock on the server anyway.
 */
export function useLiveStock(productId: number): LiveStock | null {
  const [stock, setStock] = useState<LiveStock | null>(null);
  useEffect(() => {
    let controller: AbortController | null = null;
    const load = () => {
      controller?.abort();
      const current = new AbortController();
      controller = current;
      fetchLiveStock(productId, current.signal).then(
        (next) => {
          if (!current.signal.aborted) setStock(next);
        },
        () => undefined, // keep the cached sizes (see docstring)
      );
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') load();
    };
    load();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      controller?.abort();
    };
  }, [productId]);
  return stock;
}
