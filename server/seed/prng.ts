/**
 * Seeded pseudo-random numbers for the demo catalogue (the seed must be deterministic: same seed,
 * same data; `Math.random` is never used).
 */

/** A seeded random source with the helpers the generator needs. */
export interface Rng {
  /** Uniform float in [0, 1). */
  next(): number;
  /** Uniform integer in [min, max] (both inclusive). */
  int(min: number, max: number): number;
  /** True with probability `p` (0..1). */
  chance(p: number): boolean;
  /** One element of a non-empty list. */
  pick<T>(list: readonly T[]): T;
  /** One element, chosen with the given non-negative weights (same length as `list`). */
  weighted<T>(list: readonly T[], weights: readonly number[]): T;
  /** `count` distinct elements (fewer if the list is shorter), in random order. */
  sample<T>(list: readonly T[], count: number): T[];
}

/**
 * mulberry32: a 32-bit state PRNG, fast and good enough for demo data.
 * @param seed any integer; it is reduced to 32 bits.
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Mixes integers into one 32-bit seed (so product N has its own stream whatever the catalogue
 * size: product 7 is the same with 200 or 100 000 products).
 */
export function mixSeed(...parts: number[]): number {
  let h = 0x811c9dc5;
  for (const p of parts) {
    h = Math.imul(h ^ (p >>> 0), 0x01000193) >>> 0;
    h ^= h >>> 13;
    h = Math.imul(h, 0x5bd1e995) >>> 0;
    h ^= h >>> 15;
  }
  return h >>> 0;
}

/** Builds an {@link Rng} from a seed. */
export function createRng(seed: number): Rng {
  const next = mulberry32(seed);
  const rng: Rng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: <T>(list: readonly T[]): T => {
      if (list.length === 0) throw new Error('pick from an empty list');
      return list[Math.floor(next() * list.length)] as T;
    },
    weighted: <T>(list: readonly T[], weights: readonly number[]): T => {
      let total = 0;
      for (const w of weights) total += w;
      let r = next() * total;
      for (let i = 0; i < list.length; i++) {
        r -= weights[i] ?? 0;
        if (r < 0) return list[i] as T;
      }
      return list[list.length - 1] as T;
    },
    sample: <T>(list: readonly T[], count: number): T[] => {
      const copy = list.slice();
      const n = Math.min(count, copy.length);
      for (let i = 0; i < n; i++) {
        const j = i + Math.floor(next() * (copy.length - i));
        const tmp = copy[i] as T;
        copy[i] = copy[j] as T;
        copy[j] = tmp;
      }
      return copy.slice(0, n);
    },
  };
  return rng;
}
