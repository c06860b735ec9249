/**
 * Suggestions of the header search (issue #3; issue #17 item 3: TanStack Query instead of a hand
 * written debounce and abort): only the text the shopper paused on is asked for, the answer fills
 * the listbox, and a failed request keeps the suggestions already shown.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Suggestions } from '@/lib/api/contract/facets';
import { useSearchStore } from '@/stores/search-store';
import { SearchPanel } from './search-panel';

const asked: string[] = [];
let failing = false;
const server = setupServer(
  http.get('*/api/v1/search_suggest/', ({ request }) => {
    const q = new URL(request.url).searchParams.get('q') ?? '';
    asked.push(q);
    if (failing) return HttpResponse.json({ status: 'error', message: 'Сервис недоступен' }, { status: 503 });
    const answer: Suggestions = {
      query: q,
      categories: [{ path: 'kupalniki', name: `Купальники (${q})` }],
      brands: [{ name: 'Maaji', slug: 'maaji' }],
      products: [],
    };
    return HttpResponse.json(answer);
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  asked.length = 0;
  failing = false;
  useSearchStore.setState({ searchParam: '' });
});
afterAll(() => server.close());

function type(text: string) {
  fireEvent.change(screen.getByRole('combobox', { name: 'Поиск по каталогу' }), { target: { value: text } });
}

describe('SearchPanel suggestions', () => {
  it('asks once for the text typed in one go and lists categories and brands', async () => {
    render(<SearchPanel id="s" open onClose={() => {}} />);
    type('к');
    type('ку');
    type('куп');
    // The first answer also loads zod (the contract), slow on a busy machine.
    const listbox = await screen.findByRole('listbox', { name: 'Подсказки поиска' }, { timeout: 10_000 });
    expect(await screen.findByRole('option', { name: 'Купальники (куп)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Maaji' })).toBeInTheDocument();
    expect(listbox).toBeVisible();
    expect(asked).toEqual(['куп']);
  });

  it('keeps the shown suggestions when the next request fails, and shows none for one letter', async () => {
    render(<SearchPanel id="s" open onClose={() => {}} />);
    type('куп');
    expect(await screen.findByRole('option', { name: 'Купальники (куп)' }, { timeout: 10_000 })).toBeInTheDocument();
    failing = true;
    type('купа');
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(asked).toEqual(['куп', 'купа']);
    expect(screen.getByRole('option', { name: 'Купальники (куп)' })).toBeInTheDocument();
    type('к');
    expect(screen.queryByRole('option')).toBeNull();
  });
});
