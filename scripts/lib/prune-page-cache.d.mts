/** Types of ./prune-page-cache.mjs (see its docstring). */
export function prunePageCache(dir: string, maxBytes: number): { before: number; after: number; deleted: number };
