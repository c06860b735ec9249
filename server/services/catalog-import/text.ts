/**
 * Cleaning of feed text (issue #15 "Real feeds are messy"): BOMs, tabs, double spaces, leading
 * newlines, prices written "1 990,00", descriptions in HTML.
 */
import sanitizeHtml from 'sanitize-html';

/** Collapses every run of whitespace (tabs, newlines, NBSP) to one space, trims, drops BOMs. */
export function cleanText(value: string | undefined | null): string {
  return (value ?? '')
    .replace(/\uFEFF/g, '')
    .replace(/[\s\u00A0]+/g, ' ')
    .trim();
}

/** Lower case, ё → е, clean spaces: the key names are compared by ("Цвет", " цвет\t"). */
export function normKey(value: string | undefined | null): string {
  return cleanText(value).toLowerCase().replace(/ё/g, 'е');
}

/**
 * A price or quantity as written in feeds ("1 990,50", "1990.5", " 0 ") → number; undefined
 * when there is no number.
 */
export function parseNumber(value: string | undefined | null): number | undefined {
  const s = cleanText(value)
    .replace(/[\s\u00A0]/g, '')
    .replace(',', '.');
  if (!s) return undefined;
  const n = Number(s);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * A description in HTML → plain text (the product page shows it as text, spec §3 product
 * `description`): tags and scripts removed, paragraphs and line breaks kept as newlines,
 * entities decoded, runs of spaces collapsed.
 */
export function sanitizeDescription(html: string | undefined | null): string {
  if (!html) return '';
  const marked = html.replace(/<\s*br\s*\/?>/gi, '\n').replace(/<\/\s*(p|div|li|h[1-6]|tr)\s*>/gi, '\n');
  const text = sanitizeHtml(marked, {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: ['script', 'style', 'noscript', 'iframe', 'object', 'textarea'],
  });
  const decoded = text
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
  return decoded
    .split('\n')
    .map((line) => line.replace(/[\t \u00A0]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}
