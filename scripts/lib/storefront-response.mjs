/**
 * The response class of the storefront's HTTP server (scripts/serve.mjs), passed to
 * `createServer` once rather than wrapping every response. It also quotes the ETags Next's image
 * optimizer sends bare (issue #14 item 9).
 */
import { ServerResponse } from 'node:http';

/**
 * Also drops `x-middleware-rewrite`, which Next sends with every page proxy.ts rewrote (issue #12;
 * the client router reads `x-nextjs-rewritten-path` instead).
 *
 * Next 16.4 sends `Location` twice when a cached (ISR) page answers with a redirect (the stored
 * header is appended to the one the redirect sets). One value is what HTTP allows (RFC 9110
 * §10.2.2) and what clients expect, so on this response class later values of `location` replace
 * earlier ones (passed to `createServer` once, not wrapped per request).
 */
export class SingleLocationResponse extends ServerResponse {
  setHeader(name, value) {
    // Issue #12: the internal path of a rewritten page (proxy.ts → /cached/{key}/…) is nobody's business.
    if (String(name).toLowerCase() === 'x-middleware-rewrite') return this;
    if (String(name).toLowerCase() === 'etag') return super.setHeader(name, quoteEtag(value));
    return super.setHeader(name, isLocation(name) && Array.isArray(value) ? value[0] : value);
  }

  appendHeader(name, value) {
    if (String(name).toLowerCase() === 'x-middleware-rewrite') return this;
    return isLocation(name) ? this.setHeader(name, value) : super.appendHeader(name, value);
  }
}

/**
 * Issue #14 item 9: Next's image optimizer sends its ETag as a bare hash (`ETag: abc…`), which
 * RFC 9110 §8.8.3 does not allow (an entity tag is quoted); the value is quoted here, and
 * {@link unquoteImageValidators} gives Next the bare hash back from `If-None-Match`.
 * @param {unknown} value
 */
export function quoteEtag(value) {
  return typeof value === 'string' && /^[A-Za-z0-9_-]+$/.test(value) ? `"${value}"` : value;
}

/**
 * Takes the quotes off the entity tags of a `/_next/image` request's `If-None-Match`, so Next's
 * optimizer, which compares them with its bare hash, still answers 304.
 * @param {import('node:http').IncomingMessage} req
 */
export function unquoteImageValidators(req) {
  const value = req.headers['if-none-match'];
  if (typeof value !== 'string' || !req.url?.startsWith('/_next/image')) return;
  req.headers['if-none-match'] = value.replace(/(^|,)\s*(W\/)?"([A-Za-z0-9_-]+)"/g, '$1$2$3');
}

function isLocation(name) {
  return String(name).toLowerCase() === 'location';
}
