/**
 * A feed's variant link (issue #14; features/product/utils/initial-selection.ts): every offer of
 * /yml.xml links its product as `{full_path_offer}?color={colour slug}&size={size name}`. Opened in a
 * browser, the product page shows that colour and size chosen once it is interactive, while its
 * canonical link stays the clean product path (no duplicate pages for crawlers). An old link of the
 * same product (no slug) is redirected permanently with its query kept, so the choice survives.
 * Screenshots at 390×844 and 1440×900 are attached to the report.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { API_URL } from './helpers';

/** One variant link of the feed and what it should select. */
type Variant = { path: string; query: string; colour: string; size: string };

type Detail = {
  full_path_offer: string;
  offers: { color: { slug: string; name: string }; features: { name: string; stock: number; available: boolean }[] }[];
};

/**
 * A /yml.xml link whose colour is not the product's first and whose size is one of several in
 * stock: neither would be chosen without the query, so the test fails if the query is ignored.
 */
async function variantFromFeed(request: APIRequestContext): Promise<Variant> {
  const feed = await (await request.get('/yml.xml')).text();
  const urls = [...feed.matchAll(/<url>([^<]*\?color=[^<]*)<\/url>/g)].map(
    (m) => new URL(m[1]!.replace(/&amp;/g, '&')),
  );
  const tried = new Set<string>();
  for (const url of urls) {
    const pk = /\/(\d+)\/[^/]+$/.exec(url.pathname)?.[1];
    if (!pk || tried.has(pk)) continue;
    tried.add(pk);
    if (tried.size > 60) break;
    const detail = (await (await fetch(`${API_URL}/api/v1/product_offer/?pk=${pk}`)).json()) as Detail;
    const offer = detail.offers.slice(1).find((o) => o.features.filter((f) => f.available && f.stock > 0).length > 1);
    if (!offer) continue;
    const link = urls.find(
      (u) =>
        u.pathname === url.pathname &&
        u.searchParams.get('color') === offer.color.slug &&
        offer.features.some((f) => f.name === u.searchParams.get('size') && f.available && f.stock > 0) &&
        u.searchParams.get('size') !== offer.features.find((f) => f.available && f.stock > 0)?.name,
    );
    if (!link) continue;
    expect(link.pathname).toBe(detail.full_path_offer);
    return { path: link.pathname, query: link.search, colour: offer.color.name, size: link.searchParams.get('size')! };
  }
  throw new Error('no feed link with a second colour and several sizes in stock');
}

/** Asserts the colour and size `variant` names are chosen, and the canonical URL has no query. */
async function expectSelected(page: Page, variant: Variant) {
  const colours = page.locator('fieldset').filter({ has: page.locator('legend', { hasText: /^Цвет/ }) });
  await expect(colours.locator('legend')).toHaveText(`Цвет: ${variant.colour}`);
  await expect(colours.getByRole('radio', { name: variant.colour, exact: true })).toBeChecked();
  const sizes = page.locator('fieldset').filter({ has: page.locator('legend', { hasText: /^Размер/ }) });
  await expect(sizes.getByRole('radio', { name: variant.size, exact: true })).toBeChecked();
  await expect(sizes.getByRole('radio', { checked: true })).toHaveCount(1);
  const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
  expect(new URL(canonical!, 'http://x').pathname).toBe(variant.path);
  expect(canonical).not.toContain('?');
}

test('a feed link opens its product with that colour and size chosen, canonical without query', async ({
  page,
}, testInfo) => {
  const variant = await variantFromFeed(page.request);
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto(variant.path + variant.query);
    await expectSelected(page, variant);
    // The picture shows the chosen colour and size: cookie banner closed, the choice in view.
    const accept = page.getByRole('button', { name: 'Принять' });
    if (await accept.isVisible()) await accept.click();
    await page.locator('legend', { hasText: /^Цвет/ }).scrollIntoViewIfNeeded();
    const name = `variant-link-${viewport.width}x${viewport.height}.png`;
    await page.screenshot({ path: testInfo.outputPath(name) });
    await testInfo.attach(name, { path: testInfo.outputPath(name), contentType: 'image/png' });
  }
});

test('an old link of the product keeps its query through the permanent redirect', async ({ page }) => {
  const variant = await variantFromFeed(page.request);
  const old = variant.path.replace(/\/[^/]+$/, '');
  const res = await page.request.get(old + variant.query, { maxRedirects: 0 });
  expect(res.status()).toBe(308);
  expect(res.headers().location).toBe(variant.path + variant.query);
  await page.goto(old + variant.query);
  await expect(page).toHaveURL(variant.path + variant.query);
  await expectSelected(page, variant);
});
