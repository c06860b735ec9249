/**
 * A stand-in for `window.location.reload` in jsdom tests of the chunk reload guard (spec §8/§9,
 * features/popups): jsdom cannot reload, so each test of the calling `describe` gets a fresh mock
 * in its place, an empty sessionStorage (where the guard keeps its last reload time) and a quiet
 * console.error (React logs the errors its boundaries catch).
 * @returns the mock `reload`, reset after every test
 */
import { afterEach, beforeEach, vi } from 'vitest';

export function stubPageReload() {
  const reload = vi.fn();
  beforeEach(() => {
    sessionStorage.clear();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('location', { ...window.location, reload });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    reload.mockReset();
  });
  return reload;
}
