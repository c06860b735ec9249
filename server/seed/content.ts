/**
 * Inserts the content of the demo shop (info pages, news, blog, banners, Instagram posts; spec §2
 * static pages, §7 Content) inside the seed transaction of `seedDatabase`.
 */
import { CONSENT_PAGE_PATH } from '@/lib/messages/consent';
import { articles, banners, infoPages, instagramPosts } from '../db/schema';
import { BANNERS, BLOG, INSTAGRAM_POSTS, NEWS } from './content-articles';
import { INFO_PAGES } from './content-pages';
import type { Db } from '../db/client';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Row counts inserted by `seedContent`. */
export interface ContentSeedSummary {
  infoPages: number;
  articles: number;
  banners: number;
  instagramPosts: number;
}

/** Fixed "last edited" date of the seeded info pages (determinism: no Date.now). */
const PAGES_UPDATED_AT = new Date(Date.UTC(2026, 2, 1, 9));

/**
 * Inserts every content row in `tx` (the caller's transaction, so a failure rolls back the whole
 * seed). Deterministic: the same rows on every run.
 */
export async function seedContent(tx: Tx): Promise<ContentSeedSummary> {
  await tx
    .insert(infoPages)
    .values(INFO_PAGES.map((p) => ({ ...p, format: 'markdown' as const, updatedAt: PAGES_UPDATED_AT })));
  const allArticles = [...NEWS, ...BLOG];
  await tx.insert(articles).values(allArticles.map((a) => ({ ...a, format: 'markdown' as const })));
  await tx.insert(banners).values(BANNERS.map((b, i) => ({ ...b, sort: i })));
  await tx.insert(instagramPosts).values([...INSTAGRAM_POSTS]);
  return {
    infoPages: INFO_PAGES.length,
    articles: allArticles.length,
    banners: BANNERS.length,
    instagramPosts: INSTAGRAM_POSTS.length,
  };
}

/** Info pages the shop cannot work without (issue #29: the forms link the consent page). */
const REQUIRED_PAGES = [CONSENT_PAGE_PATH];

/**
 * Inserts the required info pages that a database seeded before they existed lacks; an existing
 * page, edited or not, is left alone (idempotent, no migration needed). `seedDatabase` runs it at
 * every start.
 * @returns how many pages it added.
 */
export async function ensureRequiredPages(db: Db): Promise<number> {
  const pages = INFO_PAGES.filter((p) => REQUIRED_PAGES.includes(p.path));
  if (pages.length === 0) return 0;
  const added = await db
    .insert(infoPages)
    .values(pages.map((p) => ({ ...p, format: 'markdown' as const, updatedAt: PAGES_UPDATED_AT })))
    .onConflictDoNothing({ target: infoPages.path })
    .returning({ id: infoPages.id });
  return added.length;
}
