/**
 * Checks every storefront request gets before it reaches Next (storefront-server/serve.ts; issue #12).
 *
 * - Item 11: a path with malformed percent-encoding (`/%`, `/kupalniki/%`, `/api/v2/cart/%ZZ/`)
 *   made Next answer 500 (its router decodes the path and throws `URIError`); it gets 400 here.
 *   `TRACE`, `TRACK` and `CONNECT` (never used by the shop; TRACE echoes the request, including
 *   cookies, back to the caller) get 405 with `Allow`.
 * - Item 14: `/_next/image?url=/media/x.webp%3Fbust%3D<random>` made Next encode a new AVIF and
 *   store a new cache entry for every random query (60 requests: 28 s of CPU instead of 0.5 s).
 *   The shop's own image sources never carry a query or fragment, so a local source (`/…`) with
 *   `?` or `#` gets 400, as does a repeated or missing `url`.
 * - Issue #34 item 10: a path with repeated slashes or a backslash (`/kupalniki//`) took two
 *   redirects: Next's own (`//` → `/`, made before proxy.ts runs) and then the proxy's trailing-slash
 *   one (spec §2). It gets one 308 here, to the path both would end at, query kept.
 *
 * The answers are short Russian HTML pages, never cached (`Cache-Control: no-store`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Methods the storefront never serves. */
const FORBIDDEN_METHODS = new Set(['TRACE', 'TRACK', 'CONNECT']);
/** What the storefront answers (for `Allow` on 405). */
const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';

/**
 * A short Russian HTML page.
 */
export function russianPage(title: string, text: string): string {
  return (
    '<!doctype html><html lang="ru"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width,initial-scale=1">' +
    `<meta name="robots" content="noindex"><title>${title}</title></head>` +
    `<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem">` +
    `<h1>${title}</h1><p>${text}</p><p><a href="/">На главную</a></p></body></html>`
  );
}

/** An answer sent before Next sees the request. */
export type GuardAnswer = { status: number; headers: Record<string, string>; body: string };

function answer(status: number, title: string, text: string, headers: Record<string, string> = {}): GuardAnswer {
  return {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...headers },
    body: russianPage(title, text),
  };
}

/** `text` safe inside HTML. */
function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** True when every `%` in `text` starts a valid escape and the escapes decode as UTF-8. */
export function isWellEncoded(text: string): boolean {
  if (!text.includes('%')) return true;
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

/** Paths whose trailing slash stays (proxy.ts matcher: the BFF, Next internals, proxied media). */
const KEEPS_TRAILING_SLASH = /^\/(?:api|_next|media)\//;

/**
 * Where a path with repeated slashes or a backslash redirects: Next's normalisation (`\` → `/`,
 * runs of `/` → one) and, except under /api/, /_next/ and /media/, the spec §2 rule (no trailing
 * slash but the root's), query kept; null when the path has neither (proxy.ts handles a single
 * trailing slash).
 * @param rawUrl the request target as sent (`/path?query`)
 * @example slashRedirect('/kupalniki//?page=2') === '/kupalniki?page=2'
 */
export function slashRedirect(rawUrl: string): string | null {
  const q = rawUrl.indexOf('?');
  const pathname = q === -1 ? rawUrl : rawUrl.slice(0, q);
  // An absolute-form target (`http://host/x`, RFC 9112 §3.2.2) is not a path: left to Next.
  if (!pathname.startsWith('/') || !/\/\/|\\/.test(pathname)) return null;
  let target = pathname.replace(/\\/g, '/').replace(/\/{2,}/g, '/');
  if (!KEEPS_TRAILING_SLASH.test(target)) target = target.replace(/\/+$/, '') || '/';
  return `${target}${q === -1 ? '' : rawUrl.slice(q)}`;
}

/**
 * The answer for a request the storefront refuses before Next sees it, or null to go on.
 * @param method the request method
 * @param rawUrl the request target as sent (`/path?query`)
 * @returns 405 for TRACE/TRACK/CONNECT, 400 for a malformed path or a
 *   `/_next/image` source with a query, 308 for repeated slashes ({@link slashRedirect}).
 */
export function guardRequest(method: string | undefined, rawUrl: string | undefined): GuardAnswer | null {
  if (FORBIDDEN_METHODS.has(String(method).toUpperCase())) {
    return answer(405, 'Метод не поддерживается', 'Этот метод запроса сервер не принимает.', {
      allow: ALLOWED_METHODS,
    });
  }
  const url = rawUrl ?? '/';
  const q = url.indexOf('?');
  const pathname = q === -1 ? url : url.slice(0, q);
  if (!isWellEncoded(pathname)) {
    return answer(400, 'Некорректный адрес', 'В адресе страницы есть ошибка: проверьте ссылку.');
  }
  const target = slashRedirect(url);
  if (target !== null) {
    return answer(308, 'Страница переехала', `Страница находится по адресу ${escapeHtml(target)}.`, {
      location: target,
    });
  }
  if (pathname === '/_next/image') {
    const sources = new URLSearchParams(q === -1 ? '' : url.slice(q + 1)).getAll('url');
    const source = sources[0] ?? '';
    if (sources.length !== 1 || (source.startsWith('/') && /[?#]/.test(source))) {
      return answer(400, 'Некорректный адрес изображения', 'У изображения магазина не бывает параметров в адресе.');
    }
  }
  return null;
}

/**
 * The answer of an overloaded storefront: 503, `Retry-After` in seconds, a Russian page.
 * @param retryAfterS seconds (default 5)
 */
export function overloadedAnswer(retryAfterS: number = 5): GuardAnswer {
  return answer(503, 'Магазин перегружен', 'Сейчас слишком много запросов. Обновите страницу через несколько секунд.', {
    'retry-after': String(retryAfterS),
  });
}

/**
 * Sends a guard answer (body omitted for HEAD).
 */
export function sendAnswer(req: IncomingMessage, res: ServerResponse, a: GuardAnswer): void {
  const body = Buffer.from(a.body);
  res.writeHead(a.status, { ...a.headers, 'content-length': String(body.length) });
  res.end(req.method === 'HEAD' ? undefined : body);
}
