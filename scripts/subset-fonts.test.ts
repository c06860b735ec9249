import { readFileSync } from 'node:fs';
import path from 'node:path';
// @ts-expect-error fontverter ships no types: convert(buffer, 'sfnt') → Promise<Buffer>
import fontverter from 'fontverter';
import { Blob, Face } from 'harfbuzzjs';
import { describe, expect, it } from 'vitest';
import { FONTS, subset } from './subset-fonts.mjs';

const root = path.resolve(__dirname, '..');

async function open(file: string) {
  const sfnt: Buffer = await fontverter.convert(readFileSync(path.join(root, file)), 'sfnt');
  const face = new Face(new Blob(new Uint8Array(sfnt)), 0);
  return { face, unicodes: new Set<number>(face.collectUnicodes()) };
}

const codes = (text: string) => Array.from(text, (c) => c.codePointAt(0)!);

describe('Inter subsets (scripts/subset-fonts.mjs, issue #14 item 17)', () => {
  it('lib/fonts holds exactly what the script writes from the installed source fonts', async () => {
    for (const font of FONTS) expect((await subset(font)).equals(readFileSync(path.join(root, font.file)))).toBe(true);
  });

  it('the Latin face sets prices, brand names and Russian punctuation; the Cyrillic face all of Russian', async () => {
    const latin = await open('lib/fonts/inter-latin-400-700.woff2');
    for (const c of codes('0123456789 Lumière Beach — «Купальник» 1\u00a0990 × 2 … “New” №')) {
      if (c >= 0x400 || c === 0x2116) continue;
      expect(latin.unicodes.has(c), `U+${c.toString(16)}`).toBe(true);
    }
    const cyrillic = await open('lib/fonts/inter-cyrillic-400-700.woff2');
    // ₽ ends every price (spec §9); fontsource has it only in Latin Extended, which is not loaded.
    for (const c of codes('АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдеёжзийклмнопрстуфхцчшщъыьэюя№₽')) {
      expect(cyrillic.unicodes.has(c), `U+${c.toString(16)}`).toBe(true);
    }
  });

  it('keeps weights 400–700 on the variable axis and tabular figures for prices', async () => {
    for (const font of FONTS) {
      const { face } = await open(font.file);
      expect(face.getAxisInfos().wght).toMatchObject({ min: 400, max: 700 });
      expect(face.getTableFeatureTags('GPOS')).toContain('kern');
    }
    // The digits are in the Latin face.
    expect((await open('lib/fonts/inter-latin-400-700.woff2')).face.getTableFeatureTags('GSUB')).toContain('tnum');
  });
});
