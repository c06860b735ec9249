'use client';

/**
 * Keeps the shop layout standing when a part of it cannot load its code (issue #34 item 6; spec §8
 * "Failed chunk load: reloads the page, at most once per minute", §9 guard 60000 ms).
 *
 * The layout's islands load code on demand (the login and registration forms, the search panel,
 * the help and Telegram popups). After a release the chunks an open tab asks for are gone; React
 * hands the ChunkLoadError to the nearest error boundary, which for the layout's own islands was
 * the root one (app/error.tsx): it replaced the whole page, header included, with «Что-то пошло
 * не так. Возможно, страница была удалена или перемещена». Wrapped in this boundary, a failed
 * island reloads the page once a minute (features/popups/utils/chunk-reload.ts); within the
 * minute it gives way to {@link ChunkLoadNotice} and the page around it stays. Any other error goes
 * on to the next boundary unchanged.
 */
import { Component, type ReactNode } from 'react';
import { CHUNK_LOAD_TEXTS } from '../utils/chunk-load-texts';
import { isChunkLoadError, reloadOnChunkLoadError } from '../utils/chunk-reload';
import styles from './chunk-load-notice.module.css';

/** A bar at the bottom of the window: the page could not load its code; «Обновить страницу». */
export function ChunkLoadNotice({ reloading = false }: { reloading?: boolean }) {
  return (
    <div className={styles.notice} role="alert" data-testid="chunk-load-notice">
      <p>{reloading ? CHUNK_LOAD_TEXTS.reloading : CHUNK_LOAD_TEXTS.failed}</p>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        {CHUNK_LOAD_TEXTS.reload}
      </button>
    </div>
  );
}

type State = { error: unknown; reloading: boolean };

/** Error boundary around a layout island: see the module docstring. */
export class ChunkErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null, reloading: false };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  componentDidCatch(error: unknown) {
    if (isChunkLoadError(error) && reloadOnChunkLoadError(error)) this.setState({ reloading: true });
  }

  render() {
    const { error, reloading } = this.state;
    if (error === null) return this.props.children;
    // Not ours: the next boundary up shows the error page as before.
    if (!isChunkLoadError(error)) throw error;
    return <ChunkLoadNotice reloading={reloading} />;
  }
}
