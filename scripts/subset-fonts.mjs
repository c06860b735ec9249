#!/usr/bin/env node
/**
 * Writes the shop's Inter files (lib/fonts/*.woff2), subset with harfbuzz (`subset-font`) to what
 * the shop sets (issue #14 item 17):
 *
 * - **weights 400–700**: the variable `wght` axis is limited to the range the stylesheets use
 *   (400, 500, 600, 700; `<strong>` and headings are 700), not 100–900;
 * - **features**: kerning, ligatures, contextual alternates, marks, localised forms and tabular
 *   figures (`font-variant-numeric: tabular-nums` of prices); Inter's stylistic sets and character
 *   variants are not used;
 * - **characters**: the Cyrillic file keeps every character of fontsource's Cyrillic subset and
 *   the rouble sign ₽ of every price (spec §9); the Latin file keeps Basic Latin, Latin-1 (brand
 *   names such as "Lumière", « », ×, non-breaking space) and the general punctuation of Russian
 *   text (dashes, quotes, ellipsis, bullet, №-free symbols). A character outside both falls back to
 *   the metric-matched 'Inter Fallback' (app/globals.css), as the Latin Extended range already did.
 * - **sources**: the Latin file is fontsource's Latin file (@fontsource-variable/inter). Fontsource
 *   splits Inter by script and puts ₽ in Latin Extended, which the shop does not load, so the
 *   Cyrillic file is cut from the whole Inter 4.1 (`inter-ui`, a devDependency) with the optical
 *   size axis pinned at 14, the instance fontsource's `wght` files are: its Cyrillic glyphs measure
 *   the same as fontsource's (Chromium, 400/550/700), and the ₽ costs 116 bytes.
 *
 * Bytes: Latin 48.3 → 25.8 kB, Cyrillic 18.7 → 12.5 kB (docs/lighthouse.md). Both are requested
 * at the first layout of every first visit (neither is preloaded since issue #30: app/layout.tsx),
 * so on a phone's 1.6 Mbit/s these 30 kB were ~150 ms next to the LCP image.
 *
 *   node scripts/subset-fonts.mjs          # rewrite lib/fonts/ (after upgrading the fontsource package)
 *   node scripts/subset-fonts.mjs --check  # exit 1 when lib/fonts/ differs from what it would write
 *
 * `--check` runs in the unit tests (scripts/subset-fonts.test.ts), so a changed source or recipe
 * cannot ship stale files.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const source = (specifier) => require.resolve(specifier);

/** Characters from `from` to `to` (code points, inclusive). */
const range = (from, to) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)).join('');

/** The weight range the stylesheets use. */
export const WEIGHTS = { min: 400, max: 700 };

/** OpenType features kept (the rest of Inter's are stylistic options the shop does not set). */
export const FEATURES = ['ccmp', 'locl', 'mark', 'mkmk', 'kern', 'liga', 'calt', 'tnum'];

/** What each output file holds: its source font (a module path), the axes pinned besides `wght`, and the characters kept. */
export const FONTS = [
  {
    file: 'lib/fonts/inter-latin-400-700.woff2',
    source: '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
    pinnedAxes: {},
    text: range(0x20, 0x7e) + range(0xa0, 0xff) + range(0x2010, 0x2027) + range(0x2030, 0x203a) + '€™−',
  },
  {
    file: 'lib/fonts/inter-cyrillic-400-700.woff2',
    source: 'inter-ui/variable/InterVariable.woff2',
    pinnedAxes: { opsz: 14 },
    // fontsource's Cyrillic subset (U+0301, U+0400–045F, U+0490–0491, U+04B0–04B1, U+2116) and ₽.
    text: '\u0301' + range(0x400, 0x45f) + '\u0490\u0491\u04b0\u04b1\u2116\u20bd',
  },
];

/**
 * The subset file of one entry of {@link FONTS}.
 * @param {(typeof FONTS)[number]} font
 * @returns {Promise<Buffer>} WOFF2 bytes
 */
export async function subset(font) {
  return subsetFont(readFileSync(source(font.source)), font.text, {
    targetFormat: 'woff2',
    variationAxes: { wght: WEIGHTS, ...font.pinnedAxes },
    keepFeatures: FEATURES,
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes('--check');
  let stale = 0;
  for (const font of FONTS) {
    const bytes = await subset(font);
    const target = path.join(root, font.file);
    if (check) {
      let current = null;
      try {
        current = readFileSync(target);
      } catch {
        // missing: stale
      }
      if (!current?.equals(bytes)) {
        stale += 1;
        console.error(`${font.file} is not what scripts/subset-fonts.mjs writes: run it`);
      }
      continue;
    }
    writeFileSync(target, bytes);
    console.log(
      `${font.file}: ${(readFileSync(source(font.source)).length / 1024).toFixed(1)} → ${(bytes.length / 1024).toFixed(1)} kB`,
    );
  }
  process.exit(stale ? 1 : 0);
}
