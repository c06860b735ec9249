#!/usr/bin/env node
/**
 * Tap on a product card → the product page's LCP, on the phone profile, with and without the
 * shop's client-side navigation, alternating in one run (issue #34 item 4; docs/navigation.md).
 *
 * A signed-in shopper (the seeded demo buyer, logged in through the BFF) opens a listing in a
 * phone (390×844, touch, 4× CPU slowdown, Lighthouse's mobile network: 150 ms round trip,
 * 1.6 Mbit/s down, 750 kbit/s up) and taps a product card:
 *
 * - `document` ("before"): the click never reaches the page's scripts (a capture listener on
 *   `window` stops it), so the browser follows the plain link and loads a new document, as every
 *   card did before client-side navigation;
 * - `client` ("after"): the shop handles the click (features/popups/components/loading-bar.tsx).
 *
 * Measured from the tap (`touchstart`, on the page's own clock) to the first animation frame in
 * which the product's main image (`[data-testid="gallery-main"] img`, the page's LCP element on a
 * phone) is in the page and decoded; for a new document the browser's own LCP entry is printed
 * beside it as a check (Chrome reports no LCP after a client-side navigation). Also printed: how
 * long the header showed «Вход» (its text visible) and how long the basket counter was missing
 * during the navigation (every animation frame is looked at; the phone header shows the account
 * icon only, so «Вход» counts only where its text would be seen). Each card is visited once per mode, on a
 * server whose caches were warmed for it first (both modes read the same cached page).
 *
 *   node scripts/bench-navigation.mjs --url http://localhost:3912 --api http://127.0.0.1:8912 [--runs 5]
 *
 * Without `--url` it starts the production shop like the other measuring scripts
 * (scripts/lib/shop-server.mjs). Prints medians and every run; exits 1 when «Вход» or an empty
 * basket counter was seen during a client-side navigation.
 */
import { chromium } from '@playwright/test';
import { machineLoad, parseArgs, startShop } from './lib/shop-server.mjs';

const args = parseArgs();
const RUNS = Number(args.runs ?? 5);
const LISTING = String(args.listing ?? '/kupalniki');
const USER = { username: 'demo@lumiere.test', password: 'Demo12345' };
/** Lighthouse's mobile profile (its `applied` variant: Chrome throttles the network itself). */
const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  cpuSlowdown: 4,
  network: { latency: 150, downloadThroughput: (1638.4 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 },
};

/** What Chromium asks images with (the optimizer keeps one copy per format). */
const IMAGE_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';

/**
 * Runs in every document of the page: stamps the tap, then looks at each animation frame for the
 * product image and at the header (sessionStorage carries the figures across a document load).
 */
function probe() {
  const KEY = 'bench-navigation';
  const read = () => JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
  const write = (value) => sessionStorage.setItem(KEY, JSON.stringify(value));
  const now = () => performance.timeOrigin + performance.now();
  if (sessionStorage.getItem('bench-navigation-mode') === 'document') {
    // The plain link, as before: the page's scripts never see the click.
    window.addEventListener('click', (event) => event.stopImmediatePropagation(), true);
  }
  window.addEventListener(
    'touchstart',
    () => write({ tap: now(), from: location.pathname, loginSeenMs: 0, basketMissingMs: 0, painted: null }),
    { capture: true, passive: true },
  );
  new PerformanceObserver((list) => {
    const state = read();
    const last = list.getEntries().at(-1);
    if (state && last && location.pathname !== state.from) {
      state.lcp = performance.timeOrigin + last.startTime;
      write(state);
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  let previous = null;
  const frame = () => {
    const state = read();
    if (state && state.painted === null) {
      const t = now();
      const text = document.querySelector('[data-testid="header-account"] span');
      const badge = document.querySelector('[data-testid="header-basket-count"]');
      // A frame counts from the one before it (a new document's first frame: the old page was
      // on screen until then, with the name).
      const span = previous === null ? 0 : t - previous;
      if (text && /Вход/.test(text.textContent ?? '') && text.checkVisibility({ visibilityProperty: true }))
        state.loginSeenMs += span;
      if (!badge || !badge.checkVisibility()) state.basketMissingMs += span;
      const img = document.querySelector('[data-testid="gallery-main"] img');
      if (location.pathname !== state.from && img && img.complete && img.naturalWidth > 0) state.painted = t;
      write(state);
    }
    previous = now();
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/** An offer and one size of it in stock, to put one line into each shopper's basket. */
async function basketLine(api) {
  const list = await (await fetch(`${api}/api/v1/offers/odezhda/?limit=20`)).json();
  for (const card of list.results) {
    const detail = await (await fetch(`${api}/api/v1/product_offer/?pk=${card.id}`)).json();
    for (const offer of detail.offers ?? []) {
      const size = (offer.features ?? []).find((f) => f.stock > 0 && f.ext_id);
      if (size) return { offer: offer.id, feature: size.ext_id };
    }
  }
  throw new Error('no one-size offer in stock under /odezhda');
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const shop = await startShop({ url: args.url, api: args.api, port: 3912, apiPort: 8912 });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
const results = { document: [], client: [] };
try {
  // Cards of the listing, each visited once per mode; their pages warmed on the server first.
  const list = await (await fetch(`${shop.api}/api/v1/offers${LISTING}/?limit=${RUNS + 2}`)).json();
  const cards = list.results.slice(0, RUNS).map((card) => card.full_path_offer);
  if (cards.length < RUNS) throw new Error(`${LISTING} has only ${cards.length} products`);
  for (const path of [LISTING, ...cards]) {
    const html = await (await fetch(`${shop.base}${path}`)).text();
    await (await fetch(`${shop.base}${path}`, { headers: { rsc: '1' } })).text();
    // The main photo as the phone asks for it (Next's optimizer makes each width and format once).
    const srcset = /<link rel="preload" as="image" imageSrcSet="([^"]+)"/.exec(html)?.[1] ?? '';
    const photo = srcset.replaceAll('&amp;', '&').split(', ').at(-2)?.split(' ')[0];
    if (photo) await (await fetch(`${shop.base}${photo}`, { headers: { accept: IMAGE_ACCEPT } })).arrayBuffer();
  }
  const line = await basketLine(shop.api);
  console.log(`[navigation] ${machineLoad()}; ${RUNS} cards of ${LISTING}, each in both modes`);

  for (let i = 0; i < RUNS; i += 1) {
    // Alternate which mode goes first, so a warming machine or cache favours neither.
    const modes = i % 2 ? ['client', 'document'] : ['document', 'client'];
    for (const mode of modes) {
      const context = await browser.newContext({
        viewport: PHONE.viewport,
        deviceScaleFactor: PHONE.deviceScaleFactor,
        isMobile: PHONE.isMobile,
        hasTouch: PHONE.hasTouch,
        locale: 'ru-RU',
      });
      // A returning shopper: signed in, cookie banner and Telegram popup dealt with, one line in the basket.
      const login = await context.request.post(`${shop.base}/api/v1/auth/`, { data: USER });
      if (!login.ok()) throw new Error(`login failed: ${login.status()} ${await login.text()}`);
      const added = await context.request.post(`${shop.base}/api/v2/cart/`, { data: line });
      if (!added.ok()) throw new Error(`basket line refused: ${added.status()} ${await added.text()}`);
      await context.addInitScript(
        ([m]) => {
          sessionStorage.setItem('bench-navigation-mode', m);
          localStorage.setItem('cookieAccepted', 'true');
          localStorage.setItem('telegramPopupClosed', 'true');
        },
        [mode],
      );
      await context.addInitScript(probe);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, ...PHONE.network });

      await page.goto(`${shop.base}${LISTING}`, { waitUntil: 'load' });
      await page.waitForSelector('[data-testid="header-account"]:not(:has-text("Вход"))', { timeout: 30_000 });
      await page.waitForSelector('[data-testid="header-basket-count"]', { timeout: 30_000 });
      const card = page.locator(`main a[href="${cards[i]}"]`).first();
      await card.scrollIntoViewIfNeeded();
      await page.waitForTimeout(500);
      await card.tap();
      await page
        .waitForFunction(
          () => JSON.parse(sessionStorage.getItem('bench-navigation') ?? 'null')?.painted != null,
          null,
          { timeout: 60_000, polling: 100 },
        )
        .catch(async (error) => {
          const state = await page.evaluate(() => sessionStorage.getItem('bench-navigation')).catch(() => null);
          throw new Error(`${mode} ${cards[i]}: no painted image at ${page.url()} (${state})`, { cause: error });
        });
      await page.waitForTimeout(300); // a late LCP entry of a new document
      const state = await page.evaluate(() => JSON.parse(sessionStorage.getItem('bench-navigation')));
      const row = {
        card: cards[i],
        paintedMs: Math.round(state.painted - state.tap),
        lcpMs: state.lcp ? Math.round(state.lcp - state.tap) : null,
        loginSeenMs: Math.round(state.loginSeenMs),
        basketMissingMs: Math.round(state.basketMissingMs),
      };
      results[mode].push(row);
      console.log(
        `  ${mode.padEnd(8)} ${row.card}: image painted ${row.paintedMs} ms` +
          `${row.lcpMs === null ? '' : ` (LCP ${row.lcpMs} ms)`}, «Вход» ${row.loginSeenMs} ms, no basket counter ${row.basketMissingMs} ms`,
      );
      await context.close();
    }
  }
} finally {
  await browser.close();
  await shop.stop();
}

const summary = (mode) => ({
  painted: median(results[mode].map((r) => r.paintedMs)),
  login: Math.max(...results[mode].map((r) => r.loginSeenMs)),
  basket: Math.max(...results[mode].map((r) => r.basketMissingMs)),
});
const before = summary('document');
const after = summary('client');
console.log(
  `\ntap on a product card → product image painted (LCP element), phone profile, median of ${RUNS}:\n` +
    `  before (new document):         ${before.painted} ms; «Вход» up to ${before.login} ms, no basket counter up to ${before.basket} ms\n` +
    `  after (client-side navigation): ${after.painted} ms; «Вход» up to ${after.login} ms, no basket counter up to ${after.basket} ms`,
);
// The must-hold of issue #34: no «Вход», no empty counter. The two medians are figures to read
// beside each other (on a busy 2-core machine single runs swing by a second), not a gate.
if (after.login > 0 || after.basket > 0) process.exitCode = 1;
