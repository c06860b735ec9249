/**
 * The `Link: rel=preload` header of a page's LCP pictures (issue #30, docs/lighthouse.md "LCP
 * preload header"). The pictures a page marks as its LCP candidates (the first row of a listing,
 * the product's main photo: `<link rel="preload" as="image" fetchpriority="high">`, written into
 * the head by React DOM's `preload`, components/product-image) sit in the HTML after the inlined
 * stylesheet; the same hints in the answer's head let the browser start those downloads as soon
 * as the headers arrive, before it has parsed the document (RFC 8288 `Link`; the HTML standard's
 * `imagesrcset`, `imagesizes` and `fetchpriority` link parameters).
 */

/** At most this many pictures are announced (a listing's first row on a desktop). */
const MAX_LINKS = 4;
/** The head is searched only this far (bytes): the preloads are in the head. */
const HEAD_BYTES = 256 * 1024;

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', '#39': "'", '#x27': "'", lt: '<', gt: '>' };

function unescapeHtml(value: string): string {
  return value.replace(/&(amp|quot|#39|#x27|lt|gt);/g, (_, name: string) => ENTITIES[name] ?? '');
}

/** Attributes of one start tag (names lower-cased, values unescaped). */
function attributes(tag: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of tag.matchAll(/([a-zA-Z-]+)\s*=\s*"([^"]*)"/g)) out.set(m[1]!.toLowerCase(), unescapeHtml(m[2]!));
  return out;
}

/** A `Link` parameter value: a token as is, anything else as an RFC 8288 quoted string. */
function param(value: string): string {
  return /^[\w.-]+$/.test(value) ? value : `"${value.replace(/["\\]/g, '\\$&')}"`;
}

/**
 * The `Link` header value announcing the high-priority image preloads of an HTML page, or null
 * when it has none.
 * @param html the page's identity-coded body (UTF-8)
 * @returns e.g. `</_next/image?url=…&w=1920&q=75>; rel=preload; as=image; imagesrcset="…";
 *   imagesizes="…"; fetchpriority=high`, entries joined by ", "; at most {@link MAX_LINKS}
 */
export function lcpPreloadLink(html: Buffer | string): string | null {
  const text = typeof html === 'string' ? html.slice(0, HEAD_BYTES) : html.subarray(0, HEAD_BYTES).toString('utf8');
  const headEnd = text.search(/<\/head>/i);
  const head = headEnd === -1 ? text : text.slice(0, headEnd);
  const links: string[] = [];
  for (const [tag] of head.matchAll(/<link\b[^>]*>/gi)) {
    const a = attributes(tag);
    if (a.get('rel') !== 'preload' || a.get('as') !== 'image' || a.get('fetchpriority') !== 'high') continue;
    const srcset = a.get('imagesrcset');
    // React writes no href next to imagesrcset; a browser that ignores imagesrcset in a header
    // fetches the smallest candidate instead of a picture several times too large.
    const href = a.get('href') ?? srcset?.split(',')[0]?.trim().split(/\s+/)[0];
    // Only the shop's own URLs: nothing the page did not ask for, and no header injection.
    if (!href || !href.startsWith('/') || href.startsWith('//') || /[\s<>]/.test(href)) continue;
    const parts = [`<${href}>`, 'rel=preload', 'as=image'];
    if (srcset) parts.push(`imagesrcset=${param(srcset)}`);
    const sizes = a.get('imagesizes');
    if (sizes) parts.push(`imagesizes=${param(sizes)}`);
    // A preload for some screens only (a listing's 3rd and 4th tile are in the first row from 768
    // and 1100 px): the browser skips it where the query does not match, as in the HTML.
    const media = a.get('media');
    if (media) parts.push(`media=${param(media)}`);
    parts.push('fetchpriority=high');
    const link = parts.join('; ');
    if (/[\r\n]/.test(link)) continue;
    links.push(link);
    if (links.length === MAX_LINKS) break;
  }
  return links.length > 0 ? links.join(', ') : null;
}
