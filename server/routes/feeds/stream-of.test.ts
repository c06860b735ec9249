/**
 * The feed byte stream (server/routes/feeds/feeds.handlers.ts `streamOf`, issue #15): a client that
 * leaves while a page of the feed is being read stops it quietly. Before, the page arrived after the
 * stream was cancelled and "feed … failed: ERR_INVALID_STATE" was logged for every such client
 * (seen in `npm run bench:import`, which reads 2 s of the feed and leaves).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { streamOf } from './feeds.handlers';

afterEach(() => vi.restoreAllMocks());

describe('streamOf', () => {
  it('stops without an error log when the client leaves during a slow page', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    let stopped = false;
    const stream = streamOf(async function* (signal) {
      yield '<yml_catalog>';
      // A slow database page; the client cancels meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 100));
      if (!signal.aborted) yield '<offer/>';
      stopped = signal.aborted;
    }, 'test');
    const reader = stream.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('<yml_catalog>');
    const pending = reader.read();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await reader.cancel();
    await pending;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(stopped).toBe(true);
    expect(errors).not.toHaveBeenCalled();
  });

  it('still reports a failure of the feed itself', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const stream = streamOf(async function* () {
      yield '<yml_catalog>';
      throw new Error('database gone');
    }, 'test');
    const reader = stream.getReader();
    await reader.read();
    await expect(reader.read()).rejects.toThrow('database gone');
    expect(errors).toHaveBeenCalledTimes(1);
  });
});
