/**
 * Issue #34 item 6 (spec §8/§9 chunk reload guard): a layout island that cannot load its code
 * reloads the page once a minute; within the minute it gives way to a notice with «Обновить
 * страницу» and the page around it stays. Other errors go on to the next boundary.
 */
import { render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { stubPageReload } from '@/tests/fakes/page-reload';
import { CHUNK_RELOAD_KEY } from '../utils/chunk-reload';
import { ChunkErrorBoundary } from './chunk-error-boundary';

const chunkError = () =>
  Object.assign(new Error('Failed to load chunk /_next/static/chunks/x.js from module 1'), { name: 'ChunkLoadError' });

function Throws({ error }: { error: Error }): ReactNode {
  throw error;
}

class Outer extends Component<{ children: ReactNode }, { caught: string | null }> {
  state = { caught: null as string | null };
  static getDerivedStateFromError(error: Error) {
    return { caught: error.message };
  }
  render() {
    return this.state.caught ? <p>внешняя граница: {this.state.caught}</p> : this.props.children;
  }
}

describe('ChunkErrorBoundary', () => {
  const reload = stubPageReload();

  const page = (error: Error) =>
    render(
      <Outer>
        <header>Шапка</header>
        <ChunkErrorBoundary>
          <Throws error={error} />
        </ChunkErrorBoundary>
      </Outer>,
    );

  it('reloads once for the first chunk failure and says the new version is loading', () => {
    page(chunkError());
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert')).toHaveTextContent('Сайт обновился. Загружаем новую версию страницы…');
    expect(screen.getByText('Шапка')).toBeInTheDocument();
  });

  it('within the minute: no reload, the header stays and the notice offers «Обновить страницу»', () => {
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now() - 10_000));
    page(chunkError());
    expect(reload).not.toHaveBeenCalled();
    expect(screen.getByText('Шапка')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('скорее всего, сайт обновился');
    expect(screen.queryByText(/удалена или перемещена/)).toBeNull();
    screen.getByRole('button', { name: 'Обновить страницу' }).click();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('passes any other error on to the next boundary', () => {
    page(new Error('сломалось'));
    expect(screen.getByText('внешняя граница: сломалось')).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });
});
