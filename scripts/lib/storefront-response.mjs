/**
 * The response class of the storefront's HTTP server (scripts/serve.mjs), passed to
 * `createServer` once rather than wrapping every response.
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
    return super.setHeader(name, isLocation(name) && Array.isArray(value) ? value[0] : value);
  }

  appendHeader(name, value) {
    if (String(name).toLowerCase() === 'x-middleware-rewrite') return this;
    return isLocation(name) ? this.setHeader(name, value) : super.appendHeader(name, value);
  }
}

function isLocation(name) {
  return String(name).toLowerCase() === 'location';
}

