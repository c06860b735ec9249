/**
 * "Показать ещё" of the listings (issue #3; issue #17 item 3: TanStack Query instead of hand
 * written paging): the next 24 cards are appended from the BFF, a failed load says so and the same
 * page is asked again on the next click, the button goes when the listing is exhausted, and after
 * browser Back the saved cards come back without a request.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OfferCard } from '@/lib/api/contract/catalog';
import { useCatalogStore } from '@/stores/catalog-store';
import { ShowMore } from './show-more';

function card(id: number): OfferCard {
  return {
    id,
    name: `Купальник ${id}`,
    slug: `kupalnik-${id}`,
    brand: { name: 'Maaji', slug: 'maaji' },
    price: 4990,
    old_price: null,
    discount: 0,
    is_new: false,
    full_path_offer: `/kupalniki/${id}/kupalnik-${id}`,
    category: { path: 'kupalniki', name: 'Купальники' },
    images: [],
    colors: [],
    sizes: ['M'],
  };
}

const COUNT = 60;
const offsets: number[] = [];
let failing = false;
const server = setupServer(
  http.get('*/api/v1/offers/kupalniki/', ({ request }) => {
    const url = new URL(request.url);
    const offset = Number(url.searchParams.get('offset'));
    offsets.push(offset);
    expect(url.searchParams.get('sort')).toBe('new');
    if (failing) return HttpResponse.json({ status: 'error', message: 'Сервис недоступен' }, { status: 503 });
    const results = Array.from({ length: Math.max(0, Math.min(24, COUNT - offset)) }, (_, i) => card(offset + i + 1));
    return HttpResponse.json({ count: COUNT, limit: 24, offset, results });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  offsets.length = 0;
  failing = false;
  useCatalogStore.setState({ savedStateCatalogPage: null });
  sessionStorage.clear();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

const props = { endpoint: '/api/v1/offers/kupalniki/?limit=24&sort=new', page: 1, count: COUNT, label: 'Купальники' };
const appendedCards = () => within(screen.getByRole('list', { name: 'Купальники: ещё' })).getAllByRole('listitem');

describe('ShowMore', () => {
  it('appends the next pages, retries a failed one and disappears at the end', async () => {
    render(<ShowMore {...props} />);
    fireEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));
    await waitFor(() => expect(appendedCards()).toHaveLength(24));
    expect(screen.getByRole('link', { name: /Купальник 25/ })).toBeInTheDocument();

    failing = true;
    fireEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Не удалось загрузить товары. Попробуйте ещё раз.');
    expect(appendedCards()).toHaveLength(24);

    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));
    await waitFor(() => expect(appendedCards()).toHaveLength(36));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Показать ещё' })).toBeNull();
    expect(offsets).toEqual([24, 48, 48]);
  });

  it('after browser Back shows the saved cards without asking the API, and goes on from there', async () => {
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
      { type: 'back_forward' } as PerformanceNavigationTiming,
    ]);
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const key = `${location.pathname}${location.search}`;
    sessionStorage.setItem(
      'savedStateCatalogPage',
      JSON.stringify({
        state: {
          savedStateCatalogPage: {
            key,
            appended: Array.from({ length: 24 }, (_, i) => card(25 + i)),
            nextPage: 3,
            scrollY: 1200,
          },
        },
        version: 0,
      }),
    );
    render(<ShowMore {...props} />);
    await waitFor(() => expect(appendedCards()).toHaveLength(24));
    await waitFor(() => expect(window.scrollTo).toHaveBeenCalledWith(0, 1200));
    expect(offsets).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));
    await waitFor(() => expect(appendedCards()).toHaveLength(36));
    expect(offsets).toEqual([48]);
  });

  it('after a client-side Back (issue #34 item 4) shows the saved cards, but not on a plain visit', async () => {
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ type: 'navigate' } as PerformanceNavigationTiming]);
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const saved = JSON.stringify({
      state: {
        savedStateCatalogPage: {
          key: `${location.pathname}${location.search}`,
          appended: Array.from({ length: 24 }, (_, i) => card(25 + i)),
          nextPage: 3,
          scrollY: 900,
        },
      },
      version: 0,
    });
    sessionStorage.setItem('savedStateCatalogPage', saved);
    const plain = render(<ShowMore {...props} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('list', { name: 'Купальники: ещё' })).toBeNull();
    plain.unmount();

    sessionStorage.setItem('savedStateCatalogPage', saved);
    window.dispatchEvent(new PopStateEvent('popstate'));
    render(<ShowMore {...props} />);
    await waitFor(() => expect(appendedCards()).toHaveLength(24));
    await waitFor(() => expect(window.scrollTo).toHaveBeenCalledWith(0, 900));
    expect(offsets).toEqual([]);
  });
});
