/**
 * The order sizes are shown in (issue #28 "Sizes are sorted in size order (RU numbers, INT letters,
 * shoe sizes)"): a picker, a facet or a feed lists «XS, S, M, L» and «36, 38, 40», never the order
 * an exchange happened to send them in («38, 40, …, 36»).
 *
 * A size name is read as one of, in this order of groups:
 * 1. international letters: XXS < XS < S < M < L < XL < XXL (= 2XL) < 3XL …, also «S/M», «M-L»;
 * 2. numbers: Russian clothing sizes (40–62), shoe sizes (34–46, halves «37,5»), children's
 *    heights («110», «110 см», «104-110»), ranges «42-44» (by the first), bra sizes «75B» (band,
 *    then cup letter);
 * 3. anything else (ONE SIZE, «универсальный»), in alphabetical order, last.
 */

const LETTER_SIZES = ['XXXS', 'XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL', 'XXXXL', 'XXXXXL'] as const;

/** «3XL» → «XXXL», «2xs» → «XXS»; other strings upper-cased and trimmed. */
function expandLetters(token: string): string {
  const t = token.trim().toUpperCase();
  const m = /^(\d)(XS|XL)$/.exec(t);
  return m ? 'X'.repeat(Number(m[1]) - 1) + m[2] : t;
}

/** Sort key of a size name: [group, primary, secondary, text]. */
function sizeKey(name: string): [number, number, number, string] {
  const raw = name.replace(/\s+/g, ' ').trim();
  const upper = raw.toUpperCase();
  const first = upper.split(/\s*[/\-–]\s*/)[0] ?? upper;
  const letter = LETTER_SIZES.indexOf(expandLetters(first) as (typeof LETTER_SIZES)[number]);
  if (letter >= 0) {
    const second = upper.split(/\s*[/\-–]\s*/)[1];
    const secondIdx = second ? LETTER_SIZES.indexOf(expandLetters(second) as (typeof LETTER_SIZES)[number]) : -1;
    return [0, letter, secondIdx, upper];
  }
  const num = /^(\d+(?:[.,]\d+)?)\s*([A-Z]{1,2}|[А-Я]{1,2})?(?=$|[\s/\-–]|СМ|CM)/.exec(upper);
  if (num) {
    const value = Number(num[1]!.replace(',', '.'));
    const cup = num[2] ? num[2].charCodeAt(0) * 10 + (num[2].length > 1 ? num[2].charCodeAt(1) - 64 : 0) : 0;
    return [1, value, cup, upper];
  }
  return [2, 0, 0, upper];
}

/**
 * Compares two size names for sorting (`sizes.sort(compareSizes)`): letters before numbers before
 * anything else; within a group by size, then by the text.
 */
export function compareSizes(a: string, b: string): number {
  const ka = sizeKey(a);
  const kb = sizeKey(b);
  for (let i = 0; i < 3; i++) if (ka[i] !== kb[i]) return (ka[i] as number) - (kb[i] as number);
  return ka[3].localeCompare(kb[3], 'ru');
}

/** A sorted copy of `sizes` (see {@link compareSizes}). */
export function sortSizes<T extends string>(sizes: readonly T[]): T[] {
  return [...sizes].sort(compareSizes);
}
