/**
 * Makes app/favicon.ico (16, 32 and 48 px PNGs in one ICO) and app/apple-icon.png (180×180, the
 * publisher logo of the articles' JSON-LD) from app/icon.svg, the shop's emblem (the sun and wave
 * of its logo, server/services/product-image.ts renderLogoSvg). Issue #34 item 10: /favicon.ico
 * was a 404. Run after changing app/icon.svg: `node scripts/make-icons.mjs`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';

const svg = readFileSync(new URL('../app/icon.svg', import.meta.url));
const SIZES = [16, 32, 48];
const pngs = await Promise.all(
  SIZES.map((size) =>
    sharp(svg, { density: 384 }).resize(size, size).png({ compressionLevel: 9, palette: true }).toBuffer(),
  ),
);
// ICO: a 6-byte ICONDIR, a 16-byte ICONDIRENTRY per image, then the PNGs (PNG-in-ICO, Windows Vista+).
const header = Buffer.alloc(6);
header.writeUInt16LE(1, 2);
header.writeUInt16LE(SIZES.length, 4);
let offset = header.length + 16 * SIZES.length;
const entries = SIZES.map((size, i) => {
  const entry = Buffer.alloc(16);
  entry.writeUInt8(size, 0);
  entry.writeUInt8(size, 1);
  entry.writeUInt16LE(1, 4);
  entry.writeUInt16LE(32, 6);
  entry.writeUInt32LE(pngs[i].length, 8);
  entry.writeUInt32LE(offset, 12);
  offset += pngs[i].length;
  return entry;
});
writeFileSync(new URL('../app/favicon.ico', import.meta.url), Buffer.concat([header, ...entries, ...pngs]));
await sharp(svg, { density: 1152 })
  .resize(180, 180)
  .flatten({ background: '#fff' })
  .png({ compressionLevel: 9 })
  .toFile(new URL('../app/apple-icon.png', import.meta.url).pathname);
