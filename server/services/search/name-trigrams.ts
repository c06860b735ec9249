/**
 * Typo search over the catalogue index's distinct product names (spec §7 search, issue #7): each
 * name's pg_trgm trigrams, cached with the index, an inverted list for candidates, and the word
 * similarity of ./pg-trgm.ts on the candidates.
 */
import { iterateWordSimilarity, positionalTrigrams, trigramKeys } from './pg-trgm';
import type { CatalogIndex } from '../catalog-index';

/** The trigrams of `CatalogIndex.names`, positional for word similarity and inverted for candidates. */
export interface NameTrigrams {
  /** Trigram key → indices into `names` having it (ascending). */
  postings: Map<number, Int32Array>;
  /** Name k's trigrams in order are `slots[start[k] .. start[k + 1])`, each a slot into its distinct ones. */
  start: Int32Array;
  slots: Int32Array;
  /** Name k's distinct trigram keys, by slot, are `keys[keyStart[k] .. keyStart[k + 1])`. */
  keyStart: Int32Array;
  keys: Int32Array;
  /** Most distinct trigrams of one name (scratch size). */
  widest: number;
}

const EMPTY: NameTrigrams = {
  postings: new Map(),
  start: new Int32Array(1),
  slots: new Int32Array(0),
  keyStart: new Int32Array(1),
  keys: new Int32Array(0),
  widest: 0,
};

/** The trigrams of every name, built once per index (by `buildCatalogIndex`). */
export function nameTrigrams(index: CatalogIndex): NameTrigrams {
  index.nameTrigrams ??= appendTrigrams(EMPTY, index.names, 0);
  return index.nameTrigrams;
}

/** `base` (the trigrams of `names[0 .. from)`) plus those of `names[from ..]`; `base` is not changed. */
function appendTrigrams(base: NameTrigrams, names: string[], from: number): NameTrigrams {
  const start = new Int32Array(names.length + 1);
  start.set(base.start);
  const keyStart = new Int32Array(names.length + 1);
  keyStart.set(base.keyStart);
  const slots = Array.from(base.slots);
  const keys = Array.from(base.keys);
  const lists = new Map<number, number[]>();
  let widest = base.widest;
  for (let k = from; k < names.length; k += 1) {
    const positional = positionalTrigrams(names[k]!);
    for (const slot of positional.slots) slots.push(slot);
    for (const key of positional.distinct) {
      keys.push(key);
      const list = lists.get(key);
      if (list) list.push(k);
      else lists.set(key, [k]);
    }
    widest = Math.max(widest, positional.distinct.length);
    start[k + 1] = slots.length;
    keyStart[k + 1] = keys.length;
  }
  const postings = new Map(base.postings);
  for (const [key, list] of lists) {
    const before = postings.get(key);
    const merged = new Int32Array((before?.length ?? 0) + list.length);
    if (before) merged.set(before);
    merged.set(list, before?.length ?? 0);
    postings.set(key, merged);
  }
  return { postings, start, slots: Int32Array.from(slots), keyStart, keys: Int32Array.from(keys), widest };
}

/**
 * Names (indices into `index.names`) that can reach word similarity `threshold` with `query`:
 * word_similarity = common / (|query trigrams| + |extent| − common) ≤ (query trigrams found in the
 * name) / |query trigrams|, and float4 rounding keeps that order, so names below that bound are
 * left out before {@link similarNames} scores the rest.
 */
export function trigramCandidates(index: CatalogIndex, query: string, threshold: number): number[] {
  const { postings } = nameTrigrams(index);
  const wanted = new Set(trigramKeys(query));
  if (wanted.size === 0) return threshold <= 0 ? index.names.map((_, k) => k) : []; // word_similarity is then 0
  const hits = new Uint16Array(index.names.length);
  for (const t of wanted) for (const k of postings.get(t) ?? []) hits[k]! += 1;
  const out: number[] = [];
  for (let k = 0; k < hits.length; k += 1) if (Math.fround(hits[k]! / wanted.size) >= threshold) out.push(k);
  return out;
}

/**
 * The names of the index whose word similarity with `query` is at least `threshold`, i.e. those
 * `query <% name` finds (pg_trgm's `word_similarity(query, lower(name))`, computed in JS by
 * {@link wordSimilarity}'s algorithm on each name's cached trigrams; spec §7 search, issue #7).
 * @returns indices into `index.names` and their similarities (float4 values), in name order.
 */
export function similarNames(
  index: CatalogIndex,
  query: string,
  threshold: number,
): Array<{ name: number; score: number }> {
  const grams = nameTrigrams(index);
  const wanted = new Set(trigramKeys(query));
  const found = new Uint8Array(grams.widest);
  const lastpos = new Int32Array(grams.widest);
  const out: Array<{ name: number; score: number }> = [];
  for (const k of trigramCandidates(index, query, threshold)) {
    const first = grams.keyStart[k]!;
    const width = grams.keyStart[k + 1]! - first;
    for (let s = 0; s < width; s += 1) found[s] = wanted.has(grams.keys[first + s]!) ? 1 : 0;
    lastpos.fill(-1, 0, width);
    const from = grams.start[k]!;
    const score = iterateWordSimilarity(grams.slots, from, grams.start[k + 1]! - from, found, lastpos, wanted.size);
    if (score >= threshold) out.push({ name: k, score });
  }
  return out;
}

/**
 * The name trigrams of `index` plus those of `names` past `index.names` (names a patch appended;
 * ../catalog-index/patch.ts). The same object when nothing was appended.
 */
export function extendNameTrigrams(index: CatalogIndex, names: string[]): NameTrigrams {
  const old = nameTrigrams(index);
  return names.length === index.names.length ? old : appendTrigrams(old, names, index.names.length);
}
