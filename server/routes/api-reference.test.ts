/**
 * Issue #12 item 8: the API's reference page loads nothing from a CDN (a pinned, self-hosted
 * Swagger UI under a 'self' CSP), and every API answer says nosniff and may not be framed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../test-utils';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi(5);
});
afterAll(async () => {
  await api?.close();
});

describe('/api/docs', () => {
  it('references only its own assets, under a CSP of self', async () => {
    const res = await api.app.request('/api/docs');
    expect(res.status).toBe(200);
    const html = await res.text();
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources.length).toBeGreaterThan(2);
    for (const source of sources) expect(source).toMatch(/^\/api\/docs\/assets\//);
    expect(html).not.toMatch(/<script>(?!<\/script>)/); // no inline script
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
    expect(res.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
    for (const source of sources) {
      const asset = await api.app.request(source);
      expect(asset.status, source).toBe(200);
    }
    expect((await api.app.request('/api/docs/assets/..%2Fpackage.json')).status).toBe(404);
  });

  it('every answer carries nosniff and refuses framing', async () => {
    const res = await api.app.request('/api/health');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });
});
