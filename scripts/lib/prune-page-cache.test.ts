import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { prunePageCache } from './prune-page-cache.mjs';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('prunePageCache (issue #7 page cache size bound)', () => {
  it('deletes the oldest pages first until the cache fits, keeping the newest', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'page-cache-'));
    dirs.push(dir);
    mkdirSync(path.join(dir, 'a', 'kupalniki'), { recursive: true });
    const now = Date.now() / 1000;
    ['old', 'mid', 'new'].forEach((name, i) => {
      const file = path.join(dir, 'a', 'kupalniki', `${name}.html`);
      writeFileSync(file, 'x'.repeat(1000));
      utimesSync(file, now - 300 + i * 100, now - 300 + i * 100);
    });
    expect(prunePageCache(dir, 2000)).toEqual({ before: 3000, after: 2000, deleted: 1 });
    expect(readdirSync(path.join(dir, 'a', 'kupalniki')).sort()).toEqual(['mid.html', 'new.html']);
    expect(prunePageCache(dir, 2000).deleted).toBe(0);
  });

  it('treats a missing folder as an empty cache', () => {
    expect(prunePageCache(path.join(tmpdir(), 'no-such-page-cache-folder'), 0)).toEqual({ before: 0, after: 0, deleted: 0 });
  });
});
