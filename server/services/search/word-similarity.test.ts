/**
 * pg_trgm's `word_similarity` in JS (./pg-trgm.ts `wordSimilarity`, used by the
 * typo search of spec §7 search so that issue #7's search budget needs no scoring query): equal,
 * to the float4 bit, to what the database returns — PGlite by default, PostgreSQL 15 with
 * TEST_DATABASE_URL — over the seeded product, brand, category and colour names against typo
 * queries, and over random strings; and the typo search built on it returns the same ranked ids
 * as the SQL-only search.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { mulberry32 } from '../../seed/prng';
import { createTestApi, type TestApi } from '../../test-utils';
import { catalogIndex } from '../catalog-index';
import { similarNames, trigramCandidates } from './name-trigrams';
import { wordSimilarity } from './pg-trgm';
import { searchProductIds, searchProductIdsSql } from './ranking';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api?.close();
});

/** Typo and odd queries: Cyrillic and Latin, several words, digits, one letter, no word at all. */
const QUERIES = [
  'купальнека',
  'платте',
  'кросовки',
  'маажи',
  'мааджи',
  'bikni',
  'maaji',
  'beach buny',
  'лули фама',
  'бич бани',
  'купальник слитный',
  'платье черное',
  'сумка кожанная',
  'футболка мужская хлопок',
  'босоножки на каблуке',
  'купальник купальник',
  'юбка-миди',
  'ёжик',
  'сандали',
  'tankini',
  'bound bond eye',
  'котазюр',
  'шорты 2024',
  '42',
  'xl',
  's',
  'и',
  'ку',
  'пла',
  'a',
  'ab',
  '!!!',
  '',
  '   ',
  '-',
  'купальнека!!!',
  'КУПАЛЬНЕКА',
  'İstanbul ΣΑΣ',
];

/** The database's `word_similarity` of each (query, text) pair, as numbers (float4 values). */
async function databaseSimilarities(queries: string[], texts: string[]): Promise<number[]> {
  const found = await rows<{ s: string | number }>(
    api.handle.db,
    sql`select word_similarity(q, t) as s
        from unnest(${`{${queries.map(quote).join(',')}}`}::text[], ${`{${texts.map(quote).join(',')}}`}::text[])
          with ordinality as x(q, t, n)
        order by n`,
  );
  return found.map((r) => Math.fround(Number(r.s)));
}

/** A text[] literal element. */
function quote(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

describe('wordSimilarity equals pg_trgm word_similarity', () => {
  it('on the seeded names (Latin and Cyrillic) against typo queries', async () => {
    const db = api.handle.db;
    const texts = (
      await rows<{ t: string }>(
        db,
        sql`select lower(name) as t from products union select lower(name) from brands union select lower(name_ru) from brands
            union select name from categories union select name from colors`,
      )
    ).map((r) => r.t);
    expect(texts.length).toBeGreaterThan(50);
    expect(texts.some((t) => /[a-z]/.test(t)) && texts.some((t) => /[а-я]/.test(t))).toBe(true);
    const qs = QUERIES.flatMap((q) => texts.map(() => q));
    const ts = QUERIES.flatMap(() => texts);
    const expected = await databaseSimilarities(qs, ts);
    const actual = qs.map((q, i) => wordSimilarity(q, ts[i]!));
    const differing = actual.flatMap((s, i) =>
      s === expected[i] ? [] : [{ q: qs[i], t: ts[i], js: s, db: expected[i] }],
    );
    expect(differing.slice(0, 5)).toEqual([]);
    // The pairs reach the interesting range: matches above the 0.6 threshold, partial ones and zeros.
    expect(expected.some((s) => s >= 0.6 && s < 1)).toBe(true);
    expect(expected.some((s) => s > 0 && s < 0.6)).toBe(true);
  });

  it('on random strings with repeated trigrams (every branch of iterate_word_similarity)', async () => {
    const rnd = mulberry32(11);
    const alphabet = ['а', 'б', 'в', 'a', 'b', ' ', '-', '1', 'Я'];
    const text = (most: number) =>
      Array.from({ length: Math.floor(rnd() * most) }, () => alphabet[Math.floor(rnd() * alphabet.length)]).join('');
    const qs = Array.from({ length: 3000 }, () => text(9));
    const ts = Array.from({ length: 3000 }, () => text(32));
    const expected = await databaseSimilarities(qs, ts);
    const differing = qs.flatMap((q, i) => {
      const s = wordSimilarity(q, ts[i]!);
      return s === expected[i] ? [] : [{ q, t: ts[i], js: s, db: expected[i] }];
    });
    expect(differing.slice(0, 5)).toEqual([]);
  });

  it('scores the index names like the database filters them with <%', async () => {
    const db = api.handle.db;
    const index = await catalogIndex(db);
    for (const q of ['купальнека', 'платте', 'кросовки', 'bikni', 'и']) {
      const expected = await rows<{ n: string; s: number | string }>(
        db,
        sql`select n, word_similarity(${q}, n) as s from unnest(${`{${index.names.map(quote).join(',')}}`}::text[]) n
            where ${q} <% n order by n`,
      );
      const actual = similarNames(index, q, 0.6).map(({ name, score }) => ({ n: index.names[name]!, s: score }));
      actual.sort((a, b) => (a.n < b.n ? -1 : a.n > b.n ? 1 : 0));
      expected.sort((a, b) => (a.n < b.n ? -1 : a.n > b.n ? 1 : 0));
      expect(actual, q).toEqual(expected.map((r) => ({ n: r.n, s: Math.fround(Number(r.s)) })));
      // The trigram bound never drops a name that reaches the threshold.
      const candidates = new Set(trigramCandidates(index, q, 0.6));
      for (const { n } of expected) expect(candidates.has(index.nameIndex.get(n)!), `${q} / ${n}`).toBe(true);
    }
  });
});

describe('typo search on the JS similarity', () => {
  it('returns the same ranked ids as the SQL-only search', async () => {
    const db = api.handle.db;
    for (const text of [
      'купальнека',
      'платте',
      'кросовки',
      'Маажи',
      'bikni',
      'бич бани',
      'лули фам',
      'мааджи',
      'zzzzqqqxx',
      '!!!',
    ]) {
      expect(await searchProductIds(db, text), text).toEqual(await searchProductIdsSql(db, text));
    }
    expect((await searchProductIds(db, 'купальнека')).length).toBeGreaterThan(0);
  });
});
