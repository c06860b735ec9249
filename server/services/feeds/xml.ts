/**
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

/**
 * Text `cleanText` leaves as it is: no forbidden character, no whitespace but single spaces between
 * words. Most of a feed's strings (sizes, colours, links, prices) are so; testing is far cheaper
 * than the three replacements, and a build escapes millions of strings.
 */
const CLEAN =
  /^(?:[^\s\x00-\x1F\x7F-\x9F\uD800-\uDFFF\uFFFE\uFFFF]+(?: [^\s\x00-\x1F\x7F-\x9F\uD800-\uDFFF\uFFFE\uFFFF]+)*)?$/;
/** A character that needs an entity (not global: `test` keeps no state). */
const SPECIAL = /[&<>"']/;

/** Text without the forbidden characters, runs of whitespace (tabs, newlines) as one space, trimmed. */
export function cleanText(value: string): string {
  if (CLEAN.test(value)) return value;
  return value.replace(FORBIDDEN, '').replace(/\s+/g, ' ').trim();
}

/**
 * `value` as XML character data or an attribute value: forbidden characters removed, whitespace
 * collapsed (feeds are one-line values), `& < > " '` as entities.
 */
export function xmlEscape(value: string | number): string {
  const clean = cleanText(String(value));
  return SPECIAL.test(clean) ? clean.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c) : clean;
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
  let out = '';
  for (const k in attrs) {
    const v = attrs[k];
    if (v !== null && v !== undefined) out += ` ${k}="${xmlEscape(String(v))}"`;
  }
  return out;
}

/** `text` cut to at most `max` characters at a word boundary, with "…" when cut. */
export function cutText(text: string, max: number): string {
  const clean = cleanText(text);
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
