/**
 * REFERENCE: the plain regex definition of feed escaping, as xml.ts had it before its fast paths
 * (issue #28), for feed-output.test.ts to compare them on random strings. Not used by the API.
 *
 * XML text for the product feeds (issue #15 "feeds out"): escaping of text and attribute values
 * and removal of the characters XML 1.0 forbids. A name such as `Топ "Ночь" & <день>` or a
 * description with a stray control character from a 1C export must never break the document: a
 * strict parser (saxes, as the tests use, and Yandex's and Google's fetchers) rejects the whole
 * feed on one bad character.
 *
 * Not a library: the feeds are written as a stream of small strings (server/services/feeds/*),
 * and builders such as fast-xml-parser's escape `&<>"` but keep control characters, which is the
 * half that breaks real feeds; these three replacements are the whole rule (XML 1.0 §2.2, §2.4).
 */

/**
 * Characters outside XML 1.0's `Char` production (C0 controls but tab/LF/CR, lone surrogates,
 * U+FFFE/U+FFFF) and the C1 controls XML 1.0 §2.2 discourages (U+007F–U+009F): removed.
 */
const FORBIDDEN = /[^\t\n\r\x20-\x7E\xA0-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text without the forbidden characters, runs of whitespace (tabs, newlines) as one space, trimmed. */
export function cleanText(value: string): string {
  return value.replace(FORBIDDEN, '').replace(/\s+/g, ' ').trim();
}

/**
 * `value` as XML character data or an attribute value: forbidden characters removed, whitespace
 * collapsed (feeds are one-line values), `& < > " '` as entities.
 */
export function xmlEscape(value: string | number): string {
  return cleanText(String(value)).replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

/**
 * `<name attrs>text</name>`; nothing when `text` is null/undefined or empty after cleaning.
 * @param attrs attribute values are escaped; null/undefined attributes are left out.
 */
export function element(
  name: string,
  text: string | number | null | undefined,
  attrs: Record<string, string | number | null | undefined> = {},
): string {
  if (text === null || text === undefined) return '';
  const body = xmlEscape(text);
  if (body === '') return '';
  return `<${name}${attributes(attrs)}>${body}</${name}>`;
}

/** ` a="1" b="x"` from a record; null/undefined values are left out. */
export function attributes(attrs: Record<string, string | number | boolean | null | undefined>): string {
  return Object.entries(attrs)
    .filter(([, v]) => v !== null && v !== undefined)
    .map(([k, v]) => ` ${k}="${xmlEscape(String(v))}"`)
    .join('');
}

/** `text` cut to at most `max` characters at a word boundary, with "…" when cut. */
export function cutText(text: string, max: number): string {
  const clean = cleanText(text);
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
