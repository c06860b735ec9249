/**
 * V8's explicit compile hints for the build's client chunks (issue #14 item 17, docs/lighthouse.md
 * "Compile hints"). A script that starts with the magic comment `//# allFunctionsCalledOnLoad` has
 * all its functions compiled eagerly, on the background thread that streams the script while it
 * downloads, instead of lazily on the main thread the first time each one is called (Chrome 136+;
 * v8.dev/blog/explicit-compile-hints; other browsers ignore the comment, it is a plain comment).
 * The shop's chunks run almost all of their functions at start-up (module factories, React DOM's
 * hydration, the router), and that lazy compiling was most of the ~170 ms long task (at 4× CPU)
 * in which a page hydrates.
 *
 * Run after `next build` by `prepareStaticFiles` (storefront-server/precompressed-static.ts), before the
 * compressed copies are written, so the copies carry it too.
 */
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The magic comment, first line of a hinted chunk. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Puts {@link COMPILE_HINT} on the first line of every `.js` file under `dir` (recursively) that
 * does not start with it yet; a second call changes nothing. Other files (`.css`, `.map`, the
 * `.br`/`.gz` copies) are left alone.
 * @param dir `{distDir}/static/chunks`
 * @returns JavaScript files seen, and how many got the hint now
 * @throws when `dir` cannot be read or a file cannot be rewritten (the build is then unusable)
 */
export function addCompileHints(dir: string): { files: number; hinted: number } {
  const totals = { files: 0, hinted: 0 };
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
    const file = path.join(entry.parentPath, entry.name);
    totals.files += 1;
    const body = readFileSync(file, 'utf8');
    if (body.startsWith(COMPILE_HINT)) continue;
    // Written aside and renamed: a server reading the folder never sees half a chunk.
    writeFileSync(`${file}.tmp`, `${COMPILE_HINT}\n${body}`);
    renameSync(`${file}.tmp`, file);
    totals.hinted += 1;
  }
  return totals;
}
