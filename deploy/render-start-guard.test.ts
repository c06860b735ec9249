/**
 * The render-start guard (deploy/render-start-guard.mjs, issue #13 "Truthful pages"): a product
 * page whose render began before `POST /api/revalidate` expired its tag, and so read the old price,
 * must not be served as fresh after it is stored. Driven through Next's own FileSystemCache and
 * Next's own tag check (`areTagsExpired`, what IncrementalCache asks before serving an entry).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { areTagsExpired } from 'next/dist/server/lib/incremental-cache/tags-manifest.external.js';
import { nodeFs } from 'next/dist/server/lib/node-fs-methods.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import LocalHandler from './next-cache-handler-local.mjs';
import { API_FAILED_KEY, OUTAGE_WINDOW_MS } from './outage-guard.mjs';

const TAGS = ['catalog', 'product:805', 'listings'];

function handler() {
  return new LocalHandler({
    fs: nodeFs,
    flushToDisk: false,
    serverDistDir: mkdtempSync(path.join(tmpdir(), 'guard-')),
    revalidatedTags: [],
    maxMemoryCacheSize: 16 * 1024 * 1024,
  });
}

function page(price: number) {
  return {
    kind: 'APP_PAGE',
    html: `<p>${price} ₽</p>`,
    rscData: undefined,
    status: 200,
    postponed: undefined,
    headers: { 'x-next-cache-tags': TAGS.join(',') },
    segmentData: undefined,
  };
}

/** What Next does with the entry on the next request: serve it, or render again. */
async function served(key: string): Promise<'cached' | 'render'> {
  const entry = await handler().get(key, { kind: 'APP_PAGE', isRoutePPREnabled: false, isFallback: false });
  if (!entry?.value) return 'render';
  return areTagsExpired(TAGS, entry.lastModified) ? 'render' : 'cached';
}

afterEach(() => {
  vi.useRealTimers();
});

describe('render-start guard (docs/caching.md)', () => {
  it('renders again a page whose render straddled the expiry of its tag', async () => {
    const key = `/cached/k/kupalniki/straddle-${Math.random()}`;
    expect(await served(key)).toBe('render'); // a request misses: the render reads price 5000
    await new Promise((resolve) => setTimeout(resolve, 5));
    await handler().revalidateTag(['product:805'], { expire: 0 }); // the price changes meanwhile
    await new Promise((resolve) => setTimeout(resolve, 5));
    await handler().set(key, page(5000), { fetchCache: false, tags: TAGS });
    // Without the guard Next would serve the 5000 ₽ page until the next expiry.
    expect(await served(key)).toBe('render');
    // The render that follows started after the expiry: its page is kept.
    await handler().set(key, page(7777), { fetchCache: false, tags: TAGS });
    expect(await served(key)).toBe('cached');
  });

  it('keeps a page rendered entirely before or after an expiry', async () => {
    const key = `/cached/k/kupalniki/calm-${Math.random()}`;
    expect(await served(key)).toBe('render');
    await handler().set(key, page(5000), { fetchCache: false, tags: TAGS });
    expect(await served(key)).toBe('cached');
    await new Promise((resolve) => setTimeout(resolve, 5));
    await handler().revalidateTag(['listings'], { expire: 0 });
    expect(await served(key)).toBe('render');
    await handler().set(key, page(5000), { fetchCache: false, tags: TAGS });
    expect(await served(key)).toBe('cached');
  });

  it('dates an entry from the first request of a render others joined', async () => {
    const key = `/cached/k/kupalniki/joined-${Math.random()}`;
    expect(await served(key)).toBe('render');
    await new Promise((resolve) => setTimeout(resolve, 5));
    await handler().revalidateTag(['listings'], { expire: 0 });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await served(key)).toBe('render'); // a second request while the first renders
    await handler().set(key, page(5000), { fetchCache: false, tags: TAGS });
    expect(await served(key)).toBe('render');
  });
});

describe('outage guard (deploy/outage-guard.mjs)', () => {
  const failed = globalThis as { [API_FAILED_KEY]?: number };
  afterEach(() => {
    delete failed[API_FAILED_KEY];
  });

  it('does not store the error page of a render while the API was failing; the stored page stays', async () => {
    const key = `/cached/k/index/outage-${Math.random()}`;
    await handler().set(key, page(5000), { fetchCache: false, tags: TAGS });
    failed[API_FAILED_KEY] = Date.now(); // lib/api/fetcher.ts: a call just failed
    await handler().set(key, { ...page(0), html: '<h1>Ошибка</h1>', status: 404 }, { fetchCache: false, tags: TAGS });
    const entry = await handler().get(key, { kind: 'APP_PAGE', isRoutePPREnabled: false, isFallback: false });
    expect(entry?.value?.html).toBe('<p>5000 ₽</p>');
    expect(entry?.value?.status).toBe(200);
  });

  it('stores a 404 when the API has not failed lately (an unknown product)', async () => {
    const key = `/cached/k/product/unknown-${Math.random()}`;
    failed[API_FAILED_KEY] = Date.now() - OUTAGE_WINDOW_MS - 1000;
    await handler().set(key, { ...page(0), html: '<h1>Ошибка</h1>', status: 404 }, { fetchCache: false, tags: TAGS });
    const entry = await handler().get(key, { kind: 'APP_PAGE', isRoutePPREnabled: false, isFallback: false });
    expect(entry?.value?.status).toBe(404);
  });
});

describe('micro-cache hook (deploy/next-cache-handler-local.mjs)', () => {
  const hook = Symbol.for('storefront.onRevalidate');
  afterEach(() => {
    delete (globalThis as Record<symbol, unknown>)[hook];
  });

  it('tells storefront-server/serve.ts the revalidated tags once they are applied, not before', async () => {
    const key = `/cached/k/kupalniki/hook-${Math.random()}`;
    await handler().set(key, page(5000), { fetchCache: false, tags: TAGS });
    const storedAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const seen: Array<{ tags: readonly string[]; expired: boolean }> = [];
    // Next's own check, at the moment the hook runs: a micro-cache refresh started now must render
    // the page again instead of getting the old one.
    (globalThis as Record<symbol, unknown>)[hook] = (tags: readonly string[]) =>
      seen.push({ tags, expired: areTagsExpired(TAGS, storedAt) });
    await handler().revalidateTag(['product:805'], { expire: 0 });
    expect(seen).toEqual([{ tags: ['product:805'], expired: true }]);
    expect(await served(key)).toBe('render');
  });
});
