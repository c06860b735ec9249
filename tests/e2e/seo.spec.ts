/**
 * What crawlers see (issue #14 "Crawlers" 1–6 and 8): search results are noindex with the query
 * in the title, page 2 of a listing says so, /sitemap.xml answers, robots.txt lets /address be
 * crawled, the 404 page is complete HTML without JavaScript, gallery photos have alt texts, and a
 * crawl over the sitemap finds no two indexable pages with the same title or description, no
 * title cut with «…», over 70 characters with the shop's name, naming the shop twice or in another
 * form than " — Lumière", no description over 160.
 * Pages are read as HTML (`page.request`), as a crawler reads them: no JavaScript runs.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { API_URL } from './helpers';

/** The head facts of one HTML page. */
type Head = { status: number; title: string; description: string; robots: string[]; lang: string; body: string };

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** Title, description, robots metas and `<html lang>` of `path`, read without running scripts. */
async function head(request: APIRequestContext, path: string): Promise<Head> {
  const res = await request.get(path, { maxRedirects: 0 });
  const html = await res.text();
  return {
    status: res.status(),
    title: decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ''),
    description: decode(/<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? ''),
    robots: [...html.matchAll(/<meta name="robots" content="([^"]*)"/g)].map((m) => m[1] ?? ''),
    lang: /<html[^>]*\slang="([^"]*)"/.exec(html)?.[1] ?? '',
    body: html,
  };
}

/** Paths of the `<loc>`s of a sitemap file (the URLs carry SITE_URL's origin, not the test's). */
async function sitemapPaths(request: APIRequestContext, path: string): Promise<string[]> {
  const res = await request.get(path);
  expect(res.status(), path).toBe(200);
  return [...(await res.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => {
    const url = new URL(decode(m[1] ?? ''));
    return `${url.pathname}${url.search}`;
  });
}

test('search results are noindex, follow, with the query in the title', async ({ request }) => {
  for (const query of ['купальник', 'zzzqqqxxx']) {
    const page = await head(request, `/search?searchParam=${encodeURIComponent(query)}`);
    expect(page.status).toBe(200);
    expect(page.title).toContain(`«${query}» — поиск`);
    expect(page.robots).toEqual([expect.stringMatching(/noindex.*follow/)]);
    expect(page.robots[0]).not.toContain('nofollow');
  }
});

test('page 2 of a listing says "страница 2" in its title and description', async ({ request }) => {
  const first = await head(request, '/kupalniki');
  const second = await head(request, '/kupalniki?page=2');
  expect(second.status).toBe(200);
  expect(second.title).toContain('страница 2');
  expect(second.description).toContain('страница 2');
  expect(second.title).not.toBe(first.title);
  expect(second.description).not.toBe(first.description);
});

test('/sitemap.xml is the sitemap index; robots.txt allows /address and names it', async ({ request }) => {
  const index = await request.get('/sitemap.xml');
  expect(index.status()).toBe(200);
  const xml = await index.text();
  expect(xml).toContain('<sitemapindex');
  expect(xml).toMatch(/\/sitemap\/0\.xml<\/loc>/);

  const robots = await (await request.get('/robots.txt')).text();
  const disallowed = robots
    .split('\n')
    .filter((line) => /^disallow:/i.test(line))
    .map((line) => line.replace(/^disallow:\s*/i, '').trim());
  expect(disallowed.filter((rule) => rule && '/address'.startsWith(rule))).toEqual([]);
  expect(robots).toMatch(/Sitemap: \S+\/sitemap(-index)?\.xml/);
});

test('the sitemap lists articles, info pages and paginated listings; /send and /empty are noindex', async ({
  request,
}) => {
  const paths = new Set(await sitemapPaths(request, '/sitemap/0.xml'));
  for (const path of ['/card', '/story', '/instagram', '/discount', '/rules-discount'])
    expect(paths, path).toContain(path);
  expect(
    [...paths].some((path) => path.startsWith('/news/')),
    'news articles',
  ).toBe(true);
  expect(
    [...paths].some((path) => path.startsWith('/blog/')),
    'blog articles',
  ).toBe(true);
  expect(paths).toContain('/kupalniki?page=2');
  for (const path of ['/send', '/empty']) {
    expect(paths).not.toContain(path);
    const page = await head(request, path);
    expect(page.robots.join(' '), path).toContain('noindex');
  }
});

test('links that open the login popup are nofollow or no new URL', async ({ request }) => {
  const html = (await head(request, '/kupalniki')).body;
  const anchors = [...html.matchAll(/<a\s[^>]*href="[^"]*[?&](?:amp;)?login=1[^"]*"[^>]*>/g)].map((m) => m[0]);
  for (const anchor of anchors) expect(anchor).toMatch(/rel="[^"]*nofollow/);
});

// Issue #14 item 6: unknown first segments, paths under a page that none of its routes serves and
// invalid page numbers are rewritten by proxy.ts to Next's compiled 404 page; an unknown category,
// product, article, brand, landing or certificate (prerendered routes) renders the error page in
// place of the page (components/error-state/inline-not-found.tsx). All answer 404 with the page in
// the HTML.
test('the 404 page is complete HTML without JavaScript', async ({ request }) => {
  for (const path of [
    '/no-such-page',
    '/no-such-section/x/y',
    '/kupalniki/no-such-category',
    '/kupalniki/razdelnye/999999999',
    '/kupalniki/a/b/c/d',
    '/kupalniki?page=abc',
    '/kupalniki?page=999',
    '/kupalniki/no-such-category?page=0',
    '/search?searchParam=%D0%BA&page=-1',
    '/news/no-such-article',
    '/blog/no-such-article',
    '/news/a/b',
    '/brands/no-such-brand',
    '/brands/no-such-brand?page=2&sort=price_asc',
    '/brands/a/b',
    '/brands/maaji?page=999',
    '/landing/no-such-landing',
    '/landing',
    '/podarochnye-sertifikaty/no-such-nominal',
    '/podarochnye-sertifikaty/a/b',
    '/history-order/abc',
    '/unsubscribe',
  ]) {
    const page = await head(request, path);
    expect(page.status, path).toBe(404);
    expect(page.body, path).not.toContain('__next_error__');
    expect(page.lang, path).toBe('ru');
    expect(page.title, path).toMatch(/^Ошибка/);
    expect(page.body, path).toMatch(/<h1[^>]*>Ошибка<\/h1>/);
    expect(page.body, path).toContain('удалена или перемещена');
    expect(page.body, path).toContain('href="/"');
    expect(page.robots, path).toHaveLength(1);
    expect(page.robots[0], path).toContain('noindex');
  }
});

test('every gallery photo has an alt text naming the product and the view', async ({ page }) => {
  const cards = (await (await fetch(`${API_URL}/api/v1/offers/kupalniki/?limit=1`)).json()) as {
    results: { full_path_offer: string; name: string }[];
  };
  const product = cards.results[0];
  expect(product).toBeTruthy();
  const html = (await head(page.request, product!.full_path_offer)).body;
  const gallery = html.slice(html.indexOf('data-testid="gallery-main"'));
  const alts = [...gallery.matchAll(/<img[^>]*\salt="([^"]*)"/g)].slice(0, 5).map((m) => decode(m[1] ?? ''));
  expect(alts.length).toBeGreaterThanOrEqual(3);
  for (const alt of alts) expect(alt).toContain(product!.name);
  expect(alts.some((alt) => alt.includes('фото 2'))).toBe(true);
});

/** Categories the import specs bring into the demo shop (own-catalogue.spec.ts), named like demo pages. */
const IMPORTED_BESIDE_DEMO = ['/odezhda/platya-midi'];

test('no two indexable pages of the sitemap share a title or a description', async ({ request }) => {
  test.setTimeout(600_000);
  const pages = await sitemapPaths(request, '/sitemap/0.xml');
  const products = await sitemapPaths(request, '/sitemap/1.xml');
  // Every 7th product up to 300: a spread over the catalogue, not just its first pages.
  const sample = products.filter((_, i) => i % 7 === 0).slice(0, 300);
  const paths = [...pages, ...sample];
  const titles = new Map<string, string[]>();
  const descriptions = new Map<string, string[]>();
  const problems: string[] = [];
  const queue = [...paths];
  const worker = async () => {
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      const page = await head(request, path);
      if (page.status !== 200) {
        problems.push(`${path}: status ${page.status}`);
        continue;
      }
      if (page.robots.some((robots) => robots.includes('noindex'))) {
        problems.push(`${path}: in the sitemap but noindex`);
        continue;
      }
      if (!page.title) problems.push(`${path}: no title`);
      if (!page.description) problems.push(`${path}: no description`);
      // Issue #34 item 10: never cut («…»); over 70 characters only as the page's own words, the
      // shop's name left out; the shop named in one form, " — Lumière" at the end.
      if (page.title.includes('…')) problems.push(`${path}: title cut: ${page.title}`);
      if (page.title.length > 70 && page.title.includes('Lumière'))
        problems.push(`${path}: title of ${page.title.length} characters names the shop`);
      if (/Lumière/.test(page.title) && !page.title.endsWith(' — Lumière') && !page.title.startsWith('Lumière'))
        problems.push(`${path}: shop named in another form: ${page.title}`);
      if (page.description.length > 160) problems.push(`${path}: description of ${page.description.length} characters`);
      if (page.title.split('Lumière').length > 2) problems.push(`${path}: names the shop twice: ${page.title}`);
      titles.set(page.title, [...(titles.get(page.title) ?? []), path]);
      descriptions.set(page.description, [...(descriptions.get(page.description) ?? []), path]);
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  for (const [title, where] of titles) {
    // own-catalogue.spec.ts imports a 1C category «Платья миди» into the demo shop, whose tag page
    // /odezhda/platya/midi has that name too. A real shop has one or the other (SEED_PRODUCTS=0 with
    // an import); where both exist the owner gives one an SEO record in the console (issue #32).
    const own = where.filter((p) => !IMPORTED_BESIDE_DEMO.some((prefix) => p.startsWith(prefix)));
    if (where.length > 1 && own.length === where.length) problems.push(`title «${title}» on ${where.join(', ')}`);
  }
  for (const [text, where] of descriptions)
    if (where.length > 1) problems.push(`description «${text.slice(0, 60)}…» on ${where.join(', ')}`);
  expect(problems.slice(0, 40), `${problems.length} problems`).toEqual([]);
});
