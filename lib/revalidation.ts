/**
 * The storefront's revalidation webhook (issue #13, docs/caching.md): `POST /api/revalidate` with
 * `Authorization: Bearer <REVALIDATE_SECRET>` and `{"tags": [...], "paths": [...]}` expires the
 * named cache tags (and page paths) at once, in every storefront process. The embedded API calls
 * it from its change events; a retailer's own backend (SHOP_API_URL) calls it the same way when
 * its prices or stock change.
 *
 * Tags are the ones the storefront's fetchers set (features/*\/api): `product:<pk>`, `listings`,
 * `catalog`, `category:<path>`, `offers:<path>`, `facets:<path>`, `landing:<slug>`,
 * `offers-list:<type>`, `search`, `brands`, `preview-categories`, `seo`, `content`, `banners`,
 * `organization`, `gift-cards`, `sitemap`. Unknown tags are ignored (counted, never logged with
 * their text). Paths are for pages outside the catalogue (info pages); catalogue pages are reached
 * by their tags.
 */
import 'server-only';
import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/** A tag the storefront knows. */
export const KNOWN_TAG =
  /^(catalog|listings|brands|preview-categories|seo|content|banners|organization|gift-cards|sitemap|search|product:\d{1,10}|(category|offers|facets):[a-z0-9_/-]{1,200}|landing:[a-z0-9_-]{1,100}|offers-list:[a-z0-9_-]{1,50})$/;

/** Most tags and paths one call may name. */
export const MAX_ITEMS = 5000;

/** Russian messages of the webhook's own answers. */
export const REVALIDATION_MESSAGES = {
  unauthorized: 'Неверный или отсутствующий ключ ревалидации',
  badBody: 'Ожидается JSON {"tags": [...], "paths": [...]}',
} as const;

const Body = z
  .object({
    tags: z.array(z.string().max(256)).max(MAX_ITEMS).optional(),
    paths: z.array(z.string().max(512)).max(MAX_ITEMS).optional(),
  })
  .strict();

/** A parsed call: what will be expired, and how many named items were ignored as unknown. */
export interface Revalidation {
  tags: string[];
  paths: string[];
  ignored: number;
}

/**
 * Validates a webhook body.
 * @returns null for a malformed body (the endpoint answers 400).
 */
export function parseRevalidation(body: unknown): Revalidation | null {
  const parsed = Body.safeParse(body);
  if (!parsed.success) return null;
  const tags = [...new Set(parsed.data.tags ?? [])];
  const paths = [...new Set(parsed.data.paths ?? [])];
  const knownTags = tags.filter((t) => KNOWN_TAG.test(t));
  const knownPaths = paths.filter((p) => /^\/[^\s?#]*$/.test(p) && !p.startsWith('//'));
  return {
    tags: knownTags,
    paths: knownPaths,
    ignored: tags.length - knownTags.length + paths.length - knownPaths.length,
  };
}

/** Whether an Authorization header carries the secret (constant time). False without a secret. */
export function hasSecret(authorization: string | null, secret: string | undefined): boolean {
  if (!secret || !authorization) return false;
  const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
  if (!match) return false;
  const a = Buffer.from(match[1]!);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Gathers the calls of a short window into one (a flood of webhooks becomes one expiry per tag,
 * not one per call). The first call of a window is its leader: {@link add} resolves for it after
 * `windowMs` with everything gathered; the others resolve at once with null (nothing to do).
 */
export class RevalidationBatcher {
  private pending: { tags: Set<string>; paths: Set<string> } | null = null;

  constructor(private readonly windowMs = 100) {}

  /** @returns the window's union for its leader, null for a follower. */
  async add(tags: readonly string[], paths: readonly string[]): Promise<{ tags: string[]; paths: string[] } | null> {
    if (this.pending) {
      for (const t of tags) this.pending.tags.add(t);
      for (const p of paths) this.pending.paths.add(p);
      return null;
    }
    const batch = { tags: new Set(tags), paths: new Set(paths) };
    this.pending = batch;
    await new Promise((resolve) => setTimeout(resolve, this.windowMs));
    this.pending = null;
    return { tags: [...batch.tags], paths: [...batch.paths] };
  }
}

/** IPC message type a worker sends its siblings (through the cluster primary, storefront-server/serve.ts). */
export const FANOUT_MESSAGE = 'storefront:revalidate';
/** Header of a call that is itself a fan-out (not sent on again). */
export const FANOUT_HEADER = 'x-revalidate-fanout';
