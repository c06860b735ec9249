import { describe, expect, it } from 'vitest';
import { guardRequest, isWellEncoded, overloadedAnswer } from './request-guard.ts';

describe('guardRequest (issue #12 items 11 and 14)', () => {
  it('answers 400 with a Russian page to malformed percent-encoding in the path', () => {
    for (const url of ['/%', '/kupalniki/%', '/api/v2/cart/%ZZ/', '/kupalniki/%E0%A4', '/%?a=1']) {
      const a = guardRequest('GET', url);
      expect(a?.status, url).toBe(400);
      expect(a?.body).toMatch(/Некорректный адрес/);
      expect(a?.headers['cache-control']).toBe('no-store');
    }
  });

  it('lets well-formed paths and any query through (Next decodes queries leniently)', () => {
    for (const url of [
      '/',
      '/kupalniki?brand=%',
      '/search?searchParam=%D0%BA%D1%83',
      '/kupalniki/%D0%B0',
      '/api/v1/brands/',
    ]) {
      expect(guardRequest('GET', url), url).toBeNull();
    }
    expect(isWellEncoded('/a%20b')).toBe(true);
    expect(isWellEncoded('/a%2')).toBe(false);
  });

  it('answers 405 with Allow to TRACE, TRACK and CONNECT', () => {
    for (const method of ['TRACE', 'trace', 'TRACK', 'CONNECT']) {
      const a = guardRequest(method, '/kupalniki');
      expect(a?.status).toBe(405);
      expect(a?.headers.allow).not.toMatch(/TRACE/);
    }
    expect(guardRequest('POST', '/api/v1/login/')).toBeNull();
  });

  it('answers 400 to a /media image source with a query or fragment (a new AVIF encode each)', () => {
    for (const url of [
      '/_next/image?url=/media/x.webp%3Fbust%3D123&w=640&q=75',
      '/_next/image?url=%2Fmedia%2Fx.webp%23a&w=640&q=75',
      '/_next/image?url=/media/a.webp&url=/media/b.webp&w=640&q=75',
      '/_next/image?w=640&q=75',
    ]) {
      expect(guardRequest('GET', url)?.status, url).toBe(400);
    }
    expect(guardRequest('GET', '/_next/image?url=%2Fmedia%2Fproducts%2F1%2F0.webp&w=640&q=75')).toBeNull();
  });

  it('builds the 503 of an overloaded storefront: Retry-After and a Russian page', () => {
    const a = overloadedAnswer(5);
    expect(a.status).toBe(503);
    expect(a.headers['retry-after']).toBe('5');
    expect(a.body).toMatch(/перегружен/);
  });
});
