import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { API_BUSY_KEY, API_FAILED_KEY, apiBusyUntil, apiGet, ApiRequestError } from './fetcher';

const Ok = z.object({ ok: z.boolean() });

describe('apiGet when the shop API is saturated (issue #12 item 15)', () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    delete (globalThis as Record<symbol, unknown>)[API_BUSY_KEY];
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    delete (globalThis as Record<symbol, unknown>)[API_BUSY_KEY];
  });

  it('turns a 503 into a fast ApiRequestError and fails later uncached calls without a request', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response('{"status":"error","message":"busy"}', { status: 503, headers: { 'retry-after': '3' } }),
    );
    const first = await apiGet('/v1/cart/', Ok).catch((e: unknown) => e);
    expect(first).toBeInstanceOf(ApiRequestError);
    expect((first as ApiRequestError).status).toBe(503);
    expect(apiBusyUntil()).toBeGreaterThan(Date.now() + 2000);
    expect(apiBusyUntil()).toBeLessThanOrEqual(Date.now() + 3000);

    const t0 = Date.now();
    const second = await apiGet('/v1/cart/', Ok).catch((e: unknown) => e);
    expect((second as ApiRequestError).status).toBe(503);
    expect((second as ApiRequestError).message).toMatch(/перегружен/);
    expect(Date.now() - t0).toBeLessThan(50);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('still lets cached calls reach the data cache while the API is busy, and recovers after', async () => {
    (globalThis as Record<symbol, unknown>)[API_BUSY_KEY] = Date.now() + 60_000;
    fetchMock.mockImplementation(async () => Response.json({ ok: true }));
    await expect(apiGet('/v1/brands/', Ok, { cache: { revalidate: 60 } })).resolves.toEqual({ ok: true });
    (globalThis as Record<symbol, unknown>)[API_BUSY_KEY] = Date.now() - 1;
    await expect(apiGet('/v1/cart/', Ok)).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('apiGet notes a failing shop API (deploy/outage-guard.mjs)', () => {
  const fetchMock = vi.fn();
  const failedAt = () => (globalThis as { [API_FAILED_KEY]?: number })[API_FAILED_KEY];
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    delete (globalThis as { [API_FAILED_KEY]?: number })[API_FAILED_KEY];
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('on a network error and a 5xx, not on a 404', async () => {
    fetchMock.mockResolvedValueOnce(Response.json({ message: 'нет' }, { status: 404 }));
    await expect(apiGet('/v1/product_offer/', z.unknown())).rejects.toBeInstanceOf(ApiRequestError);
    expect(failedAt()).toBeUndefined();
    fetchMock.mockRejectedValueOnce(new TypeError('fetch failed'));
    await expect(apiGet('/v1/organization', z.unknown())).rejects.toMatchObject({ status: 0 });
    expect(failedAt()).toBeGreaterThan(Date.now() - 1000);
    delete (globalThis as { [API_FAILED_KEY]?: number })[API_FAILED_KEY];
    fetchMock.mockResolvedValueOnce(new Response('boom', { status: 502 }));
    await expect(apiGet('/v1/organization', z.unknown())).rejects.toMatchObject({ status: 502 });
    expect(failedAt()).toBeGreaterThan(Date.now() - 1000);
  });
});
