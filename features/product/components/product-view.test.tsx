// @vitest-environment jsdom
/**
 * Issue #28: the product page shows the retailer's article («Артикул: 5420»), and for goods without
 * one (the demo catalogue) the product number, as the page title's «арт.» always did.
 */
import { act, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDetail } from '@/lib/api/contract/catalog';
import { NO_BRAND_SLUG } from '@/lib/format/brand';
import { productArticle } from '../utils/product-article';
import { ProductView } from './product-view';

const product: ProductDetail = {
  id: 3303,
  name: 'Платье миди',
  slug: 'plate-midi',
  brand: { name: 'Mango', slug: 'mango' },
  article: '5420',
  price: 4990,
  old_price: null,
  discount: 0,
  is_new: false,
  full_path_offer: '/odezhda/platya/3303/plate-midi',
  category: { path: 'odezhda/platya', name: 'Платья' },
  images: [],
  colors: [{ id: 1, slug: 'chernyj', name: 'Чёрный', hex: '#000000' }],
  sizes: ['42'],
  description: 'Лёгкое платье.',
  composition: '',
  material: '',
  country: '',
  care: '',
  type: 'dress',
  breadcrumbs: [],
  related: [],
  offers: [
    {
      id: 10,
      ext_id: 'OFFER-10',
      color: { id: 1, slug: 'chernyj', name: 'Чёрный', hex: '#000000' },
      images: [],
      features: [{ id: 100, ext_id: 'SKU-42', name: '42', stock: 3, available: true }],
      features_top: [],
      features_bottom: [],
    },
  ],
};

// The purchase panel asks for live stock after mounting; answer with what the page already has.
const server = setupServer(
  http.get('*/api/v1/stock/:pk/', () =>
    HttpResponse.json({
      status: 'success',
      product: 3303,
      offers: [{ offer: 10, features: [{ ext_id: 'SKU-42', stock: 3, available: true }] }],
    }),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

/**
 * Renders, waits for the heading and lets the islands' effects (recently viewed, live stock)
 * settle.
 */
async function renderView(detail: ProductDetail) {
  await act(async () => {
    render(<ProductView product={detail} />);
  });
  await screen.findByRole('heading', { level: 1, name: detail.name });
  await act(async () => {});
}

describe('ProductView article (issue #28)', () => {
  it('shows the retailer’s article, not the product number', async () => {
    await renderView(product);
    expect(screen.getByText('Артикул: 5420')).toBeInTheDocument();
    expect(screen.queryByText(/3303/)).toBeNull();
  });

  it('shows the product number for goods without an article', async () => {
    await renderView({ ...product, article: null });
    expect(screen.getByText('Артикул: 3303')).toBeInTheDocument();
  });

  it('gives the title the same article', () => {
    expect(productArticle(product)).toBe('5420');
    expect(productArticle({ id: 3303, article: null })).toBe('3303');
  });
});

describe('ProductView brand (issue #28)', () => {
  it('shows the brand, linked to its page', async () => {
    await renderView(product);
    expect(screen.getByRole('link', { name: 'Mango' })).toHaveAttribute('href', '/brands/mango');
  });

  it('shows no brand line for goods whose retailer named none (a placeholder vendor, a legal name)', async () => {
    await renderView({ ...product, brand: { name: 'Без бренда', slug: NO_BRAND_SLUG } });
    expect(screen.queryByText('Без бренда')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Платье миди' })).toBeInTheDocument();
  });
});
