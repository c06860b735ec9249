import { describe, expect, it } from 'vitest';
import { mediaRoutes } from './media.routes';

describe('media routes', () => {
  it('serves a product picture as immutable WebP', async () => {
    const res = await mediaRoutes.request('/p/dress/krasnyj/0-3.webp');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 4).toString('ascii')).toBe('RIFF');
    expect(bytes.subarray(8, 12).toString('ascii')).toBe('WEBP');
  });

  it.each([
    '/p/spaceship/krasnyj/0-0.webp',
    '/p/dress/plaid/0-0.webp',
    '/p/dress/krasnyj/4-0.webp',
    '/p/dress/krasnyj/0-8.webp',
    '/p/dress/krasnyj/0-0.png',
    '/p/dress/krasnyj/00-0.webp',
  ])('answers 404 JSON for %s', async (path) => {
    const res = await mediaRoutes.request(path);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ status: 'error', message: 'Изображение не найдено' });
  });

  it('serves the logo', async () => {
    const res = await mediaRoutes.request('/logo.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
    expect(await res.text()).toContain('<svg');
  });
});
