/**
 * A port of PostgreSQL 15's pg_trgm word similarity (contrib/pg_trgm/trgm_op.c) to JS, giving the
 * same float4 values as the database (./word-similarity.test.ts compares them), so typo search
 * (spec §7 search, issue #7) scores names without a round trip.
 */

/**
 * A word of pg_trgm: a run of characters that are `t_isalpha || t_isdigit` (contrib/pg_trgm/trgm.h
 * `ISWORDCHR`, PostgreSQL 15), i.e. glibc's `iswalpha || iswdigit` under the database's `C.UTF-8`
 * ctype. Checked over all code points against the PostgreSQL 15 of CI (Debian 12, glibc 2.36):
 * every word character of PostgreSQL is Alphabetic or a decimal digit in Unicode; the other way
 * round only characters assigned after glibc's Unicode tables (CJK extensions H and I, …) and 35
 * combining marks (U+0363–036F, U+1DD3–1DE6, U+0F82–0F83) that later Unicode made Alphabetic differ.
 * (`[\p{L}\p{N}]` missed ~1,400 marks PostgreSQL counts and took "²", "½" for word characters.)
 */
const TRGM_WORD = /[\p{Alphabetic}\p{Nd}]+/gu;

/** PostgreSQL's `pg_crc32_table` (src/backend/utils/hash/pg_crc.c): the CRC-32 table of 0xEDB88320. */
const CRC_TABLE = (() => {
  const table = new Int32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c;
  }
  return table;
})();

/** One byte into a LEGACY CRC-32 (src/include/utils/pg_crc.h `COMP_LEGACY_CRC32`: that table, shifted left). */
function crcByte(crc: number, byte: number): number {
  return CRC_TABLE[((crc >>> 24) ^ byte) & 0xff]! ^ (crc << 8);
}

/** The UTF-8 bytes of a code point into a LEGACY CRC-32. */
function crcCodePoint(crc: number, cp: number): number {
  if (cp < 0x80) return crcByte(crc, cp);
  if (cp < 0x800) return crcByte(crcByte(crc, 0xc0 | (cp >> 6)), 0x80 | (cp & 0x3f));
  if (cp < 0x10000) {
    return crcByte(crcByte(crcByte(crc, 0xe0 | (cp >> 12)), 0x80 | ((cp >> 6) & 0x3f)), 0x80 | (cp & 0x3f));
  }
  crc = crcByte(crcByte(crc, 0xf0 | (cp >> 18)), 0x80 | ((cp >> 12) & 0x3f));
  return crcByte(crcByte(crc, 0x80 | ((cp >> 6) & 0x3f)), 0x80 | (cp & 0x3f));
}

/**
 * A trigram as pg_trgm stores it (`compact_trigram`, contrib/pg_trgm/trgm_op.c): three bytes, the
 * characters themselves when all three are single-byte, else the first three bytes in memory
 * (x86/ARM: the low ones) of the LEGACY CRC-32 of its UTF-8 bytes; here read as a 24-bit integer.
 * Two trigrams are equal exactly when PostgreSQL's are, hash collisions included.
 */
function trigramKey(a: number, b: number, c: number): number {
  if (a < 0x80 && b < 0x80 && c < 0x80) return a | (b << 8) | (c << 16);
  const crc = ~crcCodePoint(crcCodePoint(crcCodePoint(-1, a), b), c);
  return crc & 0xffffff;
}

/**
 * A word lower-cased as pg_trgm does it (`lowerstr_with_len`: `towlower` on each character): like
 * `toLowerCase()` except that "İ" becomes "i" and a final "Σ" "σ" (the only context or length
 * changes of the JS mapping).
 */
function lowerWord(word: string): string {
  if (!/[\u0130\u03a3]/.test(word)) return word.toLowerCase();
  let out = '';
  for (const ch of word) out += ch === '\u0130' ? 'i' : ch === '\u03a3' ? '\u03c3' : ch.toLowerCase();
  return out;
}

/**
 * pg_trgm's trigrams of a text in order, duplicates kept (`generate_trgm_only`,
 * contrib/pg_trgm/trgm_op.c): each word (see {@link TRGM_WORD}) lower-cased and padded
 * "  word ", then every three consecutive characters, as {@link trigramKey} integers.
 */
export function trigramKeys(text: string): number[] {
  const out: number[] = [];
  for (const word of text.match(TRGM_WORD) ?? []) {
    const cps = [32, 32];
    for (const ch of lowerWord(word)) cps.push(ch.codePointAt(0)!);
    cps.push(32);
    for (let k = 0; k + 3 <= cps.length; k += 1) out.push(trigramKey(cps[k]!, cps[k + 1]!, cps[k + 2]!));
  }
  return out;
}

/** pg_trgm's `CALCSML` (contrib/pg_trgm/trgm.h): `count / (len1 + len2 - count)` in float4. */
function calcSml(count: number, len1: number, len2: number): number {
  return Math.fround(count / (len1 + len2 - count));
}

/**
 * pg_trgm's `iterate_word_similarity` (contrib/pg_trgm/trgm_op.c, plain word similarity, not
 * CHECK_ONLY), line for line: the best similarity of the query with any extent of the text.
 * @param trg2 the text's trigrams from `from`, `len2` of them, each a slot (dense trigram index)
 * @param found per slot: whether the query has that trigram
 * @param lastpos per slot, all -1 on entry (scratch)
 * @param ulen1 distinct trigrams of the query
 */
export function iterateWordSimilarity(
  trg2: ArrayLike<number>,
  from: number,
  len2: number,
  found: Uint8Array,
  lastpos: Int32Array,
  ulen1: number,
): number {
  let ulen2 = 0;
  let count = 0;
  let upper = -1;
  let lower = -1;
  let smlrMax = 0;
  for (let i = 0; i < len2; i += 1) {
    const t = trg2[from + i]!;
    if (lower >= 0 || found[t]) {
      if (lastpos[t]! < 0) {
        ulen2 += 1;
        if (found[t]) count += 1;
      }
      lastpos[t] = i;
    }
    if (!found[t]) continue;
    upper = i;
    if (lower === -1) {
      lower = i;
      ulen2 = 1;
    }
    let smlrCur = calcSml(count, ulen1, ulen2);
    // Also try to raise the lower bound for a greater similarity.
    let tmpCount = count;
    let tmpUlen2 = ulen2;
    const prevLower = lower;
    for (let tmpLower = lower; tmpLower <= upper; tmpLower += 1) {
      const smlrTmp = calcSml(tmpCount, ulen1, tmpUlen2);
      if (smlrTmp > smlrCur) {
        smlrCur = smlrTmp;
        ulen2 = tmpUlen2;
        lower = tmpLower;
        count = tmpCount;
      }
      const tt = trg2[from + tmpLower]!;
      if (lastpos[tt] === tmpLower) {
        tmpUlen2 -= 1;
        if (found[tt]) tmpCount -= 1;
      }
    }
    smlrMax = smlrMax > smlrCur ? smlrMax : smlrCur;
    for (let tmpLower = prevLower; tmpLower < lower; tmpLower += 1) {
      const tt = trg2[from + tmpLower]!;
      if (lastpos[tt] === tmpLower) lastpos[tt] = -1;
    }
  }
  return smlrMax;
}

/**
 * pg_trgm's `word_similarity(query, text)` computed in JS (search typos, spec §7 search, issue #7:
 * no scoring round trip to PostgreSQL). A port of `calc_word_similarity` and
 * `iterate_word_similarity` of contrib/pg_trgm/trgm_op.c (PostgreSQL 15): the greatest
 * `common / (query trigrams + extent trigrams − common)` over the extents of `text`, in float4.
 * @returns a float4 value (`Math.fround`) in [0, 1], equal to what PostgreSQL returns for the same
 *   strings (./word-similarity.test.ts); 0 when either has no word.
 */
export function wordSimilarity(query: string, text: string): number {
  const wanted = new Set(trigramKeys(query));
  const { slots, distinct } = positionalTrigrams(text);
  const found = Uint8Array.from(distinct, (key) => (wanted.has(key) ? 1 : 0));
  return iterateWordSimilarity(slots, 0, slots.length, found, new Int32Array(distinct.length).fill(-1), wanted.size);
}

/**
 * A text's trigrams ({@link trigramKeys}) as `iterateWordSimilarity` reads them: per position a
 * slot, the index of that trigram among the text's distinct ones, and the distinct keys by slot.
 */
export function positionalTrigrams(text: string): { slots: number[]; distinct: number[] } {
  const slotOf = new Map<number, number>();
  const slots: number[] = [];
  for (const key of trigramKeys(text)) {
    let slot = slotOf.get(key);
    if (slot === undefined) {
      slot = slotOf.size;
      slotOf.set(key, slot);
    }
    slots.push(slot);
  }
  return { slots, distinct: [...slotOf.keys()] };
}
