/**
 * Product search of the shop API (spec §7 search, issue #7), where a newcomer looks for it:
 * - ranking.ts: {@link searchProductIds}, the ranked ids of a query (full text, then typos), and
 *   its SQL-only reference {@link searchProductIdsSql};
 * - tsquery.ts: a `websearch_to_tsquery` result evaluated over the catalogue index's postings;
 * - pg-trgm.ts: pg_trgm's trigrams and `word_similarity`, ported from PostgreSQL 15 to JS;
 * - name-trigrams.ts: typo candidates and scores over the index's product names.
 * The index itself (build, freshness, filters, facet counts) is server/services/catalog-index/.
 */
export { nameTrigrams, similarNames, trigramCandidates, type NameTrigrams } from './name-trigrams';
export { trigramKeys, wordSimilarity } from './pg-trgm';
export { SEARCH_CANDIDATES, SEARCH_RESULTS, searchProductIds, searchProductIdsSql } from './ranking';
export { matchTsquery } from './tsquery';
