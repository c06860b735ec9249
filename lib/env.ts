/**
 * Environment of the storefront: the only reader of `process.env` on the storefront side
 * (DESIGN.md conventions, 6). Validated with zod so a bad value fails loudly with a clear message.
 *
 * Server-only values: the storefront reads them in server components, `next.config.ts` and the
 * BFF; nothing here is exposed to the browser bundle.
 */
import { z } from 'zod';

const StorefrontEnvSchema = z.object({
  /** Origin of the shop API (spec §7: calls go to `{host}/api`), no trailing slash. */
  SHOP_API_URL: z
    .string()
    .url('SHOP_API_URL должен быть URL')
    .default('http://127.0.0.1:8000')
    .transform((value) => value.replace(/\/+$/, '')),
  /** Public origin of the storefront, used for canonical URLs and JSON-LD, no trailing slash. */
  SITE_URL: z
    .string()
    .url('SITE_URL должен быть URL')
    .default('http://localhost:3000')
    .transform((value) => value.replace(/\/+$/, '')),
  /**
   * Yandex Metrica counter id (digits); unset = analytics off. Passed from the layout to the client
   * island, which loads the counter only after cookie consent (DESIGN.md third parties).
   */
  YM_ID: z
    .string()
    .regex(/^\d{4,12}$/, 'YM_ID должен состоять из цифр')
    .optional(),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Shared secret sent to the shop API as X-Shop-Bff-Secret (see server/services/client-address.ts). */
  BFF_SHARED_SECRET: z.string().min(16).optional(),
  /**
   * Secret of the revalidation webhook `POST /api/revalidate` (issue #13, docs/caching.md): the
   * embedded API's change events and a retailer's own backend send it as `Authorization: Bearer`.
   * Unset: the endpoint refuses every call (401).
   */
  REVALIDATE_SECRET: z.string().min(16, 'REVALIDATE_SECRET: не короче 16 символов').optional(),
  /**
   * Longest time (s) a cached catalogue answer is used without a revalidation call (issue #13,
   * docs/caching.md): the safety net behind the change events; lower it for a backend that never
   * calls the webhook. Cached pages re-render at least every 60 s on top of it.
   */
  CATALOG_MAX_STALE_S: z.coerce.number().int().min(1).max(86_400).default(300),
  /**
   * Memory (MB) each storefront process keeps of Next's page and data cache (`cacheMaxMemorySize`);
   * the rest is read from `.next/server/route-cache` on disk. Issue #12 item 15: a crawler's burst
   * of new URLs (each search word is a page of its own) fills it, and it does not shrink
   * afterwards: 64 MB, not Next's 50 MB default nor the 256 MB before (docs/decisions.md). Ignored
   * with REDIS_URL (no copy).
   */
  PAGE_CACHE_MEMORY_MB: z.coerce.number().int().min(0).max(4096).default(64),
  /**
   * Yandex Maps JS API key of CDEK's pickup-point widget (issue #14 item 13). Set, and the API on
   * CDEK: /basket/delivery shows the map and the CSP allows it. Unset: a searchable list only.
   */
  CDEK_WIDGET_MAPS_KEY: z
    .string()
    .regex(/^[\w-]{8,64}$/, 'CDEK_WIDGET_MAPS_KEY: ключ Яндекс Карт')
    .optional(),
});

export type StorefrontEnv = z.infer<typeof StorefrontEnvSchema>;

/**
 * Parses an environment record (defaults to `process.env`).
 * @throws Error listing every invalid variable.
 */
export function readStorefrontEnv(source: Record<string, string | undefined> = process.env): StorefrontEnv {
  const parsed = StorefrontEnvSchema.safeParse({
    SHOP_API_URL: source.SHOP_API_URL || undefined,
    SITE_URL: source.SITE_URL || undefined,
    YM_ID: source.YM_ID || source.NEXT_PUBLIC_YM_ID || undefined,
    NODE_ENV: source.NODE_ENV || undefined,
    BFF_SHARED_SECRET: source.BFF_SHARED_SECRET || undefined,
    REVALIDATE_SECRET: source.REVALIDATE_SECRET || undefined,
    CATALOG_MAX_STALE_S: source.CATALOG_MAX_STALE_S || undefined,
    PAGE_CACHE_MEMORY_MB: source.PAGE_CACHE_MEMORY_MB || undefined,
    CDEK_WIDGET_MAPS_KEY: source.CDEK_WIDGET_MAPS_KEY || undefined,
  });
  if (!parsed.success) {
    throw new Error(`Invalid storefront environment: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}

/** The storefront environment, parsed once per process. */
export const env: StorefrontEnv = readStorefrontEnv();
