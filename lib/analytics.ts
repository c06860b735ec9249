/**
 * Analytics helper (spec §7 Third parties: an analytics counter; DESIGN.md: Yandex Metrica after
 * cookie consent). Events go to `window.dataLayer` in the Yandex Metrica e-commerce format
 * (`{ecommerce: {currencyCode: "RUB", detail|add|purchase: {...}}}`); the counter, once loaded
 * with `ecommerce: "dataLayer"`, reads them — before consent nothing leaves the browser because
 * the counter script is not loaded. Safe to call on the server (does nothing).
 *
 * Usage: `trackProductView(product)` on a product page, `trackAddToBasket(product)` after the
 * server confirms an add, `trackPurchase(orderId, products)` on the success page.
 */
import { CURRENCY_CODE } from './constants';
import { linesTotal, toRubles } from './money';

/** A product in an e-commerce event. Prices in rubles. */
export type AnalyticsProduct = {
  /** Product or offer id. */
  id: string | number;
  name: string;
  /** Price of one item, rubles. */
  price: number;
  brand?: string;
  /** Category path, e.g. "Купальники/Раздельные". */
  category?: string;
  /** Size or colour. */
  variant?: string;
  quantity?: number;
};

type DataLayerWindow = Window & { dataLayer?: unknown[] };

/** Pushes any object to `window.dataLayer` (created when missing). No-op on the server. */
export function pushDataLayer(event: Record<string, unknown>): void {
  if (typeof window === 'undefined') return;
  const w = window as DataLayerWindow;
  w.dataLayer = w.dataLayer ?? [];
  w.dataLayer.push(event);
}

function product(p: AnalyticsProduct) {
  return {
    id: String(p.id),
    name: p.name,
    price: p.price,
    ...(p.brand ? { brand: p.brand } : {}),
    ...(p.category ? { category: p.category } : {}),
    ...(p.variant ? { variant: p.variant } : {}),
    ...(p.quantity ? { quantity: p.quantity } : {}),
  };
}

/** E-commerce "detail": a shopper viewed a product page. */
export function trackProductView(p: AnalyticsProduct): void {
  pushDataLayer({ ecommerce: { currencyCode: CURRENCY_CODE, detail: { products: [product(p)] } } });
}

/** E-commerce "add": a product was added to the basket (after the server confirmed). */
export function trackAddToBasket(p: AnalyticsProduct): void {
  pushDataLayer({ ecommerce: { currencyCode: CURRENCY_CODE, add: { products: [product({ quantity: 1, ...p })] } } });
}

/** E-commerce "remove": a basket line was removed. */
export function trackRemoveFromBasket(p: AnalyticsProduct): void {
  pushDataLayer({ ecommerce: { currencyCode: CURRENCY_CODE, remove: { products: [product(p)] } } });
}

/**
 * E-commerce "purchase": an order was placed.
 * @param orderId the order number shown to the shopper.
 * @param revenue order total in rubles (defaults to the sum of price × quantity).
 */
export function trackPurchase(orderId: string | number, products: readonly AnalyticsProduct[], revenue?: number): void {
  const total = revenue ?? toRubles(linesTotal(products.map((p) => ({ price: p.price, quantity: p.quantity ?? 1 }))));
  pushDataLayer({
    ecommerce: {
      currencyCode: CURRENCY_CODE,
      purchase: { actionField: { id: String(orderId), revenue: total }, products: products.map(product) },
    },
  });
}
