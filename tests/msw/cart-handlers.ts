/**
 * MSW 2 handlers for the basket endpoints (spec §7 Cart) over an in-memory cart, for component
 * and store tests only (DESIGN.md: MSW is never the app's backend). Answers follow the contract
 * (`{status: "success", cart}` or a 4xx `{status: "error", message}`) and are matched on the
 * same-origin BFF paths (`/api/v2/cart/...`) the browser calls.
 *
 * ```ts
 * const cart = createFakeCart([cartItemFactory({ quantity: 2 })]);
 * const server = setupServer(...cartHandlers(cart));
 * server.use(cartErrorHandler('put', 'Нет в наличии'));   // one failing endpoint
 * ```
 */
import { http, HttpResponse, type HttpHandler } from 'msw';
import type { Cart, CartItem } from '@/lib/api/contract/cart';

let sequence = 0;

function uuidFor(n: number): string {
  return `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}

/**
 * A contract-valid basket line; every field can be overridden (`product` and `offer` merge one
 * level deep). Prices in rubles. Each call gets a fresh `item_uuid` and offer id.
 */
export function cartItemFactory(
  overrides: Partial<Omit<CartItem, 'product' | 'offer'>> & {
    product?: Partial<CartItem['product']>;
    offer?: Partial<CartItem['offer']>;
  } = {},
): CartItem {
  sequence += 1;
  const n = sequence;
  const price = overrides.price ?? 4990;
  const { product, offer, ...rest } = overrides;
  return {
    item_uuid: uuidFor(n),
    quantity: 1,
    price,
    old_price: null,
    stock: 10,
    available: true,
    feature: { id: 100 + n, ext_id: `SIZE-${n}`, name: 'M' },
    featuretop: null,
    featurebot: null,
    ...rest,
    product: {
      id: n,
      name: `Купальник ${n}`,
      brand: { name: 'Maaji', slug: 'maaji' },
      price,
      images: [{ image: `/media/products/${n}.jpg`, is_main: true, alt: `Купальник ${n}`, width: 600, height: 800 }],
      full_path_offer: `/kupalniki/slitnye/${n}/kupalnik-${n}`,
      ...product,
    },
    offer: {
      id: 1000 + n,
      ext_id: `OFFER-${n}`,
      color: { id: 1, slug: 'chernyj', name: 'Чёрный', hex: '#000000' },
      ...offer,
    },
  };
}

/** Mutable state of the fake server's cart; tests may inspect `items` and `requests`. */
export type FakeCart = {
  items: CartItem[];
  /** Every request the handlers answered, in order: `"PUT /api/v2/cart/<uuid>/ {"quantity":2}"`. */
  requests: string[];
};

/** A fake cart holding `items` (copied). */
export function createFakeCart(items: CartItem[] = []): FakeCart {
  return { items: items.map((item) => ({ ...item })), requests: [] };
}

/** Empties `fake` in place (handlers keep pointing at it) and loads `items` (copied). */
export function resetFakeCart(fake: FakeCart, items: CartItem[] = []): void {
  fake.items = items.map((item) => ({ ...item }));
  fake.requests = [];
}

/** The wire cart of a fake cart: count = lines, total = Σ price × quantity (spec §9). */
export function toCart(fake: FakeCart): Cart {
  const total = fake.items.reduce((sum, item) => sum + Math.round(item.price * 100) * item.quantity, 0) / 100;
  return { id: 'fake-cart', items: fake.items, count: fake.items.length, total };
}

function success(fake: FakeCart) {
  return HttpResponse.json({ status: 'success', cart: toCart(fake) });
}

function notFound() {
  return HttpResponse.json({ status: 'error', message: 'Позиция корзины не найдена' }, { status: 404 });
}

async function record(fake: FakeCart, request: Request): Promise<unknown> {
  const text = request.method === 'GET' ? '' : await request.clone().text();
  fake.requests.push(`${request.method} ${new URL(request.url).pathname}${text ? ` ${text}` : ''}`);
  return text ? (JSON.parse(text) as unknown) : undefined;
}

/**
 * Handlers for GET/POST/DELETE `/api/v2/cart/` and PUT/DELETE `/api/v2/cart/:uuid/` over `fake`.
 * POST adds a copy of a factory line for the offer (or adds to an existing line of that offer).
 */
export function cartHandlers(fake: FakeCart): HttpHandler[] {
  return [
    http.get('*/api/v2/cart/', async ({ request }) => {
      await record(fake, request);
      return success(fake);
    }),
    http.post('*/api/v2/cart/', async ({ request }) => {
      const body = (await record(fake, request)) as { offer: number; feature?: string; quantity?: number };
      const existing = fake.items.find((item) => item.offer.id === body.offer && item.feature?.ext_id === body.feature);
      if (existing) {
        existing.quantity += body.quantity ?? 1;
      } else {
        fake.items.push(
          cartItemFactory({
            quantity: body.quantity ?? 1,
            offer: { id: body.offer },
            feature: body.feature ? { id: 1, ext_id: body.feature, name: 'S' } : null,
          }),
        );
      }
      return success(fake);
    }),
    http.delete('*/api/v2/cart/', async ({ request }) => {
      await record(fake, request);
      fake.items = [];
      return success(fake);
    }),
    http.put('*/api/v2/cart/:uuid/', async ({ request, params }) => {
      const body = (await record(fake, request)) as { quantity: number };
      const line = fake.items.find((item) => item.item_uuid === params.uuid);
      if (!line) return notFound();
      line.quantity = body.quantity;
      return success(fake);
    }),
    http.delete('*/api/v2/cart/:uuid/', async ({ request, params }) => {
      await record(fake, request);
      if (!fake.items.some((item) => item.item_uuid === params.uuid)) return notFound();
      fake.items = fake.items.filter((item) => item.item_uuid !== params.uuid);
      return success(fake);
    }),
  ];
}

/** Which cart endpoint a one-off handler overrides. */
export type CartEndpoint = 'get' | 'post' | 'clear' | 'put' | 'delete';

const ENDPOINTS: Record<CartEndpoint, { method: 'get' | 'post' | 'put' | 'delete'; path: string }> = {
  get: { method: 'get', path: '*/api/v2/cart/' },
  post: { method: 'post', path: '*/api/v2/cart/' },
  clear: { method: 'delete', path: '*/api/v2/cart/' },
  put: { method: 'put', path: '*/api/v2/cart/:uuid/' },
  delete: { method: 'delete', path: '*/api/v2/cart/:uuid/' },
};

/** A handler answering one endpoint with a 4xx `{status: "error", message}` (for `server.use`). */
export function cartErrorHandler(endpoint: CartEndpoint, message = 'Ошибка корзины', status = 400): HttpHandler {
  const { method, path } = ENDPOINTS[endpoint];
  return http[method](path, () => HttpResponse.json({ status: 'error', message }, { status }));
}

/** A handler for one endpoint that fails at the network level (API down). */
export function cartNetworkErrorHandler(endpoint: CartEndpoint): HttpHandler {
  const { method, path } = ENDPOINTS[endpoint];
  return http[method](path, () => HttpResponse.error());
}

/**
 * A handler for one endpoint that waits until `release()` is called before falling through to
 * the next handler (the fake cart), to observe the state while a request is in flight.
 */
export function cartGate(endpoint: CartEndpoint): { handler: HttpHandler; release: () => void } {
  const { method, path } = ENDPOINTS[endpoint];
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const handler = http[method](path, async () => {
    await gate;
    // Returning nothing lets MSW fall through to the next matching handler.
    return undefined;
  });
  return { handler, release };
}
