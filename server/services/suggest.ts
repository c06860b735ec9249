/**
 * Header search suggestions (spec §2 Layout "Search bar"): up to 5 categories, 5 brands and
 * 6 products for the text typed so far. Categories and brands match by prefix/substring or by
 * trigram word similarity (typos, Cyrillic brand spellings "Маажи" → Maaji); products use the same
 * ranked search as /v1/search/ (russian full text + pg_trgm).
 */
import { sql } from 'drizzle-orm';
import type { Suggestions } from '@/lib/api/contract/facets';
import { rows, type Db } from '../db/client';
import { loadCards } from './catalog';
import { searchProductIds } from './search';

/** Similarity above which a category or brand name counts as a match (0..1). */
const NAME_SIMILARITY = 0.45;

/** Suggestions for `query` (already trimmed, 1–100 characters). */
export async function suggest(db: Db, query: string): Promise<Suggestions> {
  const q = query.trim().toLowerCase();
  const like = `%${q.replace(/[%_\\]/g, (ch) => `\\${ch}`)}%`;
  const [categories, brands, ids] = await Promise.all([
    rows<{ path: string; name: string }>(
      db,
      sql`select path, name from categories
          where lower(name) like ${like} or word_similarity(${q}, lower(name)) > ${NAME_SIMILARITY}
          order by word_similarity(${q}, lower(name)) desc, level, sort, id limit 5`,
    ),
    rows<{ name: string; slug: string }>(
      db,
      sql`select name, slug from brands
          where lower(name) like ${like} or lower(name_ru) like ${like}
             or word_similarity(${q}, lower(name)) > ${NAME_SIMILARITY} or word_similarity(${q}, lower(name_ru)) > ${NAME_SIMILARITY}
          order by greatest(word_similarity(${q}, lower(name)), word_similarity(${q}, lower(name_ru))) desc, name limit 5`,
    ),
    searchProductIds(db, q),
  ]);
  const cards = await loadCards(db, ids.slice(0, 6));
  return {
    query,
    categories,
    brands,
    products: cards.map((card) => ({
      id: card.id,
      name: card.name,
      brand: card.brand.name,
      price: card.price,
      old_price: card.old_price,
      image: (card.images.find((i) => i.is_main) ?? card.images[0])?.image ?? null,
      full_path_offer: card.full_path_offer,
    })),
  };
}
