/**
 * Titles and descriptions for search engines (issue #14 "Crawlers" 2–4): page N says
 * "— страница N", the shop is named once, titles ≤ 70 characters and descriptions ≤ 160, cut at
 * a word. One place for these rules, so every page that builds metadata agrees.
 */
import { SITE_NAME } from '../constants';

/** Longest title search engines show whole, characters. */
export const SEO_TITLE_MAX = 70;
/** Longest description search engines show whole, characters. */
export const SEO_DESCRIPTION_MAX = 160;

const ELLIPSIS = '…';
// Separators and punctuation that must not dangle at the end of a cut text.
const TRAILING_JUNK = /[\s,;:.!?|—–-]+$/u;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// A trailing "| Lumière Beach" / "— Lumière" segment: the shop's name after a separator.
const SHOP_TAIL = new RegExp(`\\s+[|—–-]\\s+(${escapeRegExp(SITE_NAME)}[^|—–]*)$`, 'iu');

/** Collapses runs of whitespace (line breaks of stored texts) into one space and trims. */
function squash(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

/** True when `text` names the shop (case-insensitive). */
export function namesShop(text: string): boolean {
  return text.toLocaleLowerCase('ru').includes(SITE_NAME.toLocaleLowerCase('ru'));
}

/**
 * `text` cut to at most `max` characters at a word boundary, with "…" when cut; whitespace is
 * collapsed first. A single word longer than `max` is cut inside the word.
 * @param text any text.
 * @param max characters, ≥ 1.
 * @returns the whole text when it fits, else a prefix ending in "…" (length ≤ max).
 */
export function clampAtWord(text: string, max: number): string {
  const clean = squash(text);
  if (clean.length <= max) return clean;
  const room = clean.slice(0, Math.max(0, max - ELLIPSIS.length) + 1);
  const space = room.lastIndexOf(' ');
  // The character after the cut is a space: the whole room is whole words.
  const cut = space > 0 ? room.slice(0, space) : room.slice(0, Math.max(0, max - ELLIPSIS.length));
  return `${cut.replace(TRAILING_JUNK, '')}${ELLIPSIS}`;
}

/** Options of {@link seoTitle} and {@link seoDescription}. */
export type SeoTextOptions = {
  /** Words that tell this page from a similar one ("чёрный, арт. 1234"), never cut off. */
  qualifier?: string;
  /** 1-based page of a listing; 2+ adds "— страница N". */
  page?: number;
};

/**
 * The whole `<title>` of a page (use it as Next's `title.absolute`): `title`, then the
 * qualifier after a comma, then "— страница N" for N ≥ 2, then the shop's name — once: a title
 * that already ends in "| Lumière Beach" keeps that ending (after the page), one that names the
 * shop elsewhere gets no ending, any other gets " — Lumière". Only `title` is shortened (at a
 * word) to fit {@link SEO_TITLE_MAX}; when even then it would not fit, the shop's name is left out.
 * @example seoTitle('Купальники', { page: 2 }) === 'Купальники — страница 2 — Lumière'
 */
export function seoTitle(title: string, options: SeoTextOptions = {}): string {
  let base = squash(title);
  let tail = ` — ${SITE_NAME}`;
  const own = SHOP_TAIL.exec(base);
  if (own) {
    tail = ` ${squash(own[0])}`;
    base = base.slice(0, own.index);
  }
  const rest = `${options.qualifier ? `, ${squash(options.qualifier)}` : ''}${pageSuffix(options.page)}`;
  if (namesShop(base)) {
    tail = '';
    // Too long with a closing "— купить в интернет-магазине Lumière Beach": that phrase goes, not
    // the page's own words, and the short shop name takes its place.
    const phrase = /\s[|—–-]\s(?!.*\s[|—–-]\s)(.*)$/u.exec(base);
    if (base.length + rest.length > SEO_TITLE_MAX && phrase && phrase.index > 0 && namesShop(phrase[1] ?? '')) {
      base = base.slice(0, phrase.index);
      tail = ` — ${SITE_NAME}`;
    }
  }
  // Keep at least a few words of the title itself; drop the shop name before that.
  if (SEO_TITLE_MAX - rest.length - tail.length < 20) tail = '';
  return `${clampAtWord(base, Math.max(1, SEO_TITLE_MAX - rest.length - tail.length))}${rest}${tail}`;
}

/**
 * A meta description: the qualifier (first, so that it survives the cut), `text`, and
 * "— страница N." for N ≥ 2, at most {@link SEO_DESCRIPTION_MAX} characters, cut at a word.
 * @example seoDescription('Купальники в наличии.', { page: 3 }) === 'Купальники в наличии — страница 3.'
 */
export function seoDescription(text: string, options: SeoTextOptions = {}): string {
  const body = squash([options.qualifier, text].filter(Boolean).join('. '));
  const page = options.page && options.page > 1 ? `${pageSuffix(options.page)}.` : '';
  if (!page) return clampAtWord(body, SEO_DESCRIPTION_MAX);
  const cut = clampAtWord(body, SEO_DESCRIPTION_MAX - page.length);
  return `${cut.replace(TRAILING_JUNK, '')}${page}`;
}

/** " — страница N" for N ≥ 2, else "". */
function pageSuffix(page: number | undefined): string {
  return page && page > 1 ? ` — страница ${page}` : '';
}
