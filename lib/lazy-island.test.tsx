import { act, render, screen } from '@testing-library/react';
import { Component, useState, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyIsland } from './lazy-island';

class ErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  render() {
    return this.state.error ? <p role="alert">{this.state.error.message}</p> : this.props.children;
  }
}

function Greeting({ name }: { name: string }) {
  return <p>Привет, {name}</p>;
}

describe('lazyIsland', () => {
  it('loads the code only when the island first renders, shows nothing meanwhile, then the component with its props', async () => {
    let resolve!: (component: typeof Greeting) => void;
    const load = vi.fn(() => new Promise<typeof Greeting>((r) => (resolve = r)));
    const Island = lazyIsland(load);

    function Host() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Открыть
          </button>
          {open ? <Island name="Анна" /> : null}
        </>
      );
    }
    render(<Host />);
    expect(load).not.toHaveBeenCalled();

    await act(async () => screen.getByRole('button', { name: 'Открыть' }).click());
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(/Привет/)).toBeNull();

    await act(async () => resolve(Greeting));
    expect(await screen.findByText('Привет, Анна')).toBeTruthy();
  });

  it('throws a failed load to the nearest error boundary', async () => {
    const Island = lazyIsland<{ name: string }>(() => Promise.reject(new Error('ChunkLoadError')));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ErrorBoundary>
        <Island name="Анна" />
      </ErrorBoundary>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('ChunkLoadError');
    errors.mockRestore();
  });
});
