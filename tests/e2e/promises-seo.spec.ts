/**
 * Issue #34 item 10, the small promises and SEO points: the size chart shows every column at
 * 1440×900 and at 390×844 (scrolling inside the table on the phone) with one international size per
 * Russian one; the empty /search is noindex; landing pages are linked from the footer and their
 * pages 2…N are in the sitemap; Article JSON-LD names a publisher logo; /news and /blog are public,
 * cached pages with an ETag and brotli; product titles are never cut and end in " — Lumière"; a
 * path ending in `//` is one redirect; /favicon.ico is an icon and a missing file a small 404.
 * Pages are read as a crawler reads them where no script is needed.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { API_URL } from './helpers';

const decode = (text: string) =>
  text
    .replaceAll('&amp;', '&')
    .replaceAll('&quot;', '"')
    .replaceAll('&#x27;', "'")
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>');

async function html(request: APIRequestContext, path: string): Promise<string> {
  const res = await request.get(path);
  expect(res.status(), path).toBe(200);
  return res.text();
}

const titleOf = (page: string) => decode(/<title>([^<]*)<\/title>/.exec(page)?.[1] ?? '');

/** A women's swimsuit page (its chart is the six-column one). */
async function swimsuitPath(): Promise<string> {
  const res = await fetch(`${API_URL}/api/v1/offers/kupalniki/?limit=1`);
  const page = (await res.json()) as { results: Array<{ full_path_offer: string }> };
  return page.results[0]!.full_path_offer;
}

/** Opens the size chart and measures its table: scroll box, columns, and the page's own scroll. */
async function openChart(page: Page, path: string) {
  await page.goto(path);
  const dialog = page.getByRole('dialog', { name: 'Таблица размеров' });
  // The button is server-rendered: a click before the page has hydrated does nothing (a busy CI
  // machine hydrates late), so click until the dialog is there.
  await expect(async () => {
    // Once open (its code may still be loading after a click), the modal covers the button.
    if (!(await dialog.isVisible()))
      await page.getByRole('button', { name: 'Таблица размеров' }).click({ timeout: 5_000 });
    await expect(dialog).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await expect(dialog.locator('table')).toBeVisible();
  return dialog;
}

async function measure(page: Page) {
  return page.evaluate(() => {
    const dialog = document.querySelector('dialog[open]')!;
    const table = dialog.querySelector('table')!;
    const box = table.parentElement!;
    const last = table.querySelector('thead th:last-child')!.getBoundingClientRect();
    const boxRect = box.getBoundingClientRect();
    const dialogRect = dialog.getBoundingClientRect();
    return {
      boxLeft: boxRect.left,
      boxRight: boxRect.right,
      lastLeft: last.left,
      lastRight: last.right,
      scrollWidth: box.scrollWidth,
      clientWidth: box.clientWidth,
      dialogLeft: dialogRect.left,
      dialogRight: dialogRect.right,
      viewport: window.innerWidth,
      pageScroll: document.documentElement.scrollWidth,
    };
  });
}

test('the size chart shows every column at 1440×900, and 40 is XXS, 42 XS', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const dialog = await openChart(page, await swimsuitPath());
  const m = await measure(page);
  // No column behind a scroll: the table fits its box and its last heading is inside it.
  expect(m.scrollWidth).toBeLessThanOrEqual(m.clientWidth + 1);
  expect(m.lastRight).toBeLessThanOrEqual(m.boxRight + 1);
  await expect(dialog.locator('thead th').last()).toHaveText('Обхват бёдер, см');
  const rows = await dialog
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.children].slice(0, 2).map((cell) => cell.textContent)));
  expect(rows).toContainEqual(['40', 'XXS']);
  expect(rows).toContainEqual(['42', 'XS']);
  const international = rows.map((row) => row[1]);
  expect(new Set(international).size).toBe(international.length);
  await page.screenshot({ path: test.info().outputPath('size-chart-1440.png') });
});

test('the size chart fits a 390×844 phone and scrolls inside the table to its last column', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openChart(page, await swimsuitPath());
  const before = await measure(page);
  expect(before.dialogLeft).toBeGreaterThanOrEqual(0);
  expect(before.dialogRight).toBeLessThanOrEqual(before.viewport);
  expect(before.pageScroll).toBeLessThanOrEqual(before.viewport);
  await page.screenshot({ path: test.info().outputPath('size-chart-390.png') });
  // The table scrolls in its own box; scrolled to the end, the last column is whole in view.
  await page.evaluate(() => {
    const box = document.querySelector('dialog[open] table')!.parentElement!;
    box.scrollLeft = box.scrollWidth;
  });
  const after = await measure(page);
  expect(after.lastLeft).toBeGreaterThanOrEqual(after.boxLeft - 1);
  expect(after.lastRight).toBeLessThanOrEqual(after.boxRight + 1);
  expect(after.pageScroll).toBeLessThanOrEqual(after.viewport);
});

test('the empty /search is noindex, follow', async ({ request }) => {
  const page = await html(request, '/search');
  const robots = [...page.matchAll(/<meta name="robots" content="([^"]*)"/g)].map((m) => m[1]);
  expect(robots).toContain('noindex, follow');
});

test('landing pages are linked from the footer, and their pages 2…N are in the sitemap', async ({ request, page }) => {
  const data = (await (await fetch(`${API_URL}/api/v1/sitemap/`)).json()) as { landings: string[] };
  expect(data.landings.length).toBeGreaterThan(0);
  const home = await html(request, '/');
  const footer = home.slice(home.lastIndexOf('<footer'));
  for (const slug of data.landings) expect(footer, slug).toContain(`href="/landing/${slug}"`);

  const sitemap = decode(await html(request, '/sitemap/0.xml'));
  let paged = 0;
  for (const slug of data.landings) {
    const landing = (await (await fetch(`${API_URL}/api/v1/landing_page/${slug}/?limit=24&offset=0`)).json()) as {
      count: number;
    };
    const last = Math.ceil(landing.count / 24);
    if (last < 2) continue;
    paged += 1;
    expect(sitemap, slug).toContain(`/landing/${slug}?page=2</loc>`);
    expect(sitemap, slug).toContain(`/landing/${slug}?page=${last}</loc>`);
    expect(sitemap, slug).not.toContain(`/landing/${slug}?page=${last + 1}</loc>`);
    // And that page is indexable, its own canonical.
    const second = await html(request, `/landing/${slug}?page=2`);
    expect(second).not.toMatch(/<meta name="robots" content="noindex/);
    expect(second).toMatch(new RegExp(`<link rel="canonical" href="[^"]*/landing/${slug}\\?page=2"`));
  }
  expect(paged, 'a landing page with more than 24 products').toBeGreaterThan(0);

  // A shopper sees them too, at both widths; the screenshots are for looking at.
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto('/');
    const list = page.getByRole('list', { name: 'Подборки' });
    await list.scrollIntoViewIfNeeded();
    await expect(list.getByRole('link')).toHaveCount(data.landings.length);
    await expect(list.getByRole('link').first()).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`footer-${width}.png`) });
  }
});

test('a news article names its publisher with a logo that loads', async ({ request }) => {
  const list = await html(request, '/news');
  const path = /href="(\/news\/[^"?#]+)"/.exec(list)?.[1];
  expect(path).toBeTruthy();
  const page = await html(request, path!);
  const blocks = [...page.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
  const article = blocks.find((block) => block['@type'] === 'NewsArticle') as
    { publisher: { '@type': string; name: string; logo: { '@type': string; url: string } } } | undefined;
  expect(article).toBeTruthy();
  expect(article!.publisher).toMatchObject({ '@type': 'Organization', name: 'Lumière' });
  expect(article!.publisher.logo['@type']).toBe('ImageObject');
  const logo = await request.get(new URL(article!.publisher.logo.url).pathname);
  expect(logo.status()).toBe(200);
  expect(logo.headers()['content-type']).toBe('image/png');
});

for (const path of ['/news', '/blog']) {
  test(`${path} is a public cached page with an ETag and brotli`, async ({ request }) => {
    const first = await request.get(path, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(first.status()).toBe(200);
    const cacheControl = first.headers()['cache-control'] ?? '';
    expect(cacheControl).not.toMatch(/private|no-store/);
    expect(first.headers()['content-encoding']).toBe('br');
    const etag = first.headers()['etag'];
    expect(etag).toBeTruthy();
    const again = await request.get(path, { headers: { 'accept-encoding': 'br', 'if-none-match': etag! } });
    expect(again.status()).toBe(304);
    // The no-JS «Показать ещё» link still shows the later articles.
    const later = await request.get(`${path}?offset=1`);
    expect(later.status()).toBe(200);
    expect(later.headers()['cache-control'] ?? '').not.toMatch(/private|no-store/);
    expect(await later.text()).toMatch(/<meta name="robots" content="noindex, follow"/);
  });
}

test('product titles are whole, without «…», and name the shop only as " — Lumière"', async ({ request }) => {
  const res = await fetch(`${API_URL}/api/v1/offers/kupalniki/?limit=60`);
  const cards = ((await res.json()) as { results: Array<{ full_path_offer: string; name: string }> }).results;
  const titles: string[] = [];
  for (const card of cards.slice(0, 40)) {
    const title = titleOf(await html(request, card.full_path_offer));
    titles.push(title);
    expect(title, card.full_path_offer).not.toContain('…');
    expect(title, card.full_path_offer).toContain(card.name);
    expect(title, card.full_path_offer).toMatch(/арт\. \S+/);
    if (title.includes('Lumière')) expect(title).toMatch(/ — Lumière$/);
    if (title.length > 70) expect(title).not.toContain('Lumière');
  }
  // The stored records' «| Lumière Beach» and «— купить в интернет-магазине Lumière Beach» endings too.
  for (const path of ['/sale', '/new', '/brands', '/kupalniki', '/odezhda']) {
    const title = titleOf(await html(request, path));
    expect(title, path).toMatch(/ — Lumière$/);
    expect(title, path).not.toContain('Lumière Beach');
  }
});

test('a path ending in // is one redirect to the canonical URL', async ({ request }) => {
  for (const [from, to] of [
    ['/kupalniki//', '/kupalniki'],
    ['/kupalniki//?page=2', '/kupalniki?page=2'],
    ['/about///', '/about'],
  ]) {
    const res = await request.get(from!, { maxRedirects: 0 });
    expect(res.status(), from).toBe(308);
    const location = new URL(res.headers()['location']!, 'http://localhost');
    expect(`${location.pathname}${location.search}`, from).toBe(to);
    const next = await request.get(`${location.pathname}${location.search}`, { maxRedirects: 0 });
    expect(next.status(), to).toBe(200);
  }
});

test('/favicon.ico is an icon; a missing file is a small 404, a missing page the error page', async ({ request }) => {
  const icon = await request.get('/favicon.ico');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
  const bytes = await icon.body();
  expect(bytes.length).toBeLessThan(10_000);
  expect([...bytes.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
  expect(await html(request, '/')).toMatch(/<link rel="icon" href="\/favicon\.ico/);

  for (const path of ['/apple-touch-icon.png', '/wp-login.php', '/kupalniki/nothing.jpg']) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(404);
    expect((await res.body()).length, path).toBeLessThan(1_000);
  }
  const page = await request.get('/nesushchestvuyushchaya-stranica');
  expect(page.status()).toBe(404);
  expect(await page.text()).toContain('</html>');
});
