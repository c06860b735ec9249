import { readdirSync } from 'node:fs';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import type { KnownFacetValues } from '@/features/catalog/utils/known-facets';
import { queryFromKey } from '@/features/catalog/utils/page-cache-key';
import { SECTIONS } from '@/lib/constants';
import {
  APP_SEGMENTS,
  CACHED_PRODUCT_SEGMENT,
  cachedPathname,
  config,
  looksLikeFile,
  NOT_FOUND_PATH,
  proxy,
  sessionCookieRepair,
  stripTrailingSlashes,
} from './proxy';

/** The facet values the catalogue has, as features/catalog/utils/known-facets.ts loads them. */
const known: KnownFacetValues = {
  brand: new Set(['maaji', 'seafolly']),
  color: new Set(['chernyj']),
  size: new Set(['S', 'M']),
  material: new Set(['хлопок']),
};

describe('stripTrailingSlashes (spec §2 navigation)', () => {
  it('keeps the root and slash-less paths', () => {
    expect(stripTrailingSlashes('/')).toBeNull();
    expect(stripTrailingSlashes('/kupalniki')).toBeNull();
  });
  it('strips one or more trailing slashes', () => {
    expect(stripTrailingSlashes('/kupalniki/')).toBe('/kupalniki');
    expect(stripTrailingSlashes('/kupalniki/razdelnye///')).toBe('/kupalniki/razdelnye');
    expect(stripTrailingSlashes('//')).toBe('/');
  });
});

describe('cachedPathname (issue #7 cached catalogue pages)', () => {
  const q = (text: string) => new URLSearchParams(text);

  it('sends a clean listing and every variant of a product page to one cached page each', () => {
    expect(cachedPathname('/kupalniki', q(''), known)).toBe('/cached/-/kupalniki');
    expect(cachedPathname('/kupalniki', q('utm_source=vk&gclid=1'), known)).toBe('/cached/-/kupalniki');
    expect(cachedPathname('/kupalniki/slitnye/123/slitnyj', q('size=S'), known)).toBe(
      '/cached/-/product/kupalniki/slitnye/123/slitnyj',
    );
  });

  it('sends product pages to their own cached route, which no listing can reach (issue #30)', () => {
    expect(cachedPathname('/kupalniki/slitnye/123', q('utm_source=vk&page=abc'), known)).toBe(
      `/cached/-/${CACHED_PRODUCT_SEGMENT}/kupalniki/slitnye/123`,
    );
    expect(cachedPathname('/muzhskoe/a/b/123/slug', q(''), known)).toBe('/cached/-/product/muzhskoe/a/b/123/slug');
    expect(cachedPathname('/kupalniki/slitnye', q(''), known)).toBe('/cached/-/kupalniki/slitnye');
    // A static segment beside [section]: no section may share its name.
    expect(SECTIONS).not.toContain(CACHED_PRODUCT_SEGMENT);
    const cachedRoutes = readdirSync(path.join(__dirname, 'app/(shop)/cached/[key]'));
    expect(cachedRoutes).toContain(CACHED_PRODUCT_SEGMENT);
    expect(
      readdirSync(path.join(__dirname, `app/(shop)/cached/[key]/${CACHED_PRODUCT_SEGMENT}/[section]/[...path]`)),
    ).toContain('page.tsx');
  });

  it('gives filter orders, repeated keys and price_from/price_to one key', () => {
    const a = cachedPathname('/kupalniki', q('size=S,M&brand=maaji&page=2'), known);
    expect(a).toBe(cachedPathname('/kupalniki', q('brand=maaji&size=S&size=M&page=2&utm_campaign=x'), known));
    expect(cachedPathname('/kupalniki', q('price_from=100&price_to=500'), known)).toBe(
      cachedPathname('/kupalniki', q('price=100-500'), known),
    );
    expect(a).not.toBe(cachedPathname('/kupalniki', q('size=S,M&brand=maaji'), known));
  });

  it('round-trips the query, Cyrillic included, through the key', () => {
    const path = cachedPathname('/kupalniki', q('material=хлопок&sort=price_asc'), known)!;
    const key = path.split('/')[2]!;
    expect(key).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(queryFromKey(key)).toEqual({ material: 'хлопок', sort: 'price_asc' });
    expect(queryFromKey('-')).toEqual({});
    expect(queryFromKey('%%%')).toBeNull();
  });

  it('keys search by its text and leaves what cannot be keyed to the per-request routes', () => {
    expect(cachedPathname('/search', q('searchParam=%20купальник%20'), known)).toBe(
      cachedPathname('/search', q('searchParam=купальник'), known),
    );
    expect(cachedPathname('/search', q(`searchParam=${'я'.repeat(101)}`), known)).toBeNull();
    expect(cachedPathname('/kupalniki', q('brand=zz'), known)).toBeNull();
    expect(cachedPathname('/about', q(''), known)).toBeNull();
    expect(cachedPathname('/', q(''), known)).toBeNull();
  });

  it('does not let the internal prefix be requested from outside', () => {
    expect(cachedPathname('/cached/-/kupalniki', q(''), known)).toBe(NOT_FOUND_PATH);
    expect(cachedPathname('/cached/-/product/kupalniki/slitnye/123', q(''), known)).toBe(NOT_FOUND_PATH);
  });
});

describe('paths no route serves (issue #14 item 6: a 404 with the error page in the HTML)', () => {
  const q = (text: string) => new URLSearchParams(text);

  it('sends unknown first segments and catalogue paths of the wrong shape to the not-found page', () => {
    expect(cachedPathname('/no-such-page', q(''), known)).toBe(NOT_FOUND_PATH);
    expect(cachedPathname('/no-such-section/x/y', q(''), known)).toBe(NOT_FOUND_PATH);
    expect(cachedPathname('/404', q(''), known)).toBe(NOT_FOUND_PATH);
    expect(cachedPathname('/kupalniki/a/b/c/d', q(''), known)).toBe(NOT_FOUND_PATH);
    expect(cachedPathname('/muzhskoe/a/b/123', q(''), known)).not.toBeNull();
  });

  it('leaves every page of the shop alone', () => {
    const noPage = new Set(['landing', 'subscribe', 'unsubscribe', 'notify', 'auth', 'sitemap']);
    for (const first of APP_SEGMENTS.filter((name) => !noPage.has(name)))
      expect(cachedPathname(`/${first}`, q(''), known), first).not.toBe(NOT_FOUND_PATH);
    expect(cachedPathname('/news/some-article', q(''), known)).toBeNull();
    expect(cachedPathname('/', q(''), known)).toBeNull();
  });

  it('lets through a URL of every page folder of app/, params filled in', () => {
    const pages: string[] = [];
    const walk = (dir: string, url: string) => {
      for (const entry of readdirSync(path.join(__dirname, dir), { withFileTypes: true })) {
        if (entry.isFile() && entry.name === 'page.tsx') pages.push(url || '/');
        if (!entry.isDirectory() || entry.name === 'cached' || entry.name === '[section]') continue;
        const name = entry.name;
        const part = name.startsWith('(')
          ? ''
          : name.startsWith('[')
            ? name === '[[...slug]]'
              ? ''
              : '/123'
            : `/${name}`;
        walk(`${dir}/${name}`, url + part);
      }
    };
    walk('app', '');
    expect(pages).toContain('/news/123');
    expect(pages).toContain('/basket/delivery/confirm/123');
    for (const page of pages) expect(cachedPathname(page, q(''), known), page).not.toBe(NOT_FOUND_PATH);
  });

  it('answers paths under a page that no route of it serves, and invalid page numbers, with the 404 page', () => {
    for (const bad of [
      '/news/a/b',
      '/blog/a/b',
      '/brands/a/b',
      '/landing',
      '/landing/a/b',
      '/history-order/abc',
      '/about/x',
      '/basket/x',
      '/subscribe',
      '/auth/vk',
    ])
      expect(cachedPathname(bad, q(''), known), bad).toBe(NOT_FOUND_PATH);
    for (const [page, query] of [
      ['/kupalniki', 'page=abc'],
      ['/kupalniki', 'page=0'],
      ['/search', 'searchParam=x&page=-1'],
      ['/brands/maaji', 'page=1.5'],
      ['/landing/leto', 'page=01'],
    ] as const)
      expect(cachedPathname(page, q(query), known), `${page}?${query}`).toBe(NOT_FOUND_PATH);
  });

  it('sends brand and landing pages to their cached routes; a landing page keys only page and sort', () => {
    expect(cachedPathname('/brands/maaji', q('page=2&utm_source=x'), known)).toBe(
      cachedPathname('/brands/maaji', q('page=2'), known),
    );
    expect(cachedPathname('/brands/maaji', q(''), known)).toBe('/cached/-/brands/maaji');
    expect(cachedPathname('/landing/leto', q('brand=maaji&color=chernyj'), known)).toBe('/cached/-/landing/leto');
    const sorted = cachedPathname('/landing/leto', q('sort=price_asc&page=2'), known)!;
    expect(queryFromKey(sorted.split('/')[2]!)).toEqual({ page: '2', sort: 'price_asc' });
    expect(cachedPathname('/brands', q(''), known)).toBeNull();
  });

  it('knows every folder of app/ and app/(shop)/, and the matcher excludes exactly those', () => {
    const folders = (dir: string) =>
      readdirSync(path.join(__dirname, dir), { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && !entry.name.startsWith('(') && !entry.name.startsWith('['))
        .map((entry) => entry.name);
    // Metadata files are routes too (icon.svg → /icon.svg, opengraph-image.tsx → /opengraph-image…).
    const metadataFiles = readdirSync(path.join(__dirname, 'app'))
      .filter((name) => /^(icon|apple-icon|favicon|opengraph-image|twitter-image|manifest)\./.test(name))
      .map((name) => (/\.(tsx?|jsx?)$/.test(name) ? name.replace(/\.\w+$/, '') : name));
    const routed = [...folders('app'), ...folders('app/(shop)'), ...metadataFiles].filter((name) => name !== 'cached');
    expect(APP_SEGMENTS).toEqual(expect.arrayContaining(routed));
    const matcher = config.matcher.at(-1) as string;
    const excluded = /\(\?:([^)]+)\)/.exec(matcher)?.[1]?.replace(/\\/g, '').split('|') ?? [];
    expect(new Set(excluded)).toEqual(new Set([...SECTIONS, 'cached', ...APP_SEGMENTS]));
  });
});

describe('cachedPathname with unknown facet values (issue #12 item 13: the disk cannot be filled)', () => {
  const q = (text: string) => new URLSearchParams(text);

  it('renders a listing or search filtered by a value the catalogue lacks per request, never caching it', () => {
    expect(cachedPathname('/kupalniki', q('brand=zz123'), known)).toBeNull();
    expect(cachedPathname('/kupalniki', q('brand=maaji,zz124'), known)).toBeNull();
    expect(cachedPathname('/kupalniki', q('size=S&color=zz'), known)).toBeNull();
    expect(cachedPathname('/kupalniki', q('material=zz'), known)).toBeNull();
    expect(cachedPathname('/search', q('searchParam=купальник&brand=zz123'), known)).toBeNull();
  });

  it('still caches known values, and unknown parameters never reach the key', () => {
    expect(cachedPathname('/kupalniki', q('brand=maaji&color=chernyj&size=S&material=хлопок'), known)).not.toBeNull();
    expect(cachedPathname('/kupalniki', q('zz123=1&brand_x=zz&utm_source=a'), known)).toBe('/cached/-/kupalniki');
  });

  it('caches no filtered listing before the known values are loaded, unfiltered ones still', () => {
    expect(cachedPathname('/kupalniki', q('brand=maaji'), null)).toBeNull();
    expect(cachedPathname('/kupalniki', q('sort=new&page=2'), null)).not.toBeNull();
  });
});

describe('proxy matcher', () => {
  it('names every catalogue section, so every catalogue page reaches the cache rewrite', () => {
    for (const pattern of config.matcher.slice(2, 4) as string[]) {
      const names = /^\/\(([^)]+)\)/.exec(pattern)?.[1]?.split('|') ?? [];
      expect(names).toEqual(expect.arrayContaining([...SECTIONS, 'cached']));
    }
  });
});

describe('sessionCookieRepair (spec §4/§5, issue #14 item 12: a dead token cookie is cleared)', () => {
  const now = Date.UTC(2026, 10, 23);
  const token = (exp: number) => `v1.${Buffer.from(JSON.stringify({ exp, uid: 1 })).toString('base64url')}.secret`;
  const cookieNames = (values: string[]) => values.map((v) => `${v.split(';')[0]}; ${/Max-Age=\d+/.exec(v)?.[0]}`);

  it('clears an expired or empty token and its token_exp', () => {
    expect(cookieNames(sessionCookieRepair(token(now / 1000 - 60), String(now / 1000 - 60), false, now))).toEqual([
      'token=; Max-Age=0',
      'token_exp=; Max-Age=0',
    ]);
    expect(cookieNames(sessionCookieRepair('', undefined, false, now))).toEqual([
      'token=; Max-Age=0',
      'token_exp=; Max-Age=0',
    ]);
  });

  it('gives a live token without token_exp its expiry back, so the page loads the user', () => {
    const exp = now / 1000 + 3600;
    const set = sessionCookieRepair(token(exp), undefined, true, now);
    expect(set.find((v) => v.startsWith('token_exp='))).toMatch(
      new RegExp(`^token_exp=${exp}; .*Max-Age=3600.*Secure`),
    );
  });

  it('leaves a live session and a visitor without one alone', () => {
    expect(sessionCookieRepair(token(now / 1000 + 3600), String(now / 1000 + 3600), false, now)).toEqual([]);
    expect(sessionCookieRepair(undefined, undefined, false, now)).toEqual([]);
  });
});

describe('files (issue #34 item 10: /favicon.ico was a 196 kB HTML 404)', () => {
  const get = (path: string) => proxy(new NextRequest(`http://localhost${path}`));

  it('lets /favicon.ico and /apple-icon.png reach their app/ files', () => {
    for (const path of ['/favicon.ico', '/apple-icon.png', '/icon.svg']) {
      expect(cachedPathname(path, new URLSearchParams(), known), path).toBeNull();
      expect(get(path).headers.get('x-middleware-rewrite'), path).toBeNull();
    }
  });

  it('answers a missing file with a small plain-text 404, not the error page', async () => {
    for (const path of ['/apple-touch-icon.png', '/wp-login.php', '/kupalniki/logo.png', '/about/x.js']) {
      const response = get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toMatch(/^text\/plain/);
      expect((await response.text()).length, path).toBeLessThan(100);
    }
  });

  it('still gives unknown page paths the error page', () => {
    expect(looksLikeFile('/nesushchestvuyushchaya')).toBe(false);
    expect(looksLikeFile('/kupalniki/slitnye/kupalnik-123')).toBe(false);
    expect(looksLikeFile('/brand.new/x')).toBe(false);
    expect(get('/nesushchestvuyushchaya').headers.get('x-middleware-rewrite')).toContain(NOT_FOUND_PATH);
  });
});

describe('news and blog lists (issue #34 item 10: cached like the other public pages)', () => {
  const get = (path: string) => proxy(new NextRequest(`http://localhost${path}`));

  it('sends /news and /blog to their cached routes, the offset in the key', () => {
    expect(cachedPathname('/news', new URLSearchParams(), known)).toBe('/cached/-/news');
    expect(cachedPathname('/blog', new URLSearchParams('utm_source=x'), known)).toBe('/cached/-/blog');
    const later = cachedPathname('/news', new URLSearchParams('offset=12'), known);
    expect(later).toMatch(/^\/cached\/[^/]+\/news$/);
    expect(queryFromKey(later!.split('/')[2]!)).toEqual({ offset: '12' });
    // What the page reads as offset 0 shares its page.
    for (const bad of ['offset=-3', 'offset=abc', 'offset=1.5', 'offset=100000'])
      expect(cachedPathname('/blog', new URLSearchParams(bad), known), bad).toBe('/cached/-/blog');
    expect(new URL(get('/news?offset=24').headers.get('x-middleware-rewrite')!).pathname).toMatch(
      /^\/cached\/.+\/news$/,
    );
  });

  it('reaches the proxy through its matcher', () => {
    const sources = config.matcher.map((m) => (typeof m === 'string' ? m : m.source));
    expect(sources).toContain('/(news|blog)');
  });
});
