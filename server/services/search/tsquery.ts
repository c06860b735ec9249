/**
 * A tsquery evaluated over the catalogue index's lexeme postings (spec §7 search, issue #7: search
 * candidates narrowed before ranking), instead of `search_vector @@ query` in SQL.
 */
import type { CatalogIndex } from '../catalog-index';

/**
 * Products matching a tsquery given in its text form (`websearch_to_tsquery(...)::text`), from the
 * lexeme postings of the stored `search_vector`s: the same rows `search_vector @@ query` gives.
 * @returns a 0/1 array over dense indices, or null when the query uses what the postings cannot
 *   answer (phrase `<->`, prefix `:*`, weight labels) and the caller must ask SQL.
 */
export function matchTsquery(index: CatalogIndex, text: string): Uint8Array | null {
  const tokens = text.match(/'(?:[^']|'')*'(?::[*A-Da-d]+)?|<(?:-|\d+)>|[&|!()]/g) ?? [];
  if (tokens.some((t) => t.startsWith('<') || /':[*A-Da-d]+$/.test(t))) return null;
  let at = 0;
  const all = () => new Uint8Array(index.n);
  const lexeme = (token: string) => {
    const set = all();
    for (const i of index.lexemes.get(token.slice(1, -1).replace(/''/g, "'")) ?? []) set[i] = 1;
    return set;
  };
  const primary = (): Uint8Array => {
    const token = tokens[at++];
    if (token === '!') {
      const inner = primary();
      for (let i = 0; i < inner.length; i += 1) inner[i] = inner[i] ? 0 : 1;
      return inner;
    }
    if (token === '(') {
      const inner = or();
      at += 1; // ')'
      return inner;
    }
    if (token?.startsWith("'")) return lexeme(token);
    throw new Error(`unexpected tsquery token ${token}`);
  };
  const and = (): Uint8Array => {
    const left = primary();
    while (tokens[at] === '&') {
      at += 1;
      const right = primary();
      for (let i = 0; i < left.length; i += 1) left[i] = left[i]! & right[i]!;
    }
    return left;
  };
  const or = (): Uint8Array => {
    const left = and();
    while (tokens[at] === '|') {
      at += 1;
      const right = and();
      for (let i = 0; i < left.length; i += 1) left[i] = left[i]! | right[i]!;
    }
    return left;
  };
  if (tokens.length === 0) return all();
  try {
    const result = or();
    return at === tokens.length ? result : null;
  } catch {
    return null;
  }
}
