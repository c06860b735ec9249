/**
 * The error page of the three boundaries (app/global-error.tsx, app/error.tsx, app/(shop)/error.tsx;
 * spec §2 "Error page", §8 titled "Ошибка"; issue #34
 * item 6 and spec §8/§9 for a chunk that fails to load): the generic failure offers a retry, a
 * chunk load error reloads the page once a minute and, within the minute, offers «Обновить
 * страницу» (a retry would ask for the same missing chunk).
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubPageReload } from '@/tests/fakes/page-reload';
import { CHUNK_RELOAD_KEY } from '../utils/chunk-reload';
import { ChunkLoadRecovery, ErrorPage } from './error-page';

const chunkError = () =>
  Object.assign(new Error('Failed to load chunk /_next/static/chunks/x.js from module 1'), { name: 'ChunkLoadError' });

describe('error boundaries', () => {
  const reload = stubPageReload();

  it('an unexpected error: «Ошибка», what happened, a retry and the link home; no reload', async () => {
    const retry = vi.fn();
    render(<ErrorPage error={new TypeError('x is undefined')} retry={retry} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Ошибка' })).toBeTruthy();
    expect(screen.getByText(/Что-то пошло не так/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Перейти на главную' }).getAttribute('href')).toBe('/');
    // React puts the page's <title> into the document's head.
    expect(document.title).toBe('Ошибка');
    await userEvent.click(screen.getByRole('button', { name: 'Попробовать ещё раз' }));
    expect(retry).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    expect(console.error).toHaveBeenCalledWith('что-то пошло не так', expect.any(TypeError));
  });

  it('a chunk load error reloads the page and says so', async () => {
    render(<ErrorPage error={chunkError()} retry={vi.fn()} />);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(Number(sessionStorage.getItem(CHUNK_RELOAD_KEY))).toBeGreaterThan(0);
    await waitFor(() => expect(screen.getByText('Сайт обновился. Загружаем новую версию страницы…')).toBeTruthy());
  });

  it('a second chunk load error within a minute: no reload, «Обновить страницу» reloads, no retry', async () => {
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now() - 30_000));
    const retry = vi.fn();
    render(<ErrorPage error={chunkError()} retry={retry} />);
    expect(reload).not.toHaveBeenCalled();
    expect(screen.getByText(/Не удалось загрузить часть страницы: скорее всего, сайт обновился/)).toBeTruthy();
    expect(screen.queryByText(/Что-то пошло не так/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Попробовать ещё раз' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Обновить страницу' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(retry).not.toHaveBeenCalled();
  });

  it("the root layout's listener reloads once for a chunk that failed outside a boundary, never for other errors", () => {
    const { unmount } = render(<ChunkLoadRecovery />);
    window.dispatchEvent(new ErrorEvent('error', { error: new TypeError('x is undefined') }));
    expect(reload).not.toHaveBeenCalled();
    window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: chunkError() }));
    expect(reload).toHaveBeenCalledTimes(1);
    // Within the guard's minute a second failure does not reload again (spec §8/§9).
    window.dispatchEvent(new ErrorEvent('error', { error: chunkError() }));
    expect(reload).toHaveBeenCalledTimes(1);
    sessionStorage.clear();
    unmount();
    window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: chunkError() }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
