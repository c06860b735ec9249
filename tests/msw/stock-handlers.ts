/**
 * MSW 2 handler of the live stock endpoint (GET /v1/stock/{pk}/, lib/api/contract/stock.ts,
 * issue #13) for component tests, on the same-origin BFF path the browser calls
 * (`/api/v1/stock/:pk/`). The answer is built from a mutable map, so a test can sell out a size
 * "behind the page's back"; `gate` holds answers until released.
 *
 * ```ts
 * const stock = createFakeStock(7, { 101: { '48': 3 } });   // product 7, offer 101, size 48: 3 pieces
 * const server = setupServer(stockHandler(stock));
 * stock.offers.get(101)!.set('48', 0);                      // sold out
 * ```
 */
import { http, HttpResponse, type HttpHandler } from 'msw';
import type { StockResponse } from '@/lib/api/contract/stock';

/** A product's sizes: offer id → size `ext_id` → pieces; counts and holds requests. */
export type FakeStock = {
  product: number;
  offers: Map<number, Map<string, number>>;
  /** Requests answered so far. */
  requests: number;
  /** When set, answers wait for it. */
  gate: Promise<void> | null;
  /** When set, the endpoint answers this status with an error body. */
  failWith: number | null;
};

/** A fake stock of `product`: `{offerId: {ext_id: pieces}}`. */
export function createFakeStock(product: number, offers: Record<number, Record<string, number>>): FakeStock {
  return {
    product,
    offers: new Map(Object.entries(offers).map(([offer, sizes]) => [Number(offer), new Map(Object.entries(sizes))])),
    requests: 0,
    gate: null,
    failWith: null,
  };
}

/** The contract answer of the fake's current state. */
export function stockAnswer(stock: FakeStock): StockResponse {
  return {
    status: 'success',
    product: stock.product,
    offers: [...stock.offers].map(([offer, sizes]) => ({
      offer,
      features: [...sizes].map(([ext_id, pieces]) => ({ ext_id, stock: pieces, available: pieces > 0 })),
    })),
  };
}

/** GET /api/v1/stock/:pk/ over `stock`; 404 `{status: "error"}` for another product. */
export function stockHandler(stock: FakeStock): HttpHandler {
  return http.get('*/api/v1/stock/:pk/', async ({ params }) => {
    stock.requests += 1;
    if (stock.gate) await stock.gate;
    if (stock.failWith)
      return HttpResponse.json({ status: 'error', message: 'Сервис временно недоступен' }, { status: stock.failWith });
    if (Number(params.pk) !== stock.product)
      return HttpResponse.json({ status: 'error', message: 'Товар не найден' }, { status: 404 });
    return HttpResponse.json(stockAnswer(stock), { headers: { 'Cache-Control': 'no-store' } });
  });
}
