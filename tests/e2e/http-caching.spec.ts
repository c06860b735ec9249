/**
 * Conditional GET and brotli on the production server (issue #14 item 9, storefront-server/serve.ts and
 * storefront-server/page-validators.ts): what a browser or a crawler revalidating a page gets.
 */
import { expect, test } from '@playwright/test';

test('a listing is sent with brotli and a weak ETag, and answers 304 when it has not changed', async ({ request }) => {
  const first = await request.get('/kupalniki', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
  expect(first.status()).toBe(200);
  expect(first.headers()['content-encoding']).toBe('br');
  expect(first.headers()['vary']).toMatch(/accept-encoding/i);
  const etag = first.headers()['etag'];
  expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
  expect(await first.text()).toContain('</html>');

  const again = await request.get('/kupalniki', { headers: { 'accept-encoding': 'gzip', 'if-none-match': etag! } });
  expect(again.status()).toBe(304);
  expect((await again.body()).length).toBe(0);
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
