/**
 * "Показать ещё" of the news and blog lists (spec §7 GET /v1/{content}?offset=; issue #17 item 3):
 * the next page is appended from the BFF, a failed load says so and keeps the link, and the link
 * goes once every article is shown.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ArticlePreview } from '@/lib/api/contract/publications';
import { LoadMoreArticles } from './load-more-articles';

function article(id: number): ArticlePreview {
  return {
    id,
    kind: 'news',
    slug: `novost-${id}`,
    title: `Новость ${id}`,
    excerpt: 'Коротко о главном',
    cover: `/media/news/${id}.jpg`,
    cover_alt: `Обложка новости ${id}`,
    published_at: '2026-11-20T10:00:00.000Z',
  };
}

const offsets: number[] = [];
let failing = false;
const server = setupServer(
  http.get('*/api/v1/news', ({ request }) => {
    const offset = Number(new URL(request.url).searchParams.get('offset'));
    offsets.push(offset);
    if (failing) return HttpResponse.json({ status: 'error', message: 'Сервис недоступен' }, { status: 503 });
    const results = Array.from({ length: Math.max(0, Math.min(6, 14 - offset)) }, (_, i) => article(offset + i + 1));
    return HttpResponse.json({ count: 14, limit: 6, offset, results });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  offsets.length = 0;
  failing = false;
});
afterAll(() => server.close());

const more = () => screen.getByRole('link', { name: 'Показать ещё' });
const appended = () => within(screen.getByRole('list', { name: 'Ещё публикации' })).getAllByRole('listitem');

describe('LoadMoreArticles', () => {
  it('appends pages, keeps the link after a failure and drops it at the end', async () => {
    render(<LoadMoreArticles kind="news" nextOffset={6} total={14} />);
    expect(more()).toHaveAttribute('href', '/news?offset=6');
    failing = true;
    fireEvent.click(more());
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      'Не удалось загрузить публикации. Попробуйте ещё раз.',
    );
    failing = false;
    fireEvent.click(more());
    await waitFor(() => expect(appended()).toHaveLength(6));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(more()).toHaveAttribute('href', '/news?offset=12');
    fireEvent.click(more());
    await waitFor(() => expect(appended()).toHaveLength(8));
    expect(screen.queryByRole('link', { name: 'Показать ещё' })).toBeNull();
    expect(offsets).toEqual([6, 6, 12]);
  });
});
