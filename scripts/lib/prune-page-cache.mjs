/**
 * Size bound of the on-disk page cache (issue #7, scripts/serve.mjs `PAGE_CACHE_DISK_MB`): Next
 * writes one copy of every cached catalogue page to .next/server/app/cached; the number grows with
 * the filter combinations requested, so the oldest are deleted past a size. Next treats a missing
 * file as a cache miss and renders the page again.
 */
import { readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Deletes the oldest files (by modification time) under `dir` until their total is at most
 * `maxBytes`. A missing `dir` counts as empty.
 * @param {string} dir
 * @param {number} maxBytes
 * @returns {{ before: number, after: number, deleted: number }} bytes before and after, files deleted.
 */
export function prunePageCache(dir, maxBytes) {
  const files = [];
  const walk = (folder) => {
    let entries;
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else {
        try {
          const { size, mtimeMs } = statSync(file);
          files.push({ file, size, mtimeMs });
        } catch {
          // deleted meanwhile
        }
      }
    }
  };
  walk(dir);
  const before = files.reduce((sum, f) => sum + f.size, 0);
  let total = before;
  let deleted = 0;
  files.sort((a, b) => a.mtimeMs - b.mtimeMs);
  for (const f of files) {
    if (total <= maxBytes) break;
    rmSync(f.file, { force: true });
    total -= f.size;
    deleted += 1;
  }
  return { before, after: total, deleted };
}

