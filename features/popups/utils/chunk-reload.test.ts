/** Spec §8/§9: a failed chunk load reloads the page at most once per 60000 ms. */
import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_KEY, isChunkLoadError, reloadOncePerMinute } from './chunk-reload';

function memory() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
}

describe('chunk reload', () => {
  it('recognises chunk load errors only', () => {
    expect(isChunkLoadError(Object.assign(new Error('Loading chunk 123 failed.'), { name: 'ChunkLoadError' }))).toBe(
      true,
    );
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /_next/static/chunks/a.js')),
    ).toBe(true);
    expect(isChunkLoadError(new Error('Loading CSS chunk app-layout failed'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });

  it('reloads once, refuses again within 60 s and allows it after', () => {
    const store = memory();
    const reload = vi.fn();
    expect(reloadOncePerMinute(1_000_000, store, reload)).toBe(true);
    expect(store.getItem(CHUNK_RELOAD_KEY)).toBe('1000000');
    expect(reloadOncePerMinute(1_059_999, store, reload)).toBe(false);
    expect(reloadOncePerMinute(1_060_000, store, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
