import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pageCacheDir, prunePageCache, ROUTE_CACHE_DIRECTORY } from './prune-page-cache.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'page-cache-'));
  dirs.push(dir);
  return dir;
}

function write(file: string, bytes: number, ageS: number) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, 'x'.repeat(bytes));
  const t = Date.now() / 1000 - ageS;
  utimesSync(file, t, t);
}

describe('prunePageCache (issue #7 page cache size bound)', () => {
  it('deletes the oldest pages first until the cache fits, keeping the newest', () => {
    const dir = tempDir();
    ['old', 'mid', 'new'].forEach((name, i) =>
      write(path.join(dir, 'a', 'kupalniki', `${name}.html`), 1000, 300 - i * 100),
    );
    expect(prunePageCache(dir, 2000)).toEqual({ before: 3000, after: 2000, deleted: 1 });
    expect(readdirSync(path.join(dir, 'a', 'kupalniki')).sort()).toEqual(['mid.html', 'new.html']);
    expect(prunePageCache(dir, 2000).deleted).toBe(0);
  });

  it('treats a missing folder as an empty cache', () => {
    expect(prunePageCache(path.join(tmpdir(), 'no-such-page-cache-folder'), 0)).toEqual({
      before: 0,
      after: 0,
      deleted: 0,
    });
  });
});

describe('page cache folder of Next 16 (issue #12 item 13)', () => {
  it('is the folder Next writes run-time cached pages to, not .next/server/app/cached', () => {
    // Next's own constant: the test fails when an upgrade moves the folder again.
    const require = createRequire(import.meta.url);
    const { ROUTE_CACHE_DIRECTORY: nexts } = require('next/dist/server/lib/route-cache-key.js');
    expect(ROUTE_CACHE_DIRECTORY).toBe(nexts);
    expect(pageCacheDir('/srv/shop')).toBe(path.join('/srv/shop', '.next', 'server', 'route-cache'));
    // Issue #17 item 7: the e2e build (NEXT_DIST_DIR=.next-test) prunes its own pages, not the shop's.
    expect(pageCacheDir('/srv/shop', '.next-test')).toBe(path.join('/srv/shop', '.next-test', 'server', 'route-cache'));
  });

  it('deletes a page entry whole (html, rsc, meta, segments) and the folders it leaves empty', () => {
    const root = tempDir();
    const dir = pageCacheDir(root);
    const page = (key: string, ageS: number) => {
      const base = path.join(dir, 'APP_PAGE', 'd0370dc5', '$', 'cached', key, 'kupalniki');
      write(`${base}.html`, 400, ageS);
      write(`${base}.rsc`, 300, ageS);
      write(`${base}.meta`, 100, ageS);
      write(path.join(`${base}.segments`, '_tree.segment.rsc'), 100, ageS);
      write(path.join(`${base}.segments`, 'todo-remove-fake-segment', '__PAGE__.segment.rsc'), 100, ageS);
    };
    page('YnJhbmQ9enoxMjM', 600); // 1,000 bytes, oldest
    page('LQ', 60);
    expect(prunePageCache(dir, 1500)).toEqual({ before: 2000, after: 1000, deleted: 1 });
    expect(existsSync(path.join(dir, 'APP_PAGE', 'd0370dc5', '$', 'cached', 'YnJhbmQ9enoxMjM'))).toBe(false);
    expect(readdirSync(path.join(dir, 'APP_PAGE', 'd0370dc5', '$', 'cached', 'LQ')).sort()).toEqual([
      'kupalniki.html',
      'kupalniki.meta',
      'kupalniki.rsc',
      'kupalniki.segments',
    ]);
  });
});
