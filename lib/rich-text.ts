/**
 * Safe rich text of content pages (spec §7 Content: "safe rich text"): the API's markdown or HTML
 * is rendered with `marked` and sanitised with `sanitize-html` on the server (a server component
 * calls this), so the browser only ever receives an allow-listed subset of HTML: no scripts, no
 * event handlers, no `javascript:`/`data:` URLs, no inline styles. External links open in a new
 * tab with `rel="noopener noreferrer"`.
 */
import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import type { TextFormat } from '@/lib/api/contract/publications';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    's',
    'u',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'code',
    'pre',
    'figure',
    'figcaption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    th: ['align', 'scope'],
    td: ['align'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  // An h1 in a body would compete with the page's own h1 (one h1 per page).
  transformTags: {
    h1: 'h2',
    a: (tagName, attribs) => {
      const external = /^https?:\/\//i.test(attribs.href ?? '');
      return {
        tagName,
        attribs: external
          ? { ...attribs, target: '_blank', rel: 'noopener noreferrer' }
          : { ...attribs, target: '', rel: '' },
      };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, alt: attribs.alt ?? '', loading: 'lazy' } }),
    th: (tagName, attribs) => ({ tagName, attribs: { ...attribs, scope: 'col' } }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object'],
};

/**
 * Renders stored content to sanitised HTML.
 * @param text markdown (GFM: tables, lists) or HTML, as the API sent it.
 * @param format how `text` is written; HTML is sanitised as is.
 * @returns HTML safe to put into `dangerouslySetInnerHTML` (images only over https or same-origin
 *   paths; links only http(s), mailto, tel and relative).
 */
export function renderRichText(text: string, format: TextFormat = 'markdown'): string {
  const html =
    format === 'markdown' ? (marked.parse(text, { async: false, gfm: true, breaks: false }) as string) : text;
  return sanitizeHtml(html, OPTIONS).replace(/ (target|rel)=""/g, '');
}
