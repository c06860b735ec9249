/** Types of ./next-cache-handler-local.mjs for the tests: Next's incremental cache handler shape. */
interface CacheEntry {
  lastModified: number;
  value: { kind: string; [key: string]: unknown } | null;
}

declare const LocalCacheHandler: new (ctx: Record<string, unknown>) => {
  get(key: string, ctx: Record<string, unknown>): Promise<CacheEntry | null>;
  set(key: string, data: Record<string, unknown> | null, ctx: Record<string, unknown>): Promise<void>;
  revalidateTag(tags: string | string[], durations?: { expire?: number }): Promise<void>;
};
export default LocalCacheHandler;
