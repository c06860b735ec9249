/** Spec §8/§9 (issue #14 item 11): a chunk load error caught by an error boundary reloads the page at most once a minute. */
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubPageReload } from '@/tests/fakes/page-reload';
import { CHUNK_RELOAD_KEY } from '../utils/chunk-reload';
import { useChunkLoadRecovery } from './use-chunk-load-recovery';

const chunkError = () => Object.assign(new Error('Loading chunk 4821 failed.'), { name: 'ChunkLoadError' });

describe('useChunkLoadRecovery', () => {
  const reload = stubPageReload();

  it('reloads the page for a ChunkLoadError and says so', async () => {
    const error = chunkError();
    const { result } = renderHook(() => useChunkLoadRecovery(error));
    expect(reload).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(result.current).toBe(true));
    expect(Number(sessionStorage.getItem(CHUNK_RELOAD_KEY))).toBeGreaterThan(0);
  });

  it('does not reload again within a minute: the error page stays', () => {
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now() - 30_000));
    const { result } = renderHook(() => useChunkLoadRecovery(chunkError()));
    expect(reload).not.toHaveBeenCalled();
    expect(result.current).toBe(false);
  });

  it('never reloads for other errors, and logs them', () => {
    const { result } = renderHook(() => useChunkLoadRecovery(new TypeError('x is undefined')));
    expect(reload).not.toHaveBeenCalled();
    expect(result.current).toBe(false);
    expect(console.error).toHaveBeenCalledWith('что-то пошло не так', expect.any(TypeError));
  });
});
