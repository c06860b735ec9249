/**
 * Size bound of the on-disk page cache (issue #7, issue #12 item 13; storefront-server/serve.ts
 * `PAGE_CACHE_DISK_MB`). Next 16 writes every page it caches at run time (ISR: the cached
 * catalogue, product and search pages of proxy.ts) under `.next/server/route-cache/{kind}/{sha256
 * of the route}/$/{path}`, one entry per path and query key: `{path}.html` (the page; Next's
 * "publication marker", written last), `{path}.rsc`, `{path}.meta` and a `{path}.segments/` folder.
 * (Before Next 16.4 they went to `.next/server/app/…`, which this module used to prune while the
 * real folder grew to 1.2 GB.) The number of entries grows with the paths and filter combinations
 * requested, so the least recently written entries are deleted past a size. Next treats an entry
 * without its `.html` as a miss and renders the page again; build output (`.next/server/app`) is
 * never touched.
 */
import { readdirSync, rmdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

/** Next's folder of run-time cached pages, under `.next/server` (next/dist/server/lib/route-cache-key.js). */
export const ROUTE_CACHE_DIRECTORY = 'route-cache';

/**
 * The folder Next writes run-time cached pages to.
 * @param root the app's folder (holding `.next`)
 * @param distDir Next's build folder relative to `root` (next.config.ts distDir)
 * @returns `{root}/{distDir}/server/route-cache`
 */
export function pageCacheDir(root: string, distDir: string = '.next'): string {
  return path.join(root, distDir, 'server', ROUTE_CACHE_DIRECTORY);
}

/** Suffixes of one entry's files; the first ones are primaries (deleted first). */
const PRIMARY = ['.html', '.body'];
const SUFFIXES = [...PRIMARY, '.rsc', '.meta', '.json'];
const SEGMENTS = '.segments';

/** The entry a file belongs to: its path without the entry suffix (or the segments folder's). */
function entryStem(relative: string): string {
  const parts = relative.split(path.sep);
  const seg = parts.findIndex((p) => p.endsWith(SEGMENTS));
  if (seg !== -1)
    return parts
      .slice(0, seg + 1)
      .join(path.sep)
      .slice(0, -SEGMENTS.length);
  const suffix = SUFFIXES.find((s) => relative.endsWith(s));
  return suffix ? relative.slice(0, -suffix.length) : relative;
}

/**
 * Deletes the least recently written cache entries under `dir` until their files total at most
 * `maxBytes`. An entry (a page's `.html`, `.rsc`, `.meta`, `.body`, `.json` and `.segments/`
 * files) is deleted whole, its `.html`/`.body` first so no reader sees half an entry; its age is
 * that of its newest file. Folders left empty are removed. A missing `dir` counts as empty.
 * @param dir e.g. `pageCacheDir(root)`
 * @returns bytes before and after, entries deleted.
 */
export function prunePageCache(dir: string, maxBytes: number): { before: number; after: number; deleted: number } {
  const entries: Map<string, { files: { file: string; size: number }[]; size: number; mtimeMs: number }> = new Map();
  const folders: string[] = [];
  const walk = (folder: string) => {
    let list;
    try {
      list = readdirSync(folder, { withFileTypes: true });
    } catch {
      return;
    }
    for (const item of list) {
      const file = path.join(folder, item.name);
      if (item.isDirectory()) {
        folders.push(file);
        walk(file);
        continue;
      }
      let stat;
      try {
        stat = statSync(file);
      } catch {
        continue; // deleted meanwhile
      }
      const stem = entryStem(path.relative(dir, file));
      const entry = entries.get(stem) ?? { files: [], size: 0, mtimeMs: 0 };
      entry.files.push({ file, size: stat.size });
      entry.size += stat.size;
      entry.mtimeMs = Math.max(entry.mtimeMs, stat.mtimeMs);
      entries.set(stem, entry);
    }
  };
  walk(dir);
  const before = [...entries.values()].reduce((sum, e) => sum + e.size, 0);
  let total = before;
  let deleted = 0;
  const oldestFirst = [...entries.values()].sort((a, b) => a.mtimeMs - b.mtimeMs);
  for (const entry of oldestFirst) {
    if (total <= maxBytes) break;
    const primaryFirst = entry.files.sort(
      (a, b) => Number(!PRIMARY.some((s) => a.file.endsWith(s))) - Number(!PRIMARY.some((s) => b.file.endsWith(s))),
    );
    for (const { file } of primaryFirst) rmSync(file, { force: true });
    total -= entry.size;
    deleted += 1;
  }
  if (deleted) {
    // Deepest first, so a folder emptied by its children's removal goes too.
    for (const folder of folders.sort((a, b) => b.length - a.length)) {
      try {
        rmdirSync(folder); // fails (and stays) unless empty
      } catch {
        // not empty, or gone
      }
    }
  }
  return { before, after: total, deleted };
}
