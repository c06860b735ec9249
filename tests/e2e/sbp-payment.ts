/**
 * Shared steps of the СБП specs (issue #29): a guest's unpaid order placed through the shop's own
 * API (basket, then `POST /api/v2/order/` with the consent), so the confirm page offers the choice
 * of payment method.
 */
import { expect, type Page } from '@playwright/test';
import { API_URL } from './helpers';

type Detail = {
  offers: Array<{
    id: number;
    features: Array<{ ext_id: string; stock: number }>;
    features_top: unknown[];
    features_bottom: unknown[];
  }>;
};

/** A one-piece size in stock, from the middle of the swimwear listing. */
async function offerInStock(): Promise<{ offer: number; feature: string }> {
  const res = await fetch(`${API_URL}/api/v1/offers/odezhda/?limit=24`);
  const page = (await res.json()) as { results: Array<{ id: number }> };
  for (const card of page.results.slice(6)) {
    const detail = (await (await fetch(`${API_URL}/api/v1/product_offer/?pk=${card.id}`)).json()) as Detail;
    const first = detail.offers[0];
    if (!first || first.features_top.length > 0 || first.features_bottom.length > 0) continue;
    const size = first.features.find((f) => f.stock > 1);
    if (size) return { offer: first.id, feature: size.ext_id };
  }
  throw new Error('no clothing in stock');
}

/** Places a guest's courier order (unpaid, no payment attempt) in `page`'s browser; returns its guid. */
export async function unpaidOrder(page: Page, email: string): Promise<string> {
  const { offer, feature } = await offerInStock();
  const added = await page.request.post('/api/v2/cart/', { data: { offer, feature, quantity: 1 } });
  expect(added.status(), await added.text()).toBe(200);
  const cities = await (
    await page.request.get(`/api/v1/cities/?data=${encodeURIComponent(JSON.stringify({ search: 'Москва' }))}`)
  ).json();
  const moscow = (cities.results as Array<{ id: number; name: string }>).find((c) => c.name === 'Москва');
  const order = await page.request.post('/api/v2/order/', {
    headers: { 'Idempotency-Key': `sbp-${Date.now()}-${Math.random().toString(16).slice(2)}` },
    data: {
      contact: { fio: 'Смирнова Ольга Петровна', email, phone: '+79035550123' },
      delivery: { method: 'courier', city_id: moscow!.id, street: 'Тверская', house: '7', apartment: '3' },
      payment_method: 'card',
      personal_data_consent: true,
    },
  });
  expect(order.status(), await order.text()).toBeLessThan(300);
  return ((await order.json()) as { order: { guid: string } }).order.guid;
}
