import { describe, expect, it } from 'vitest';
import { guardRequest, isWellEncoded, overloadedAnswer, slashRedirect } from './request-guard.ts';

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

describe('slashRedirect (issue #34 item 10: a path ending in // took two redirects)', () => {
  it('goes in one step where Next and the trailing-slash rule (spec §2) would end', () => {
    expect(slashRedirect('/kupalniki//')).toBe('/kupalniki');
    expect(slashRedirect('/kupalniki//?page=2&sort=price')).toBe('/kupalniki?page=2&sort=price');
    expect(slashRedirect('/about///')).toBe('/about');
    expect(slashRedirect('/kupalniki//slitnye/')).toBe('/kupalniki/slitnye');
    expect(slashRedirect('/kupalniki\\slitnye')).toBe('/kupalniki/slitnye');
    expect(slashRedirect('//')).toBe('/');
    // Never a protocol-relative URL to another host.
    expect(slashRedirect('//evil.example/x')).toBe('/evil.example/x');
  });

  it('keeps the trailing slash of the BFF, Next internals and media, and leaves single slashes to proxy.ts', () => {
    expect(slashRedirect('/api//v1/cart/')).toBe('/api/v1/cart/');
    expect(slashRedirect('/media//a.webp')).toBe('/media/a.webp');
    expect(slashRedirect('/kupalniki/')).toBeNull();
    expect(slashRedirect('/kupalniki?next=//x')).toBeNull();
    expect(slashRedirect('/')).toBeNull();
    expect(slashRedirect('http://shop.test//kupalniki')).toBeNull();
  });

  it('is answered as a 308 with Location before Next sees the request', () => {
    const a = guardRequest('GET', '/kupalniki//?page=2');
    expect(a?.status).toBe(308);
    expect(a?.headers.location).toBe('/kupalniki?page=2');
    expect(guardRequest('GET', '/kupalniki?page=2')).toBeNull();
  });
});
