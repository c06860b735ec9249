/**
 * The Node.js the shop runs on (issue #31 item 1): 24 LTS, and 22 from 22.18, the first release
 * that strips TypeScript types by default, so `node storefront-server/serve.ts` runs without a
 * build step (storefront-server/). Node 20 left maintenance on 30 April 2026.
 */
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

interface LockEntry {
  engines?: { node?: string } | string[];
  os?: string[];
}
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  engines: { node: string };
};
const lock = JSON.parse(readFileSync(new URL('./package-lock.json', import.meta.url), 'utf8')) as {
  packages: Record<string, LockEntry>;
};
const range = pkg.engines.node;

describe('supported Node.js (issue #31 item 1)', () => {
  it('engines admit Node 24 and Node 22 from 22.18, nothing older', () => {
    expect(semver.satisfies('24.0.0', range)).toBe(true);
    expect(semver.satisfies('22.18.0', range)).toBe(true);
    // 22.17 strips types only behind --experimental-strip-types; 20 is past its end of life.
    expect(semver.satisfies('22.17.1', range)).toBe(false);
    expect(semver.satisfies('20.19.0', range)).toBe(false);
  });

  it('every dependency npm installs on Linux accepts each supported Node (no EBADENGINE)', () => {
    const lowest = semver.minVersion(range)?.version ?? '0.0.0';
    const refused: string[] = [];
    for (const [name, entry] of Object.entries(lock.packages)) {
      const wanted = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      // The root's own range, and platform packages npm skips on Linux, are not checked by npm here.
      if (!name || !wanted || (entry.os && !entry.os.includes('linux'))) continue;
      for (const version of [lowest, '24.0.0'])
        if (!semver.satisfies(version, wanted)) refused.push(`${name} wants node ${wanted}, not ${version}`);
    }
    expect(refused).toEqual([]);
  });

  it('the Node running the tests strips types, as the storefront server needs', () => {
    expect(process.features.typescript).toBe('strip');
  });
});
