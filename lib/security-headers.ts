/**
 * Security headers of every storefront answer (issue #12 item 8), set by `next.config.ts`
 * `headers()` so cached pages carry them too.
 *
 * The CSP is the strictest that keeps catalogue pages cacheable: a per-request nonce would make
 * every page dynamic (Next's inline RSC payload scripts need the nonce), so scripts are limited to
 * the shop's own origin plus inline ones ('unsafe-inline'), and the inline-script risk is contained
 * by what the pages render (React escapes text; rich text is sanitised with sanitize-html). What
 * each directive allows:
 * - scripts, styles, fonts, images, connections: the shop's own origin (images also data:/blob:
 *   for placeholders); Yandex Metrica's hosts only when YM_ID is set (mc.yandex.ru, yastatic.net);
 * - styles 'unsafe-inline': the CSS is inlined into pages (issue #7 experimental.inlineCss);
 * - 'unsafe-eval' only under `next dev` (React's dev tools need it);
 * - CDEK's pickup-point widget only when `cdekWidget` is set (issue #14 item 13): its script at the
 *   pinned jsDelivr path, and the Yandex Maps JS API it draws with (script, tiles, geocoder);
 * - frame-ancestors 'none' (no framing, clickjacking), base-uri 'self', form-action 'self',
 *   object-src 'none'; upgrade-insecure-requests and HSTS when SITE_URL is https.
 */

/** Inputs of {@link securityHeaders}. */
export interface SecurityHeaderOptions {
  /** Public origin (SITE_URL). https → HSTS and upgrade-insecure-requests. */
  siteUrl: string;
  /** Yandex Metrica counter id; set → its hosts are allowed. */
  ymId?: string;
  /** `next dev` needs 'unsafe-eval'. */
  development?: boolean;
  /** CDEK's map widget is configured (a Yandex Maps key is set): its script and the map's hosts are allowed. */
  cdekWidget?: boolean;
}

const METRICA = ['https://mc.yandex.ru', 'https://mc.yandex.com', 'https://yastatic.net'];
/** The widget's script, version pinned (features/checkout/components/pickup-point-picker.tsx). */
const CDEK_WIDGET_SCRIPT = 'https://cdn.jsdelivr.net/npm/@cdek-it/widget@3.11.1/dist/cdek-widget.umd.js';
/** Yandex Maps JS API v3, which the widget loads: the API script and its tiles, styles and geocoder. */
const YANDEX_MAPS = ['https://api-maps.yandex.ru', 'https://*.maps.yandex.net', 'https://yastatic.net'];

/** The Content-Security-Policy value (see the module docstring). */
export function contentSecurityPolicy({
  siteUrl,
  ymId,
  development = false,
  cdekWidget = false,
}: SecurityHeaderOptions): string {
  const https = siteUrl.startsWith('https://');
  const metrica = ymId ? METRICA : [];
  const maps = cdekWidget ? YANDEX_MAPS : [];
  const directives: Array<[string, ...string[]]> = [
    ['default-src', "'self'"],
    [
      'script-src',
      "'self'",
      "'unsafe-inline'",
      ...(development ? ["'unsafe-eval'"] : []),
      ...metrica,
      ...(cdekWidget ? [CDEK_WIDGET_SCRIPT, ...maps] : []),
    ],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', 'blob:', ...metrica, ...maps],
    ['font-src', "'self'", 'data:'],
    ['connect-src', "'self'", ...metrica, ...maps],
    ['frame-src', "'self'", ...(ymId ? ['https://mc.yandex.ru'] : [])],
    ['worker-src', "'self'", 'blob:'],
    ['manifest-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  const policy = directives.map((d) => d.join(' '));
  if (https) policy.push('upgrade-insecure-requests');
  return policy.join('; ');
}

/**
 * Every security header of a storefront answer, as `{key, value}` pairs for next.config headers().
 * HSTS (one year, subdomains) only when SITE_URL is https: sent over http it would be ignored, and
 * sent from a test host it would pin that host.
 */
export function securityHeaders(options: SecurityHeaderOptions): Array<{ key: string; value: string }> {
  const headers = [
    { key: 'Content-Security-Policy', value: contentSecurityPolicy(options) },
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'X-Frame-Options', value: 'DENY' },
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    {
      key: 'Permissions-Policy',
      value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    },
  ];
  if (options.siteUrl.startsWith('https://'))
    headers.push({ key: 'Strict-Transport-Security', value: 'max-age=31536000; includeSubDomains' });
  return headers;
}
