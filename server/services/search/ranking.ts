/**
 * Search ranking (spec §7 `GET /v1/search/{query}/`, issue #7): the ranked product ids of a
 * Russian query, from the catalogue index's postings and trigrams, with {@link searchProductIdsSql}
 * as the SQL-only reference.
 */
import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import { catalogIndex, catalogIndexEnabled, type CatalogIndex } from '../catalog-index';
import { similarNames } from './name-trigrams';
import { wordSimilarity } from './pg-trgm';
import { matchTsquery } from './tsquery';

/** Most full-text matches ranked per query: the most popular ones (issue #7 candidate narrowing). */
export const SEARCH_CANDIDATES = 2000;
/** Most results of a query (the `count` of a search page never exceeds it). */
export const SEARCH_RESULTS = 1000;

/**
 * Ranked product ids for a Russian query (spec §7 search), at most {@link SEARCH_RESULTS}.
 *
 * 0. Issue #28: the products whose article is the query typed exactly ({@link articleMatches})
 *    come first, with either path below (an indexed lookup inside the query that parses the
 *    text with the index, one more query in SQL only); the importer also puts the article into
 *    `search_text`, where full text finds it among the rest.
 * 1. Full text with the `russian` configuration (morphology: "купальники" finds "купальник";
 *    Cyrillic brand spellings are part of `search_text`) on the stored, indexed `search_vector`:
 *    the {@link SEARCH_CANDIDATES} most popular matches are ranked by `ts_rank`, where a word of
 *    the product name (weight A) counts more than a brand, category or colour word (weight B).
 * 2. Only when full text finds nothing (a typo: "купальнека"), trigram word similarity
 *    (`q <% lower(name)`) on the short product names and on brand names (Latin and Cyrillic): up to
 *    {@link SEARCH_RESULTS} candidates, ranked by similarity, then popularity.
 *
 * Issue #7 budget: p95 under 30 ms with 100,000 products (scripts/bench-catalog.ts). The
 * candidates are narrowed in the catalogue index (server/services/catalog-index/):
 * - full text: PostgreSQL only parses the query (`websearch_to_tsquery`; the same query reads
 *   `pg_trgm.word_similarity_threshold`); the matching products come from the index's lexeme
 *   postings of the stored `search_vector` (phrase and prefix queries go to SQL), the
 *   {@link SEARCH_CANDIDATES} most popular are ranked by `ts_rank` in SQL by primary key;
 * - typos: no further query. pg_trgm's `word_similarity` is computed in JS (`similarNames`, a
 *   port of contrib/pg_trgm/trgm_op.c giving PostgreSQL's float4 values) for the distinct
 *   lower-cased product names (≈ 6,400 for 100k products) that share enough trigrams with the
 *   query, and for the brands' `lower(name)` / `lower(name_ru)`; the best {@link SEARCH_RESULTS}
 *   products of the names reaching the threshold (similarity, then popularity) and of the
 *   matching brands (similarity 0.5) are merged. (The SQL took any 1,000 rows matching by name,
 *   in table order, before ranking; the index takes the 1,000 best — same set whenever fewer
 *   than 1,000 products match, the test database's case.)
 * {@link searchProductIdsSql} is the same search in SQL only (when `CATALOG_INDEX=off`).
 */
export async function searchProductIds(db: Db, query: string): Promise<number[]> {
  if (!catalogIndexEnabled()) return searchProductIdsSql(db, query);
  const q = query.trim().toLowerCase().slice(0, 200);
  if (!q) return [];
  const index = await catalogIndex(db);
  // The article lookup rides on the query that parses the text: no extra round trip (≈ 2 ms each
  // on PGlite) for the article matches.
  const byArticle = articleQuery(query);
  const [parsed] = await rows<{ tsq: string; threshold: string | number | null; article_ids: unknown }>(
    db,
    sql`select websearch_to_tsquery('russian', ${q})::text as tsq,
               current_setting('pg_trgm.word_similarity_threshold', true) as threshold,
               ${byArticle ? sql`array(${byArticle})` : sql`null::int[]`} as article_ids`,
  );
  return withExactFirst(idList(parsed?.article_ids), await searchIndexed(db, query, q, index, parsed));
}

/** An `int[]` as the driver returns it: a JS array (node-postgres, PGlite) or its text `{1,2}`. */
function idList(value: unknown): number[] {
  if (Array.isArray(value)) return value.map(Number);
  if (typeof value === 'string' && value.length > 2) return value.replace(/[{}]/g, '').split(',').map(Number);
  return [];
}

/** Most products an article matches (an article names one model; demo ids add at most one). */
const ARTICLE_MATCHES = 50;

/**
 * Products whose article is the query typed exactly (issue #28 "The retailer's article is shown
 * and searchable"): `products.article` equal to the query, trimmed with inner spaces collapsed, as
 * typed, upper-cased or lower-cased («ab-123/45» finds «AB-123/45»; an article stored in mixed case
 * is found as typed), read through the `products_article_idx` btree; and, for goods without an
 * article (the demo catalogue, whose page shows «Артикул: <id>»), the product whose id is the
 * query when it is all digits. Retailer articles first, then by popularity.
 * @returns product ids, at most {@link ARTICLE_MATCHES}; [] for an empty query.
 */
export async function articleMatches(db: Db, query: string): Promise<number[]> {
  const select = articleQuery(query);
  if (!select) return [];
  const found = await rows<{ id: number }>(db, select);
  return found.map((r) => Number(r.id));
}

/** The `select id …` of {@link articleMatches}; null for an empty query. */
function articleQuery(query: string): SQL | null {
  const typed = query.replace(/\s+/g, ' ').trim().slice(0, 200);
  if (!typed) return null;
  const variants = [...new Set([typed, typed.toUpperCase(), typed.toLowerCase()])];
  const byId = /^\d{1,9}$/.test(typed) ? sql` or (article is null and id = ${Number(typed)})` : sql``;
  return sql`select id from products
        where article in (${sql.join(
          variants.map((v) => sql`${v}`),
          sql`, `,
        )})${byId}
        order by article is null, popularity desc, id
        limit ${ARTICLE_MATCHES}`;
}

/** `exact` first, then `ranked` without them, at most {@link SEARCH_RESULTS}. */
function withExactFirst(exact: number[], ranked: number[]): number[] {
  if (exact.length === 0) return ranked;
  const seen = new Set(exact);
  return [...exact, ...ranked.filter((id) => !seen.has(id))].slice(0, SEARCH_RESULTS);
}

/**
 * {@link searchProductIds} over the index without the article matches: full text, then typos.
 * `q` is the trimmed, lower-cased query; `parsed` its tsquery text and the trigram threshold.
 */
async function searchIndexed(
  db: Db,
  query: string,
  q: string,
  index: CatalogIndex,
  parsed: { tsq: string; threshold: string | number | null } | undefined,
): Promise<number[]> {
  const matched = matchTsquery(index, parsed?.tsq ?? '');
  if (!matched) return searchByTextSql(db, query);
  const candidates = mostPopular(index, matched, SEARCH_CANDIDATES);
  if (candidates.length > 0) {
    const idArray = `{${candidates.map((i) => index.ids[i]).join(',')}}`;
    const ranked = await rows<{ id: number }>(
      db,
      sql`select p.id from products p where p.id = any(${idArray}::int[])
          order by ts_rank(p.search_vector, websearch_to_tsquery('russian', ${q})) desc, p.popularity desc, p.id
          limit ${SEARCH_RESULTS}`,
    );
    return ranked.map((r) => Number(r.id));
  }
  // pg_trgm.word_similarity_threshold as PostgreSQL has it (null until pg_trgm is loaded: the default).
  const setting = parsed?.threshold;
  const threshold =
    setting === null || setting === undefined || setting === '' || Number.isNaN(Number(setting))
      ? 0.6
      : Number(setting);
  const score = new Map<number, number>();
  // Products of the names `q <% lower(name)` finds, best similarity first, popularity within one
  // similarity: one walk of the popularity order per distinct similarity value, until
  // SEARCH_RESULTS are taken.
  const bySimilarity = new Map<number, number[]>();
  for (const { name, score: s } of similarNames(index, q, threshold)) {
    const list = bySimilarity.get(s);
    if (list) list.push(name);
    else bySimilarity.set(s, [name]);
  }
  for (const s of [...bySimilarity.keys()].sort((a, b) => b - a)) {
    if (score.size >= SEARCH_RESULTS) break;
    const members = new Uint8Array(index.n);
    for (const k of bySimilarity.get(s)!) for (const i of index.nameMembers[k] ?? []) members[i] = 1;
    for (const i of mostPopular(index, members, SEARCH_RESULTS - score.size)) score.set(i, s);
  }
  // Brands `q <% lower(b.name) or q <% lower(b.name_ru)` finds.
  const ranks = new Set<number>();
  index.brandNames.forEach((names, k) => {
    if (names.some((name) => wordSimilarity(q, name) >= threshold)) ranks.add(k);
  });
  if (ranks.size) {
    const inBrands = new Uint8Array(index.n);
    for (let i = 0; i < index.n; i += 1) if (ranks.has(index.brandOf[i]!)) inBrands[i] = 1;
    for (const i of mostPopular(index, inBrands, SEARCH_RESULTS)) score.set(i, Math.max(score.get(i) ?? 0, 0.5));
  }
  return [...score]
    .sort((a, b) => b[1] - a[1] || index.popRank[a[0]]! - index.popRank[b[0]]!)
    .slice(0, SEARCH_RESULTS)
    .map(([i]) => index.ids[i]!);
}

/**
 * {@link searchProductIds} in SQL only (before issue #7's index narrowed the candidates): the
 * article matches first, then full text, then typos.
 */
export async function searchProductIdsSql(db: Db, query: string): Promise<number[]> {
  const [exact, found] = await Promise.all([articleMatches(db, query), searchByTextSql(db, query)]);
  return withExactFirst(exact, found);
}

/** {@link searchProductIdsSql} without the article matches. */
async function searchByTextSql(db: Db, query: string): Promise<number[]> {
  const q = query.trim().toLowerCase().slice(0, 200);
  if (!q) return [];
  const found = await rows<{ id: number }>(
    db,
    sql`with hits as (
          select p.id, p.popularity, p.search_vector
          from products p
          where p.search_vector @@ websearch_to_tsquery('russian', ${q})
          order by p.popularity desc, p.id
          limit ${SEARCH_CANDIDATES}
        )
        select id from hits
        order by ts_rank(search_vector, websearch_to_tsquery('russian', ${q})) desc, popularity desc, id
        limit ${SEARCH_RESULTS}`,
  );
  if (found.length > 0) return found.map((r) => r.id);
  const similar = await rows<{ id: number }>(
    db,
    sql`with by_name as (
          select p.id, p.popularity, word_similarity(${q}, lower(p.name)) as score
          from products p
          where ${q} <% lower(p.name)
          limit ${SEARCH_RESULTS}
        ), by_brand as (
          select p.id, p.popularity, 0.5 as score
          from products p
          where p.brand_id in (select b.id from brands b where ${q} <% lower(b.name) or ${q} <% lower(b.name_ru))
          order by p.popularity desc
          limit ${SEARCH_RESULTS}
        )
        select id from (select * from by_name union all select * from by_brand) c
        group by id, popularity
        order by max(score) desc, popularity desc, id
        limit ${SEARCH_RESULTS}`,
  );
  return similar.map((r) => r.id);
}

/** The first `most` products of `set` in popularity order (popularity desc, id), as dense indices. */
export function mostPopular(index: CatalogIndex, set: Uint8Array, most: number): number[] {
  const out: number[] = [];
  const order = index.orders.popular;
  for (let j = 0; j < order.length && out.length < most; j += 1) if (set[order[j]!]) out.push(order[j]!);
  return out;
}
