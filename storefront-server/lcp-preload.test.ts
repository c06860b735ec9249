/**
 * The LCP pictures' `Link: rel=preload` header (issue #30, storefront-server/lcp-preload.ts): read
 * from the head React writes for next/image's preloads, sent with a public page by the Node
 * layer (holdPublicPage), never with a private one, never naming another origin.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawGet } from './http-get.test-helper.ts';
import { lcpPreloadLink } from './lcp-preload.ts';
import { encodeAnswer, holdPublicPage } from './page-validators.ts';
import type { AddressInfo } from 'node:net';

const url = (w: number, file = '0-3') => `/_next/image?url=%2Fmedia%2Fp%2Fswim%2F${file}.webp&amp;w=${w}&amp;q=75`;
const srcset = (file = '0-3') => [160, 390, 828].map((w) => `${url(w, file)} ${w}w`).join(', ');
/** A head as React DOM writes it: high-priority preloads before the inlined stylesheet. */
const preloadTag = (file = '0-3', priority = ' fetchPriority="high"') =>
  `<link rel="preload" as="image"${priority} imageSrcSet="${srcset(file)}" imageSizes="(max-width: 768px) 50vw, 25vw"/>`;
const page = (head: string) =>
  `<!DOCTYPE html><html lang="ru"><head><meta charSet="utf-8"/>${head}<style>.a{color:red}</style></head><body><img src="/x"/></body></html>`;

describe('lcpPreloadLink', () => {
  it('announces each high-priority image preload with its srcset and sizes, unescaped', () => {
    const link = lcpPreloadLink(page(preloadTag('0-3') + preloadTag('0-7')));
    expect(link).toBe(
      [
        `</_next/image?url=%2Fmedia%2Fp%2Fswim%2F0-3.webp&w=160&q=75>; rel=preload; as=image; imagesrcset="${srcset('0-3').replaceAll('&amp;', '&')}"; imagesizes="(max-width: 768px) 50vw, 25vw"; fetchpriority=high`,
        `</_next/image?url=%2Fmedia%2Fp%2Fswim%2F0-7.webp&w=160&q=75>; rel=preload; as=image; imagesrcset="${srcset('0-7').replaceAll('&amp;', '&')}"; imagesizes="(max-width: 768px) 50vw, 25vw"; fetchpriority=high`,
      ].join(', '),
    );
  });

  it('keeps the media query of a preload meant for wider screens only', () => {
    const wide = preloadTag('0-9').replace('<link ', '<link media="(min-width: 768px)" ');
    const link = lcpPreloadLink(page(preloadTag('0-3') + wide));
    const [first, second] = link!.split(/, (?=<)/);
    expect(first).not.toContain('media=');
    expect(second).toMatch(
      /^<\/_next\/image\?url=%2Fmedia%2Fp%2Fswim%2F0-9\.webp&w=160&q=75>; rel=preload; as=image; /,
    );
    expect(second).toContain('; media="(min-width: 768px)"; fetchpriority=high');
  });

  it('leaves out low-priority preloads, other origins, tags after the head and more than four', () => {
    expect(lcpPreloadLink(page(preloadTag('0-1', '')))).toBeNull();
    expect(
      lcpPreloadLink(page('<link rel="preload" as="image" fetchPriority="high" href="https://evil.example/x.jpg"/>')),
    ).toBeNull();
    expect(
      lcpPreloadLink(page('<link rel="preload" as="image" fetchPriority="high" href="//evil.example/x"/>')),
    ).toBeNull();
    expect(lcpPreloadLink(page('').replace('<img src="/x"/>', preloadTag()))).toBeNull();
    const six = lcpPreloadLink(page(['1', '2', '3', '4', '5', '6'].map((n) => preloadTag(n)).join('')));
    expect(six?.split(', </').length).toBe(4);
    expect(lcpPreloadLink(page('<link rel="stylesheet" href="/a.css"/>'))).toBeNull();
  });

  it('uses an href when the tag has one', () => {
    expect(lcpPreloadLink(page('<link rel="preload" as="image" fetchPriority="high" href="/media/logo.png"/>'))).toBe(
      '</media/logo.png>; rel=preload; as=image; fetchpriority=high',
    );
  });
});

describe('the header on the storefront answers', () => {
  let server: Server;
  let port = 0;
  beforeAll(async () => {
    server = createServer((req, res) => {
      encodeAnswer(req, res);
      holdPublicPage(req, res);
      res.setHeader('content-type', 'text/html; charset=utf-8');
      if (req.url === '/basket') res.setHeader('cache-control', 'private, no-cache, no-store');
      else res.setHeader('cache-control', 's-maxage=300, stale-while-revalidate=31535700');
      res.writeHead(200);
      // streamed as Next streams a render
      res.write(page(preloadTag()).slice(0, 100));
      setTimeout(() => res.end(page(preloadTag()).slice(100)), 10);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => server?.close());

  it('sends it with a public page, in every coding', async () => {
    for (const coding of ['br', 'gzip', '']) {
      const answer = await rawGet(port, '/kupalniki', coding ? { 'accept-encoding': coding } : {});
      expect(answer.status).toBe(200);
      expect(answer.headers.link).toBe(lcpPreloadLink(page(preloadTag())));
    }
  });

  it('sends none with a private page (it is streamed, not held)', async () => {
    const answer = await rawGet(port, '/basket', { 'accept-encoding': 'gzip' });
    expect(answer.status).toBe(200);
    expect(answer.headers.link).toBeUndefined();
  });
});
