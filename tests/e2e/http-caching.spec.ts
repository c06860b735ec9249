/**
 * Conditional GET and brotli on the production server (issue #14 item 9, storefront-server/serve.ts and
 * storefront-server/page-validators.ts): what a browser or a crawler revalidating a page gets.
 */
import { expect, test } from '@playwright/test';
import { productsInStock } from './helpers';

test('a listing is sent with brotli and a weak ETag, and answers 304 when it has not changed', async ({ request }) => {
  const first = await request.get('/kupalniki', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
  expect(first.status()).toBe(200);
  expect(first.headers()['content-encoding']).toBe('br');
  expect(first.headers()['vary']).toMatch(/accept-encoding/i);
  const etag = first.headers()['etag'];
  expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
  expect(await first.text()).toContain('</html>');

  // Other tests run beside this one and change stock, which renders the listing anew: then the
  // answer is a 200 with another ETag (the page did change), and the new ETag must give the 304.
  let current = etag!;
  for (let attempt = 1; ; attempt += 1) {
    const again = await request.get('/kupalniki', { headers: { 'accept-encoding': 'gzip', 'if-none-match': current } });
    if (again.status() === 304) {
      expect((await again.body()).length).toBe(0);
      break;
    }
    expect(again.status()).toBe(200);
    const changed = again.headers()['etag'];
    expect(changed, 'a 200 to a conditional GET means the page changed').not.toBe(current);
    expect(attempt, 'the listing kept changing between requests').toBeLessThan(4);
    current = changed!;
  }
});

test('a product photo from /_next/image carries a quoted ETag and revalidates with it', async ({ request }) => {
  const html = await (await request.get('/kupalniki')).text();
  const src = /\/_next\/image\?url=[^"\s]+/.exec(html)?.[0]?.replaceAll('&amp;', '&');
  expect(src).toBeTruthy();
  const first = await request.get(src!, { headers: { accept: 'image/avif,image/webp' } });
  expect(first.status()).toBe(200);
  const etag = first.headers()['etag'];
  expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
  const again = await request.get(src!, { headers: { accept: 'image/avif,image/webp', 'if-none-match': etag! } });
  expect(again.status()).toBe(304);
});

// Issue #30: with `experimental.inlineCss` a stylesheet is in a page twice, the head's `<style>`
// and the segment's row of the RSC payload. A boundary (error.tsx, not-found.tsx) with a CSS module
// of its own added the route's whole merged stylesheet once more each, 57 kB a copy on a listing.
// The root layout's sheet (fonts and globals, ~4 kB) has a third copy that no code of ours adds:
// Next gives it to the global error boundary (`G` of the payload), which replaces the root layout.
test('a page carries the route stylesheet twice, not four times: head and RSC payload', async ({ request }) => {
  const product = (await productsInStock('kupalniki', 1))[0];
  for (const path of ['/', '/kupalniki', product!]) {
    const html = await (await request.get(path)).text();
    const head = /<style[^>]*data-precedence[^>]*>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    // The head's <style> joins the sheets, each ending with its source map comment.
    const sheets = head.split(/\/\*# sourceMappingURL=[^*]*\*\//).filter((css) => css.trim().length > 200);
    expect(sheets.length, path).toBeGreaterThan(0);
    for (const [index, css] of sheets.entries()) {
      // A stretch without quote, backslash or line break reads the same escaped in the payload's JSON.
      const sample = /[^"\\\n]{80}/.exec(css)?.[0];
      expect(sample, path).toBeTruthy();
      expect(html.split(sample!).length - 1, `${path}: copies of «${sample!.slice(0, 40)}…»`).toBeLessThanOrEqual(
        index === 0 ? 3 : 2,
      );
    }
  }
});

// Issue #30: Turbopack's default CSS chunking merged every page's sheets into shared chunks, so
// the home page and a listing inlined the basket's and checkout's rules too (55 kB, twice), and
// all pages carried the same CSS modules. With the graph chunker (next.config.ts) a page carries
// only the modules its components import: the basket has some that home and listing lack.
test('a page inlines only its own CSS modules: the basket has some the home page and a listing lack', async ({
  request,
}) => {
  // A CSS module's rules are `.{6-character module hash}_{local name}`.
  const modules = async (path: string) => {
    const html = await (await request.get(path)).text();
    const head = /<style[^>]*data-precedence[^>]*>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    return new Set([...head.matchAll(/\.([A-Za-z0-9_-]{6})_[A-Za-z][A-Za-z0-9]*[{,:.\s[]/g)].map((m) => m[1]!));
  };
  const basket = await modules('/basket');
  expect(basket.size, 'CSS modules on /basket').toBeGreaterThan(3);
  for (const path of ['/', '/kupalniki']) {
    const page = await modules(path);
    expect(page.size, path).toBeGreaterThan(3);
    expect(
      [...basket].filter((hash) => !page.has(hash)).length,
      `CSS modules of /basket not on ${path}`,
    ).toBeGreaterThan(0);
  }
});

// Issue #30: `inlineCss` inlines the route's stylesheets, but a next/dynamic island's own CSS chunk
// is written as `<link rel="stylesheet">`, a request that holds the first paint back (one round
// trip on a phone). No page of the five the audit measures may have one.
test('the audited pages have no render-blocking stylesheet request', async ({ request }) => {
  const product = (await productsInStock('kupalniki', 1))[0];
  for (const path of ['/', '/kupalniki', product!, '/search?searchParam=купальник', '/basket']) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain('</html>');
    expect(html.match(/<link[^>]*rel="stylesheet"[^>]*>/g) ?? [], path).toEqual([]);
  }
});
