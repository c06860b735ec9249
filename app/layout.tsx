/**
 * Root layout: `<html lang="ru">`, the Inter font (Cyrillic + Latin, local files subset from
 * the npm packages @fontsource-variable/inter and inter-ui by scripts/subset-fonts.mjs, DESIGN
 * "offline facts"), global styles and site-wide metadata
 * (title template "… — Lumière", metadataBase for canonical URLs, Twitter card) and the WebSite
 * JSON-LD with its SearchAction.
 */
import localFont from 'next/font/local';
import { JsonLd } from '@/components/json-ld';
import { ChunkLoadRecovery } from '@/features/popups/components/error-page';
import { SITE_NAME } from '@/lib/constants';
import { env } from '@/lib/env';
import { href } from '@/lib/routes';
import { absoluteUrl } from '@/lib/site-url';
import { webFontsScript } from '@/lib/web-fonts';
import { COOKIE_ACCEPTED_KEY } from '@/stores/cookie-consent-store';
import type { Metadata, Viewport } from 'next';
import './globals.css';

// Both files are Inter (fontsource's Latin file; the whole Inter for Cyrillic and ₽) subset to
// weights 400–700 and the features and characters the shop uses (scripts/subset-fonts.mjs):
// 38 kB instead of 67 kB on a first visit.
const interCyrillic = localFont({
  src: '../lib/fonts/inter-cyrillic-400-700.woff2',
  weight: '400 700',
  style: 'normal',
  // `optional` and not preloaded, like the Latin face (issue #30, docs/lighthouse.md "Held first
  // frames"): a preloaded web font made headless Chrome hold the page's first frame back by one or
  // two seconds in most lab runs of a listing (Lighthouse's LCP 3–5 s instead of ~2 s), and none
  // without it. Without the preload a late `swap` would move the text. A first visit does not ask
  // for either face at all: it reads in the metric-matched 'Inter Fallback' and fetches them after
  // its `load` event, and the next page loads use them from the cache (lib/web-fonts.ts).
  display: 'optional',
  preload: false,
  variable: '--font-inter-cyrillic',
  // No fallback chain inside the variable: the stack in globals.css puts Latin then Cyrillic first.
  adjustFontFallback: false,
  fallback: [],
});

const interLatin = localFont({
  src: '../lib/fonts/inter-latin-400-700.woff2',
  weight: '400 700',
  style: 'normal',
  // `optional`, not `swap`: it is not preloaded, and swapping it in late moved prices and sizes
  // (CLS 0.08 on listings). When it is not there within ~100 ms the first view keeps the
  // fallback for Latin letters and digits; it is cached for the next pages.
  display: 'optional',
  variable: '--font-inter-latin',
  // Not preloaded (issue #7): on a slow phone network its bytes competed with the LCP image.
  preload: false,
  // No fallback chain inside the variable: the stack in globals.css puts Latin then Cyrillic first.
  adjustFontFallback: false,
  fallback: [],
});

export const metadata: Metadata = {
  metadataBase: new URL(env.SITE_URL),
  title: { default: `${SITE_NAME} — купальники, одежда и обувь`, template: `%s — ${SITE_NAME}` },
  description: 'Интернет-магазин купальников, одежды, обуви, аксессуаров и белья. Доставка по России.',
  applicationName: SITE_NAME,
  openGraph: { siteName: SITE_NAME, locale: 'ru_RU', type: 'website' },
  twitter: { card: 'summary_large_image' },
};

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: '#ffffff',
};

/**
 * Marks `<html data-cookie-accepted>` before the first paint when the visitor accepted cookies
 * (spec §4, localStorage `cookieAccepted`): the cookie banner is in every page's HTML, so that it
 * paints with the page instead of popping in after hydration (it was the late LCP of /basket), and
 * this attribute hides it at once for visitors who accepted.
 */
const COOKIE_CONSENT_SCRIPT = `try{if(localStorage.getItem(${JSON.stringify(COOKIE_ACCEPTED_KEY)})==="true")document.documentElement.setAttribute("data-cookie-accepted","")}catch(e){}`;

/**
 * Marks `<html data-session>` before the first paint when the script-readable `token_exp` cookie
 * names a session that has not expired (spec §5; lib/api/session-expiry.ts `sessionExpiry`), so
 * the header hides «Вход» while the shopper's name loads instead of flashing it on a page load
 * (issue #34 item 4, docs/navigation.md; features/auth/components/header-account-link.tsx).
 */
const SESSION_HINT_SCRIPT = `try{var m=/(?:^|;\\s*)token_exp=(\\d+)/.exec(document.cookie);if(m&&m[1]*1e3>Date.now())document.documentElement.setAttribute("data-session","")}catch(e){}`;

/** Inter from the second page load on (lib/web-fonts.ts): each face with a character it covers. */
const WEB_FONTS_SCRIPT = webFontsScript([
  { font: `1em ${interLatin.style.fontFamily}`, text: 'A' },
  { font: `1em ${interCyrillic.style.fontFamily}`, text: 'Ж' },
]);

/** The `<html>` shell shared by every page. */
export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    // suppressHydrationWarning: the head scripts may add attributes before React hydrates.
    <html lang="ru" className={`${interLatin.variable} ${interCyrillic.variable}`} suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: COOKIE_CONSENT_SCRIPT + SESSION_HINT_SCRIPT + WEB_FONTS_SCRIPT }} />
        {/* Without JavaScript the banner could not be closed, and nothing it asks consent for runs. */}
        <noscript dangerouslySetInnerHTML={{ __html: '<style>[data-cookie-banner]{display:none}</style>' }} />
      </head>
      <body>
        {/* Spec §8/§9 chunk reload; loaded here, it is already on the page for every error boundary (issue #30). */}
        <ChunkLoadRecovery />
        {children}
        {/* Issue #3 SEO: the site and its search box for crawlers (sitelinks search box). */}
        <JsonLd
          data={{
            '@context': 'https://schema.org',
            '@type': 'WebSite',
            name: SITE_NAME,
            url: absoluteUrl(href('index')),
            inLanguage: 'ru-RU',
            potentialAction: {
              '@type': 'SearchAction',
              target: {
                '@type': 'EntryPoint',
                urlTemplate: `${absoluteUrl(href('search'))}?searchParam={search_term_string}`,
              },
              'query-input': 'required name=search_term_string',
            },
          }}
        />
      </body>
    </html>
  );
}
