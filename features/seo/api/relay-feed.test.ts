/**
 * Issue #15 "feeds out": the storefront's /yml.xml and /google-merchant.xml relay the shop API's
 * stream; a backend without the feed gives a clear 404, an unreachable one a 503 to retry.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { relayFeed } from './relay-feed';

afterEach(() => {
  vi.unstubAllGlobals();
});

const request = () => new Request('http://shop.test/yml.xml');

describe('relayFeed', () => {
  it('passes the API stream through with its cache header', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response('<?xml version="1.0"?><yml_catalog/>', {
          headers: {
            'Content-Type': 'application/xml; charset=utf-8',
            'Cache-Control': 'public, max-age=0, s-maxage=300',
          },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const res = await relayFeed('yml.xml', request());
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toMatch(/\/api\/v1\/feeds\/yml\.xml$/);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=300');
    expect(await res.text()).toBe('<?xml version="1.0"?><yml_catalog/>');
  });

  it('does not cut a feed that streams longer than the wait for its first byte', async () => {
    vi.useFakeTimers();
    try {
      let signal: AbortSignal | undefined;
      vi.stubGlobal(
        'fetch',
        vi.fn(async (_url: string, init: RequestInit) => ((signal = init.signal ?? undefined), new Response('<rss/>'))),
      );
      const res = await relayFeed('google-merchant.xml', request());
      vi.advanceTimersByTime(600_000);
      expect(signal?.aborted).toBe(false);
      expect(res.status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says in Russian that a backend without feeds has none (404), never an empty feed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"status":"error"}', { status: 404 })),
    );
    const res = await relayFeed('google-merchant.xml', request());
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('text/plain');
    expect(await res.text()).toContain('Фид не настроен');
  });

  it('answers 503 with Retry-After when the API cannot be reached or fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new Error('ECONNREFUSED'))),
    );
    const down = await relayFeed('yml.xml', request());
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe('60');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('x', { status: 500 })),
    );
    expect((await relayFeed('yml.xml', request())).status).toBe(503);
  });
});
