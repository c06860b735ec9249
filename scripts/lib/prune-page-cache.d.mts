/** Types of ./prune-page-cache.mjs (see its docstring). */
export const ROUTE_CACHE_DIRECTORY: string;
export function pageCacheDir(root: string, distDir?: string): string;
export function prunePageCache(dir: string, maxBytes: number): { before: number; after: number; deleted: number };
