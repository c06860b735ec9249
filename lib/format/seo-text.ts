/**
 * Titles and descriptions for search engines (issue #14 "Crawlers" 2–4, issue #34 item 10): page N
 * says "— страница N", the shop is named once and always as " — Lumière", titles are never cut
 * (≤ 70 characters where leaving out the shop's name and details gets them there), descriptions
 * ≤ 160 characters, cut at a word. One place for these rules, so every page that builds metadata
 * agrees.
 */
import { SITE_NAME } from '../constants';

/** Longest title search engines show whole, characters (the shop's name and details give way to it). */
export const SEO_TITLE_MAX = 70;
/** Longest description search engines show whole, characters. */
export const SEO_DESCRIPTION_MAX = 160;

const ELLIPSIS = '…';
// Separators and punctuation that must not dangle at the end of a cut text.
const TRAILING_JUNK = /[\s,;:.!?|—–-]+$/u;

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
  /** Words that tell this page from a similar one ("арт. 1234"), never left out. */
  qualifier?: string;
  /**
   * Helpful words left out of the title when it would not fit {@link SEO_TITLE_MAX} otherwise
   * ("чёрный/белый"); descriptions keep them (before the qualifier).
   */
  detail?: string;
  /** 1-based page of a listing; 2+ adds "— страница N". */
  page?: number;
};

/** The shop's name as every title ends: " — Lumière" (issue #34 item 10: one form). */
export const TITLE_SUFFIX = ` — ${SITE_NAME}`;

/**
 * `title` without the shop's name at its end: the last part after a separator ("| Lumière Beach",
 * "— купить в интернет-магазине Lumière Beach", "— Lumière") when it names the shop; whitespace
 * collapsed. A title that is only the shop's name stays as it is.
 */
export function withoutShopTail(title: string): string {
  const clean = squash(title);
  const parts = /^(.*\S)\s+[|—–-]\s+(?!.*\s[|—–-]\s)(.+)$/u.exec(clean);
  if (!parts || !namesShop(parts[2] ?? '')) return clean;
  return withoutShopTail(parts[1] ?? clean);
}

/**
 * The whole `<title>` of a page (use it as Next's `title.absolute`): `title`, then the detail and
 * the qualifier after commas, then "— страница N" for N ≥ 2, then " — Lumière" — the shop's name in
 * one form (issue #34 item 10): whatever shop ending `title` brings ("| Lumière Beach",
 * "— купить в интернет-магазине Lumière Beach") is replaced by it, and a title that names the shop
 * itself ("Lumière Beach — купальники…") gets none. Titles are never cut («…» mid-phrase, issue
 * #34 item 10): to fit {@link SEO_TITLE_MAX} the shop's name is left out first, then the detail;
 * a title still longer keeps all its own words (Google shows what fits and sets no limit).
 * @example seoTitle('Купальники', { page: 2 }) === 'Купальники — страница 2 — Lumière'
 */
export function seoTitle(title: string, options: SeoTextOptions = {}): string {
  const base = withoutShopTail(title) || squash(title);
  const detail = options.detail ? `, ${squash(options.detail)}` : '';
  const rest = `${options.qualifier ? `, ${squash(options.qualifier)}` : ''}${pageSuffix(options.page)}`;
  const tail = namesShop(base) ? '' : TITLE_SUFFIX;
  const candidates = [`${base}${detail}${rest}${tail}`, `${base}${detail}${rest}`, `${base}${rest}`];
  return candidates.find((candidate) => candidate.length <= SEO_TITLE_MAX) ?? candidates[candidates.length - 1]!;
}

/**
 * A meta description: the detail and qualifier (first, so that they survive the cut), `text`, and
 * "— страница N." for N ≥ 2, at most {@link SEO_DESCRIPTION_MAX} characters, cut at a word.
 * @example seoDescription('Купальники в наличии.', { page: 3 }) === 'Купальники в наличии — страница 3.'
 */
export function seoDescription(text: string, options: SeoTextOptions = {}): string {
  const lead = [options.detail, options.qualifier].filter(Boolean).join(', ');
  const body = squash([lead, text].filter(Boolean).join('. '));
  const page = options.page && options.page > 1 ? `${pageSuffix(options.page)}.` : '';
  if (!page) return clampAtWord(body, SEO_DESCRIPTION_MAX);
  const cut = clampAtWord(body, SEO_DESCRIPTION_MAX - page.length);
  return `${cut.replace(TRAILING_JUNK, '')}${page}`;
}

/** " — страница N" for N ≥ 2, else "". */
function pageSuffix(page: number | undefined): string {
  return page && page > 1 ? ` — страница ${page}` : '';
}
