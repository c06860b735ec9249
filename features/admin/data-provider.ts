/**
 * The console's data provider (issue #32, tasks/contract.md): react-admin's `ra-data-simple-rest`
 * over `/api/admin` (lists answer a JSON array with `Content-Range`), plus the actions that are not
 * CRUD — order status, refunds, resent confirmations, the media upload, the markdown preview,
 * blocking a gift certificate, anonymising a customer, starting a YML import and a product's SEO
 * text.
 */
import simpleRestProvider from 'ra-data-simple-rest';
import { ADMIN_API, adminFetch, adminUpload } from './http';
import type { DataProvider, Identifier } from 'react-admin';

/** A line of a partial refund: the order item and how many of it go back. */
export type RefundLine = { itemId: Identifier; quantity: number };

/** The console's data provider type: react-admin's CRUD plus the contract's actions. */
export type AdminDataProvider = DataProvider & {
  /** POST /orders/{id}/status: sets the status; `notify` mails the shopper. Resolves the order. */
  setOrderStatus(id: Identifier, status: string, notify: boolean): Promise<unknown>;
  /** POST /orders/{id}/refund with `{full:true}` or `{lines}`; resolves the API's answer. */
  refundOrder(id: Identifier, refund: { full: true } | { lines: RefundLine[] }): Promise<unknown>;
  /** POST /orders/{id}/resend-confirmation. */
  resendConfirmation(id: Identifier): Promise<unknown>;
  /** POST /articles/preview → the sanitised HTML of `markdown`. */
  previewMarkdown(markdown: string): Promise<string>;
  /** POST /media (multipart `file`) → the stored image's URL. */
  uploadMedia(file: File): Promise<string>;
  /** POST /gift-cards/{id}/block. */
  blockGiftCard(id: Identifier): Promise<unknown>;
  /** POST /customers/{id}/anonymise (152-ФЗ art. 21: erasure on request). */
  anonymiseCustomer(id: Identifier): Promise<unknown>;
  /** POST /imports/yml `{url}`: starts a YML import run; resolves the run. */
  startYmlImport(url: string): Promise<unknown>;
  /** GET /products/{id}/seo: the SEO text of the product's page (empty strings: none). */
  getProductSeo(id: Identifier): Promise<ProductSeo>;
  /** PUT /products/{id}/seo: saves it (every field empty removes it); resolves the stored text. */
  saveProductSeo(id: Identifier, text: ProductSeoText): Promise<ProductSeo>;
};

/** The SEO text an operator writes for a product's page (issue #32). */
export type ProductSeoText = { title: string; description: string; keywords: string; h1: string };
/** The product's SEO text with the page URL it is kept under and its SEO record's id (null: none). */
export type ProductSeo = ProductSeoText & { url: string; seoId: number | null };

/** JSON POST to `/api/admin{path}`; resolves the parsed body. Throws `HttpError` (Russian message). */
async function post(path: string, body: unknown = {}): Promise<unknown> {
  const { json } = await adminFetch(`${ADMIN_API}${path}`, { method: 'POST', body: JSON.stringify(body) });
  return json;
}

const id = (value: Identifier) => encodeURIComponent(String(value));

/** Builds the console's data provider (one per app). */
export function createDataProvider(): AdminDataProvider {
  const base = simpleRestProvider(ADMIN_API, adminFetch);
  return {
    ...base,
    setOrderStatus: (orderId, status, notify) => post(`/orders/${id(orderId)}/status`, { status, notify }),
    refundOrder: (orderId, refund) => post(`/orders/${id(orderId)}/refund`, refund),
    resendConfirmation: (orderId) => post(`/orders/${id(orderId)}/resend-confirmation`),
    previewMarkdown: async (markdown) => {
      const answer = (await post('/articles/preview', { markdown })) as { html?: string } | null;
      return answer?.html ?? '';
    },
    uploadMedia: async (file) => {
      const form = new FormData();
      form.append('file', file);
      const answer = await adminUpload<{ url: string }>(`${ADMIN_API}/media`, form);
      return answer.url;
    },
    blockGiftCard: (cardId) => post(`/gift-cards/${id(cardId)}/block`),
    anonymiseCustomer: (customerId) => post(`/customers/${id(customerId)}/anonymise`),
    startYmlImport: (url) => post('/imports/yml', { url }),
    getProductSeo: async (productId) =>
      (await adminFetch(`${ADMIN_API}/products/${id(productId)}/seo`)).json as ProductSeo,
    saveProductSeo: async (productId, text) =>
      (
        await adminFetch(`${ADMIN_API}/products/${id(productId)}/seo`, {
          method: 'PUT',
          body: JSON.stringify(text),
        })
      ).json as ProductSeo,
  };
}

/** URL of the orders CSV export for a list filter (GET, downloaded by the browser with the cookie). */
export function ordersCsvUrl(filter: Record<string, unknown>): string {
  return `${ADMIN_API}/orders/export.csv?filter=${encodeURIComponent(JSON.stringify(filter))}`;
}
